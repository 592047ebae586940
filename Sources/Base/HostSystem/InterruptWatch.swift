import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM during a watch, taken by a thread of their own, so that they
/// always end it. The first one is noted at once (``isInterrupted``; a ``FileWatcher`` given this
/// watch returns ``FileWatcher/Event/interrupted`` from its wait), and the watch stops as it
/// does; if the process has not ended ``graceSeconds`` later (a run, a live request or a drawing
/// that goes on, a stop that waits for one), or when a second signal comes first, `leaving` says
/// what was left and the process ends with exit status 0.
///
/// The signals must be blocked in every thread (``FileWatcher/blockInterrupts()`` before any
/// thread starts), so that only this thread takes them; nothing runs in a signal handler.
public final class InterruptWatch: Sendable {
    /// Seconds a watch has, from the first signal, to stop on its own.
    public static let graceSeconds = 3

    private final class Flags: Sendable {
        let interrupted = Atomic<Bool>(false)
        /// Set once: by ``end()`` (the watch stopped on its own) or by the thread (it ends the process).
        let settled = Atomic<Bool>(false)
    }

    private let flags = Flags()
    private let thread: OSThread

    /// Starts taking the signals; `leaving` runs on this watch's thread just before it ends the process.
    public init(leaving: @escaping @Sendable () -> Void) {
        let flags = flags
        thread = OSThread {
            guard Self.takeSignal(until: nil, unless: flags) else { return }
            flags.interrupted.store(true, ordering: .releasing)
            let deadline = MonotonicClock.milliseconds() + Double(Self.graceSeconds) * 1000
            // A second signal, or the grace passing, ends the process; the watch's own end ends this.
            _ = Self.takeSignal(until: deadline, unless: flags)
            guard !flags.settled.exchange(true, ordering: .acquiringAndReleasing) else { return }
            leaving()
            _exit(0)
        }
    }

    /// Whether SIGINT or SIGTERM came.
    public var isInterrupted: Bool { flags.interrupted.load(ordering: .acquiring) }

    /// The watch is over (stopped on its own): the thread ends, and signals from now on stay
    /// pending, blocked, as before it started.
    public func end() {
        flags.settled.store(true, ordering: .releasing)
        thread.join()
    }

    /// Waits for SIGINT or SIGTERM, a tenth of a second at a time, until `deadline` (monotonic
    /// ms; nil: no end) or until `settled`; true when one came.
    private static func takeSignal(until deadline: Double?, unless flags: Flags) -> Bool {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        while !flags.settled.load(ordering: .acquiring) {
            if let deadline, MonotonicClock.milliseconds() >= deadline { return false }
            var tenth = timespec(tv_sec: 0, tv_nsec: 100_000_000)
            if sigtimedwait(&set, nil, &tenth) > 0 { return true }
        }
        return false
    }
}
