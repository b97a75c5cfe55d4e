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

    @Test func costsStayWithinTheLimitEvictingTheLeastRecentlyUsed() {
        let cache = LRUCache<String, Int>(capacity: 100, costLimit: 10)
        cache.setValue(1, forKey: "a", cost: 4)
        cache.setValue(2, forKey: "b", cost: 4)
        #expect(cache["a"] == 1)  // a is now the most recent
        cache.setValue(3, forKey: "c", cost: 4)
        #expect(cache.keysByRecency == ["c", "a"] && cache.totalCost == 8)
        cache.setValue(4, forKey: "a", cost: 9)  // a replacement's cost counts, not both
        #expect(cache.keysByRecency == ["a"] && cache.totalCost == 9)
        cache.setValue(5, forKey: "huge", cost: 11)  // more than the whole limit: not kept
        #expect(cache["huge"] == nil && cache.totalCost == 9)
        cache.removeValue(forKey: "a")
        #expect(cache.totalCost == 0 && cache.count == 0)
        // Random operations against a model of the costs.
        var g = SeededGenerator(seed: 3)
        var model: [Int: Int] = [:]
        let random = LRUCache<Int, Int>(capacity: 8, costLimit: 50)
        for _ in 0..<2000 {
            let key = Int.random(in: 0..<20, using: &g), cost = Int.random(in: 0...30, using: &g)
            random.setValue(key, forKey: key, cost: cost)
            model[key] = cost
            let kept = Set(random.keysByRecency)
            model = model.filter { kept.contains($0.key) }
            #expect(random.totalCost == model.values.reduce(0, +) && random.totalCost <= 50 && random.count <= 8)
        }
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
