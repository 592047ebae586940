import ScriptCore
import HostSystem

/// Makes the next run's fresh context on a second thread while the current run executes.
///
/// A fresh global context is a large share of a small run, and it does not depend on
/// anything a run does. A host that runs many scripts one after another (a simulation)
/// alternates between two engines: while a run executes in one, this thread makes the
/// next run's context in the other. Each engine is used by one thread at a time: the
/// preparer only touches the engine it was asked for, and the host runs in the other.
/// `@unchecked Sendable`: `request`, `made` and `stopping` are read and written only with `lock`
/// held; `thread` only by the owning host's thread (`init`, `stop`).
final class ContextPreparer: @unchecked Sendable {
    private let lock = ConditionLock()
    private var thread: OSThread?
    /// The engine to make a context in, when asked and not yet done.
    private var request: HostEngine?
    /// The context made for the engine last asked for.
    private var made: ScriptContext?
    private var stopping = false

    init() {
        thread = OSThread { [self] in work() }
    }

    /// Asks for a fresh context in `engine`; ``take()`` returns it.
    func prepare(in engine: HostEngine) {
        lock.withLock {
            precondition(request == nil && made == nil, "one context at a time")
            request = engine
            lock.broadcast()
        }
    }

    /// The context asked for by ``prepare(in:)``, waiting for it if it is not made yet;
    /// `nil` at once when none was asked for (or the preparer stopped), never a wait forever.
    func take() -> ScriptContext? {
        lock.lock()
        defer { lock.unlock() }
        while made == nil && request != nil && !stopping { lock.wait() }
        let context = made
        made = nil
        return context
    }

    /// Stops the thread; a context made and not taken is released.
    func stop() {
        lock.stop(thread) { stopping = true }
        thread = nil
        made = nil
    }

    private func work() {
        while true {
            lock.lock()
            while request == nil && !stopping { lock.wait() }
            if stopping {
                lock.unlock()
                return
            }
            let engine = request!
            lock.unlock()
            let context = engine.runtime.makeContext()
            lock.withLock {
                request = nil
                made = context
                lock.broadcast()
            }
        }
    }
}
