import Blocking
import Testing

/// Work forked beside synchronous code gives its value to the join, and joins from more tasks of the
/// cooperative pool than it has threads all end (a join takes back work the pool has not started).
@Suite struct ForkedWorkTests {
    @Test func theJoinGivesTheWorksValue() {
        let fork = ForkedWork { (1...100).reduce(0, +) }
        #expect(fork.join() == 5050)
    }

    @Test func joinsFromManyPoolTasksAllEnd() async {
        let sum = await withTaskGroup(of: Int.self) { group in
            for n in 0..<64 { group.addTask { ForkedWork { n * 2 }.join() } }
            return await group.reduce(0, +)
        }
        #expect(sum == (0..<64).reduce(0) { $0 + 2 * $1 })
    }
}
