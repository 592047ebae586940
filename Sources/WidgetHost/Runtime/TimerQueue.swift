import ScriptCore

/// Pending virtual timers of one run (T3), ordered by deadline, then by creation.
struct TimerQueue {
    struct Timer {
        let id: Int
        var deadline: Double
        var sequence: Int
        let interval: Double?
        let callback: ProtectedValue
    }

    private var ordered: [Timer] = []
    private var nextID = 1
    private var nextSequence = 0

    var isEmpty: Bool { ordered.isEmpty }
    var count: Int { ordered.count }

    /// Adds a timer due `delay` ms after `now`; `repeating` timers re-arm after each firing.
    mutating func add(callback: ProtectedValue, now: Double, delay: Double, repeating: Bool) -> Int {
        let id = nextID
        nextID += 1
        insert(Timer(id: id, deadline: now + delay, sequence: 0, interval: repeating ? delay : nil, callback: callback))
        return id
    }

    mutating func cancel(id: Int) {
        ordered.removeAll { $0.id == id }
    }

    /// Removes and returns the next due timer; a repeating one is put back for its next deadline.
    mutating func popNext() -> Timer? {
        guard !ordered.isEmpty else { return nil }
        let timer = ordered.removeFirst()
        if let interval = timer.interval {
            var again = timer
            again.deadline += max(interval, 1)
            insert(again)
        }
        return timer
    }

    mutating func removeAll() { ordered.removeAll() }

    private mutating func insert(_ timer: Timer) {
        var timer = timer
        timer.sequence = nextSequence
        nextSequence += 1
        var low = 0
        var high = ordered.count
        while low < high {
            let mid = (low + high) / 2
            if ordered[mid].deadline <= timer.deadline { low = mid + 1 } else { high = mid }
        }
        ordered.insert(timer, at: low)
    }
}
