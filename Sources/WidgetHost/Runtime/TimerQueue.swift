import ScriptCore

/// Work the host finishes later on the virtual clock: a request's answer, an
/// async API's result. It runs from the host loop like a timer (T3), so a
/// delay jumps the clock, and it is cancelled when the body settles (S4).
final class HostWork {
    /// What the work is, for messages ("GET https://…").
    let label: String
    let perform: (ScriptContext) throws(ScriptError) -> Void

    init(label: String, perform: @escaping (ScriptContext) throws(ScriptError) -> Void) {
        self.label = label
        self.perform = perform
    }
}

/// Pending virtual timers and host work of one run (T3), ordered by deadline, then by creation.
struct TimerQueue {
    enum Action {
        /// A script's timer callback, with the extra arguments `setTimeout` passes it (an array), if any.
        case callback(ProtectedValue, arguments: ProtectedValue?)
        /// Host work: a request or an async API call.
        case work(HostWork)
    }

    struct Timer {
        let id: Int
        var deadline: Double
        var sequence: Int
        let interval: Double?
        let action: Action

        var isHostWork: Bool { if case .work = action { return true } else { return false } }
    }

    private var ordered: [Timer] = []
    private var nextID = 1
    private var nextSequence = 0

    var isEmpty: Bool { ordered.isEmpty }
    var count: Int { ordered.count }
    /// Pending host work (requests and async API calls) among the entries.
    var hostWorkCount: Int { ordered.reduce(0) { $0 + ($1.isHostWork ? 1 : 0) } }

    /// Adds a timer due `delay` ms after `now`; `repeating` timers re-arm after each firing.
    mutating func add(callback: ProtectedValue, arguments: ProtectedValue? = nil, now: Double, delay: Double, repeating: Bool) -> Int {
        let id = nextID
        nextID += 1
        insert(Timer(
            id: id, deadline: now + delay, sequence: 0, interval: repeating ? delay : nil,
            action: .callback(callback, arguments: arguments)))
        return id
    }

    /// Adds host work due `delay` ms after `now`.
    mutating func add(work: HostWork, now: Double, delay: Double) {
        let id = nextID
        nextID += 1
        insert(Timer(id: id, deadline: now + max(0, delay), sequence: 0, interval: nil, action: .work(work)))
    }

    /// Cancels a script's timer; host work cannot be cancelled by a timer id.
    mutating func cancel(id: Int) {
        ordered.removeAll { $0.id == id && !$0.isHostWork }
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
