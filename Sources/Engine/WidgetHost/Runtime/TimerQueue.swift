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

/// Pending virtual timers and host work of one run (T3), ordered by deadline, then by creation
/// (a repeating timer re-armed counts as created when it re-arms), on the package's one
/// ``DeadlineQueue``.
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
        let interval: Double?
        let action: Action

        var isHostWork: Bool { if case .work = action { return true } else { return false } }
    }

    private var queue = DeadlineQueue<Double, Timer>()
    /// Where each waiting script timer is in the queue, by its id (for `clearTimeout`).
    private var scriptTimers: [Int: DeadlineQueue<Double, Timer>.Key] = [:]
    private var nextID = 1
    /// Pending host work (requests and async API calls) among the entries.
    private(set) var hostWorkCount = 0

    var isEmpty: Bool { queue.isEmpty }
    var count: Int { queue.count }

    /// Adds a timer due `delay` ms after `now`; `repeating` timers re-arm after each firing.
    mutating func add(callback: ProtectedValue, arguments: ProtectedValue? = nil, now: Double, delay: Double, repeating: Bool) -> Int {
        let id = nextID
        nextID += 1
        insert(Timer(id: id, deadline: now + delay, interval: repeating ? delay : nil, action: .callback(callback, arguments: arguments)))
        return id
    }

    /// Adds host work due `delay` ms after `now`.
    mutating func add(work: HostWork, now: Double, delay: Double) {
        let id = nextID
        nextID += 1
        insert(Timer(id: id, deadline: now + max(0, delay), interval: nil, action: .work(work)))
    }

    /// Cancels a script's timer; host work cannot be cancelled by a timer id.
    mutating func cancel(id: Int) {
        guard let key = scriptTimers.removeValue(forKey: id) else { return }
        queue.remove(key)
    }

    /// Removes and returns the next due timer; a repeating one is put back for its next deadline.
    mutating func popNext() -> Timer? {
        guard let timer = queue.popFirst()?.element else { return nil }
        if timer.isHostWork {
            hostWorkCount -= 1
        } else {
            scriptTimers[timer.id] = nil
        }
        if let interval = timer.interval {
            var again = timer
            again.deadline += max(interval, 1)
            insert(again)
        }
        return timer
    }

    mutating func removeAll() {
        queue.removeAll()
        scriptTimers.removeAll()
        hostWorkCount = 0
    }

    private mutating func insert(_ timer: Timer) {
        let key = queue.insert(timer, at: timer.deadline)
        if timer.isHostWork { hostWorkCount += 1 } else { scriptTimers[timer.id] = key }
    }
}
