import TestSupport
import Testing
import VectorTiles

@Suite struct LRUCacheTests {
    @Test func evictsTheLeastRecentlyUsed() {
        let cache = LRUCache<String, Int>(capacity: 3)
        cache["a"] = 1
        cache["b"] = 2
        cache["c"] = 3
        #expect(cache.keysByRecency == ["c", "b", "a"])
        cache["d"] = 4
        #expect(cache["a"] == nil, "a was least recently used")
        #expect(cache.count == 3)
        #expect(cache.keysByRecency == ["d", "c", "b"])
    }

    @Test func readingRefreshesRecency() {
        let cache = LRUCache<Int, String>(capacity: 3)
        cache[1] = "one"
        cache[2] = "two"
        cache[3] = "three"
        #expect(cache[1] == "one")
        cache[4] = "four"
        #expect(cache.keysByRecency == [4, 1, 3])
        #expect(cache.peek(2) == nil)
        // peek does not refresh.
        #expect(cache.peek(3) == "three")
        cache[5] = "five"
        #expect(cache.keysByRecency == [5, 4, 1])
    }

    @Test func updatingReplacesAndRefreshes() {
        let cache = LRUCache<Int, Int>(capacity: 2)
        cache[1] = 10
        cache[2] = 20
        cache[1] = 11
        #expect(cache.count == 2)
        cache[3] = 30
        #expect(cache[1] == 11)
        #expect(cache[2] == nil)
    }

    @Test func removalAndReuseOfSlots() {
        let cache = LRUCache<Int, Int>(capacity: 3)
        cache[1] = 1
        cache[2] = 2
        cache[3] = 3
        cache[2] = nil
        #expect(cache.count == 2)
        #expect(cache.removeValue(forKey: 1) == 1)
        #expect(cache.removeValue(forKey: 1) == nil)
        cache[4] = 4
        cache[5] = 5
        #expect(cache.keysByRecency == [5, 4, 3])
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.keysByRecency.isEmpty)
        cache[6] = 6
        #expect(cache[6] == 6)
    }

    @Test func capacityZeroAndOne() {
        let none = LRUCache<Int, Int>(capacity: 0)
        none[1] = 1
        #expect(none.count == 0)
        #expect(none[1] == nil)
        let one = LRUCache<Int, Int>(capacity: 1)
        one[1] = 1
        one[2] = 2
        #expect(one.keysByRecency == [2])
        #expect(one[1] == nil)
    }

    /// Random operations checked against a brute-force recency list.
    @Test func matchesAReferenceModel() {
        var rng = SeededGenerator(seed: 42)
        let cache = LRUCache<Int, Int>(capacity: 8)
        var model: [(key: Int, value: Int)] = []  // most recent first
        for step in 0..<5_000 {
            let key = Int.random(in: 0..<20, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
                if let expected { model.insert(expected, at: 0) }
                #expect(cache[key] == expected?.value, "step \(step)")
            case 4..<9:
                model.removeAll { $0.key == key }
                model.insert((key, step), at: 0)
                if model.count > 8 { model.removeLast() }
                cache[key] = step
            default:
                model.removeAll { $0.key == key }
                cache[key] = nil
            }
            if cache.keysByRecency != model.map(\.key) {
                Issue.record("diverged at step \(step)")
                return
            }
        }
    }
}
