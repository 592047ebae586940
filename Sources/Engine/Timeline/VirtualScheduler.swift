import WidgetHost

/// Identifies one task handed to a ``VirtualScheduler``; pass it to
/// ``VirtualScheduler/cancel(_:)`` to withdraw the task before it runs.
public struct ScheduledTaskID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The insertion number: the n-th task scheduled on its scheduler has value n (from 0).
    public let value: UInt64

    /// Orders identifiers by insertion.
    public static func < (lhs: ScheduledTaskID, rhs: ScheduledTaskID) -> Bool { lhs.value < rhs.value }

    /// "task#n".
    public var description: String { "task#\(value)" }
}

/// A task that was still waiting when ``VirtualScheduler/cancelAll()`` withdrew it.
public struct CancelledTask: Hashable, Sendable {
    /// The identifier ``VirtualScheduler/schedule(at:_:)`` returned.
    public let id: ScheduledTaskID
    /// The virtual time (epoch milliseconds) at which it would have run.
    public let deadline: Int64
}

/// A virtual clock with a queue of tasks, modelled on swift-nio's `EmbeddedEventLoop`.
///
/// Time is epoch milliseconds and moves only when you call ``advance(to:)``,
/// ``advance(by:)`` or ``runUntilIdle()``: nothing here reads the wall clock, so a
/// simulated day costs as much as the tasks in it, not a day.
///
/// Tasks run in the order of their deadline, and tasks that share a deadline run in
/// the order they were scheduled, so every run is deterministic. **Before each task
/// runs, ``now`` is set to that task's deadline.** A task may schedule or cancel other
/// tasks; a task it schedules at or before the target of the current `advance` runs
/// in the same call.
///
/// **Not thread-safe.** A scheduler belongs to the code that made it; it is neither
/// `Sendable` nor meant to be shared.
public final class VirtualScheduler {
    /// The waiting tasks, on the package's one ordering of virtual time (deadline, then insertion).
    private var queue = Queue()
    private typealias Queue = DeadlineQueue<Int64, () -> Void>

    /// The current virtual time, epoch milliseconds.
    public private(set) var now: Int64

    /// Creates a scheduler whose clock reads `now`.
    ///
    /// - Parameter now: The starting virtual time, epoch milliseconds.
    public init(now: Int64) {
        self.now = now
    }

    /// How many tasks are waiting (cancelled ones excluded).
    public var pendingCount: Int { queue.count }

    /// The deadline of the next task that would run, or `nil` when none is waiting.
    public var nextDeadline: Int64? { queue.first()?.deadline }

    /// Queues `task` to run when the clock reaches `deadline`.
    ///
    /// A deadline earlier than ``now`` is treated as ``now``: the task runs at the next
    /// `advance` or ``runUntilIdle()``, and the clock does not move back.
    ///
    /// - Parameters:
    ///   - deadline: Virtual time, epoch milliseconds.
    ///   - task: The work; it runs at most once, with ``now`` equal to its deadline.
    /// - Returns: An identifier for ``cancel(_:)``.
    @discardableResult
    public func schedule(at deadline: Int64, _ task: @escaping () -> Void) -> ScheduledTaskID {
        ScheduledTaskID(value: queue.insert(task, at: max(deadline, now)).value)
    }

    /// Withdraws a waiting task.
    ///
    /// - Parameter id: What ``schedule(at:_:)`` returned.
    /// - Returns: `true` when the task was waiting and will now never run; `false` when it
    ///   already ran, was already cancelled, or is unknown.
    @discardableResult
    public func cancel(_ id: ScheduledTaskID) -> Bool {
        queue.remove(Queue.Key(value: id.value))
    }

    /// Runs every task due at or before `deadline`, in order, then sets ``now`` to
    /// `deadline`. If `deadline` is before ``now``, the tasks due at ``now`` still run
    /// but the clock does not move back.
    ///
    /// - Parameter deadline: The target virtual time, epoch milliseconds.
    /// - Returns: How many tasks ran.
    @discardableResult
    public func advance(to deadline: Int64) -> Int {
        let target = max(deadline, now)
        var ran = 0
        while let entry = queue.popFirst(notAfter: target) {
            now = entry.deadline
            entry.element()
            ran += 1
        }
        now = target
        return ran
    }

    /// Advances the clock by `milliseconds` (see ``advance(to:)``).
    ///
    /// - Parameter milliseconds: How far to move; a negative value runs due tasks only.
    /// - Returns: How many tasks ran.
    @discardableResult
    public func advance(by milliseconds: Int64) -> Int {
        let (target, overflow) = now.addingReportingOverflow(milliseconds)
        return advance(to: overflow ? (milliseconds > 0 ? Int64.max : Int64.min) : target)
    }

    /// Runs tasks until none is waiting; ``now`` ends at the last deadline that ran.
    ///
    /// A task that keeps scheduling successors keeps this running; use
    /// ``advance(to:)`` when the work is not known to finish.
    ///
    /// - Returns: How many tasks ran.
    @discardableResult
    public func runUntilIdle() -> Int {
        var ran = 0
        while let entry = queue.popFirst() {
            now = entry.deadline
            entry.element()
            ran += 1
        }
        return ran
    }

    /// Withdraws every waiting task, in the order they would have run, and says which
    /// they were, so the owner can report leftovers rather than drop them silently.
    ///
    /// - Returns: The withdrawn tasks, earliest first.
    @discardableResult
    public func cancelAll() -> [CancelledTask] {
        var left: [CancelledTask] = []
        while let entry = queue.popFirst() {
            left.append(CancelledTask(id: ScheduledTaskID(value: entry.key.value), deadline: entry.deadline))
        }
        return left
    }
}

@available(*, unavailable, message: "A VirtualScheduler belongs to one caller; it is not thread-safe.")
extension VirtualScheduler: Sendable {}
