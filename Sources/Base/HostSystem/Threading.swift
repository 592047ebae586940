// What the toolchain does not give the host, and only that. A plain lock is Synchronization's
// `Mutex` (the renderers, the receiver's connection table, the tests' collectors use it), and an
// atomic flag or counter is its `Atomic`. Two things are left here:
//
// - `ConditionLock`: a mutex with a condition variable, for a worker that sleeps until there is
//   work or it is told to stop, or until a deadline passes (the receiver's writer and
//   checkpointer, the host's context preparer). `Mutex` has no condition variable, and Dispatch's
//   semaphores and groups count signals rather than wait for a predicate guarded by a lock.
// - `OSThread`: a thread of the process's own for one long-lived worker that is joined when it
//   stops (the context preparer, which makes JavaScriptCore contexts while a run executes; the
//   receiver's gate, writer and checkpointer, whose last step, such as the final checkpoint,
//   ends before `stop` returns). Dispatch's worker threads are a shared pool for short work
//   items: a worker that blocks for its whole life would hold one of them, the pool chooses the
//   thread each item runs on, and waiting for the end would take a group in place of the join.
//   Foundation's `Thread` would link Foundation into every program: a statically linked program
//   that makes one runs 1.6 M more instructions at start-up and is 61 MB larger, where Dispatch
//   costs nothing measurable (docs/performance.md).
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Synchronization

/// A mutex with a condition variable (pthreads).
/// `@unchecked Sendable`: the mutex and condition live at fixed heap addresses made once in
/// `init` and freed in `deinit`; every other access is through pthreads, which synchronise it.
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits (with the lock held) until signalled.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (with the lock held) until signalled or `milliseconds` pass.
    public func wait(milliseconds: Int) {
        // pthread_cond_timedwait takes an absolute time on the condition's clock (monotonic).
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + (milliseconds % 1000) * 1_000_000
        deadline.tv_sec += milliseconds / 1000 + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition, mutex, &deadline)
    }

    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Ends a worker that waits on this lock: `mark` (run with the lock held) sets the
    /// worker's stop flag, every waiter is woken, and the call returns when `thread` has ended.
    public func stop(_ thread: OSThread?, marking mark: () -> Void) {
        withLock {
            mark()
            broadcast()
        }
        thread?.join()
    }
}

/// Starts a detached-from-Swift-concurrency OS thread; `join` waits for it.
/// `@unchecked Sendable`: `thread` is written once, in `init`, before the value can be shared;
/// `joined` is atomic, so of several `join` calls only the first reaches `pthread_join`.
public final class OSThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let joined = Atomic<Bool>(false)
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    public init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let status = pthread_create(&thread, nil, { pointer in
            let box = Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// Waits for the thread to end. Only the first call joins; later ones return at once
    /// (joining a pthread twice is undefined behaviour).
    public func join() {
        guard !joined.exchange(true, ordering: .acquiringAndReleasing) else { return }
        pthread_join(thread, nil)
    }

    /// A thread never joined is detached, so its resources are freed when it ends.
    deinit {
        if !joined.exchange(true, ordering: .acquiringAndReleasing) { pthread_detach(thread) }
    }
}
