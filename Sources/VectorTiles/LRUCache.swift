/// A bounded least-recently-used cache with O(1) lookup, insert, update and eviction.
///
/// Entries live in flat slot arrays linked into a recency list by index (no object per entry);
/// freed slots are reused. Reading an entry through the subscript makes it the most recently
/// used; `peek` does not. When an insert would exceed `capacity`, or the entries' costs `costLimit`,
/// the least recently used entries are evicted.
///
/// Not thread-safe: the owner serialises access (for example behind a `Mutex`).
public final class LRUCache<Key: Hashable, Value> {
    /// Maximum number of entries (0 stores nothing).
    public let capacity: Int

    private var slotOfKey: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var values: [Value?] = []
    private var previous: [Int] = []
    private var next: [Int] = []
    private var freeSlots: [Int] = []
    private var costs: [Int] = []
    /// Most recently used slot, or -1.
    private var head = -1
    /// Least recently used slot, or -1.
    private var tail = -1
    /// The most the costs of the entries may add up to; the least recently used go first beyond it.
    public let costLimit: Int
    /// The costs of the entries added up.
    public private(set) var totalCost = 0

    /// A cache holding at most `capacity` entries (negative counts as 0) whose costs (given to
    /// `setValue(_:forKey:cost:)`; 0 through the subscript) add up to at most `costLimit`.
    public init(capacity: Int, costLimit: Int = .max) {
        self.capacity = max(0, capacity)
        self.costLimit = max(0, costLimit)
        slotOfKey.reserveCapacity(min(self.capacity, 4096))
    }

    /// Stores a value with its cost (bytes, say), then drops the least recently used entries until the
    /// costs fit `costLimit`. A value that alone costs more than the limit is not kept.
    public func setValue(_ value: Value, forKey key: Key, cost: Int) {
        guard cost <= costLimit else {
            removeValue(forKey: key)
            return
        }
        insert(value, forKey: key, cost: max(0, cost))
        while totalCost > costLimit, tail >= 0, let key = keys[tail] { removeValue(forKey: key) }
    }

    /// Number of entries.
    public var count: Int { slotOfKey.count }

    /// Reads (marking the entry most recently used) or writes an entry; assigning nil removes it.
    public subscript(key: Key) -> Value? {
        get {
            guard let slot = slotOfKey[key] else { return nil }
            moveToFront(slot)
            return values[slot]
        }
        set {
            if let newValue {
                insert(newValue, forKey: key, cost: 0)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The value for `key` without changing recency.
    public func peek(_ key: Key) -> Value? {
        slotOfKey[key].flatMap { values[$0] }
    }

    /// Removes and returns the value for `key`.
    @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        guard let slot = slotOfKey.removeValue(forKey: key) else { return nil }
        unlink(slot)
        totalCost -= costs[slot]
        costs[slot] = 0
        let value = values[slot]
        keys[slot] = nil
        values[slot] = nil
        freeSlots.append(slot)
        return value
    }

    /// Removes every entry (capacity is kept).
    public func removeAll() {
        slotOfKey.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        next.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        costs.removeAll(keepingCapacity: true)
        totalCost = 0
        head = -1
        tail = -1
    }

    /// Keys from most to least recently used (O(n); for tests and diagnostics).
    public var keysByRecency: [Key] {
        var result: [Key] = []
        result.reserveCapacity(count)
        var slot = head
        while slot >= 0 {
            if let key = keys[slot] { result.append(key) }
            slot = next[slot]
        }
        return result
    }

    // MARK: - Private

    private func insert(_ value: Value, forKey key: Key, cost: Int) {
        if let slot = slotOfKey[key] {
            values[slot] = value
            totalCost += cost - costs[slot]
            costs[slot] = cost
            moveToFront(slot)
            return
        }
        guard capacity > 0 else { return }
        let slot: Int
        if slotOfKey.count >= capacity {
            // Reuse the least recently used slot.
            slot = tail
            unlink(slot)
            if let old = keys[slot] { slotOfKey.removeValue(forKey: old) }
            totalCost -= costs[slot]
        } else if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = keys.count
            keys.append(nil)
            values.append(nil)
            previous.append(-1)
            next.append(-1)
            costs.append(0)
        }
        keys[slot] = key
        values[slot] = value
        costs[slot] = cost
        totalCost += cost
        slotOfKey[key] = slot
        linkAtFront(slot)
    }

    private func moveToFront(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    private func linkAtFront(_ slot: Int) {
        previous[slot] = -1
        next[slot] = head
        if head >= 0 { previous[head] = slot }
        head = slot
        if tail < 0 { tail = slot }
    }

    private func unlink(_ slot: Int) {
        let p = previous[slot]
        let n = next[slot]
        if p >= 0 { next[p] = n } else { head = n }
        if n >= 0 { previous[n] = p } else { tail = p }
        previous[slot] = -1
        next[slot] = -1
    }
}
