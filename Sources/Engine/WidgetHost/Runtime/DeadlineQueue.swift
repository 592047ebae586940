/// Entries waiting for a virtual deadline, taken earliest first; entries that share a deadline
/// come out in the order they were inserted (T3: same due time, insertion order). The one
/// ordering of virtual time in the package: a run's timers (``TimerQueue``) and the
/// simulation's scheduler (Timeline's `VirtualScheduler`) are both this queue.
///
/// A binary heap ordered by (deadline, insertion): inserting and taking the first are
/// O(log n), removing one O(1): it is marked and left in the heap until it reaches the top;
/// once marked entries outnumber live ones the heap is rebuilt without them, so a caller
/// that inserts and removes in a loop keeps at most twice its live entries.
///
/// Not thread-safe: a queue belongs to the code that made it.
public struct DeadlineQueue<Deadline: Comparable, Element> {
    /// Names one inserted entry; keys count insertions from 0, so they order entries by insertion.
    public struct Key: Hashable, Comparable, Sendable {
        /// The insertion number: the n-th entry inserted into its queue has value n (from 0).
        public let value: UInt64

        /// The key of the `value`-th insertion (from 0), as an owner that shows keys as numbers
        /// gets it back; removing with a key that names no waiting entry does nothing.
        public init(value: UInt64) { self.value = value }

        /// Orders keys by insertion.
        public static func < (lhs: Key, rhs: Key) -> Bool { lhs.value < rhs.value }
    }

    /// An entry as it comes out of the queue.
    public struct Entry {
        /// When it is due.
        public let deadline: Deadline
        /// What ``DeadlineQueue/insert(_:at:)`` returned for it.
        public let key: Key
        /// The value inserted.
        public let element: Element

        fileprivate func comesBefore(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : key < other.key
        }
    }

    private var heap: [Entry] = []
    /// The keys of the entries in the heap not yet removed.
    private var live: Set<Key> = []
    /// The keys of the entries in the heap that were removed.
    private var removed: Set<Key> = []
    private var nextKey: UInt64 = 0

    /// An empty queue.
    public init() {}

    /// How many entries are waiting (removed ones excluded).
    public var count: Int { live.count }

    /// Whether no entry is waiting.
    public var isEmpty: Bool { count == 0 }

    /// Adds `element`, due at `deadline`, after every entry already due at or before it.
    @discardableResult
    public mutating func insert(_ element: Element, at deadline: Deadline) -> Key {
        let key = Key(value: nextKey)
        nextKey += 1
        live.insert(key)
        heap.append(Entry(deadline: deadline, key: key, element: element))
        siftUp(heap.count - 1)
        return key
    }

    /// The entry that comes out next, if any, without taking it.
    public mutating func first() -> Entry? {
        dropRemovedTop()
        return heap.first
    }

    /// Takes the next entry when it is due at or before `deadline` (any, without one).
    public mutating func popFirst(notAfter deadline: Deadline? = nil) -> Entry? {
        dropRemovedTop()
        guard let top = heap.first else { return nil }
        if let deadline, deadline < top.deadline { return nil }
        return popTop()
    }

    /// Withdraws a waiting entry: `true` when it was waiting, `false` when it already came out,
    /// was already withdrawn, or was never inserted.
    @discardableResult
    public mutating func remove(_ key: Key) -> Bool {
        guard live.remove(key) != nil else { return false }
        removed.insert(key)
        if removed.count > heap.count / 2 { rebuildWithoutRemoved() }
        return true
    }

    /// Withdraws every entry.
    public mutating func removeAll() {
        heap.removeAll()
        live.removeAll()
        removed.removeAll()
    }

    /// Every waiting entry, in no particular order.
    public var waiting: [Entry] { heap.filter { live.contains($0.key) } }

    // MARK: - The heap

    private mutating func dropRemovedTop() {
        while let top = heap.first, removed.contains(top.key) {
            removed.remove(top.key)
            _ = popTop()
        }
    }

    private mutating func popTop() -> Entry {
        let top = heap[0]
        live.remove(top.key)
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return top
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].comesBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var best = parent
            if left < heap.count && heap[left].comesBefore(heap[best]) { best = left }
            if right < heap.count && heap[right].comesBefore(heap[best]) { best = right }
            if best == parent { return }
            heap.swapAt(parent, best)
            parent = best
        }
    }

    private mutating func rebuildWithoutRemoved() {
        let removed = self.removed
        heap.removeAll { removed.contains($0.key) }
        self.removed.removeAll()
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }
}
