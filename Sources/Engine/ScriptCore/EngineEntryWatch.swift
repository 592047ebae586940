import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Lets the execution guard see every entry into the engine, microtasks included.
///
/// The engine's time limit is counted in CPU time per *entry* (each outermost call into the
/// engine), and the count starts anew at every entry. The engine runs each microtask (a
/// promise reaction, the step after an `await`) as an entry of its own, a few microseconds
/// long, so a loop of microtasks (`(async () => { for (;;) await 0 })()`) never reaches the
/// guard's callback: it ran for ever.
///
/// Every outermost entry sets itself up through `JSC::VMEntryScope::setUpSlow()`, which the
/// library exports and calls through its procedure linkage table: a definition in the host
/// takes its place ("interposition", as for `malloc`). ``engineEntry(_:)`` calls the library's
/// own and then, when the run on this thread is past its deadline or over its memory limit,
/// spins for one tick of wall and CPU time. The engine's timer fires meanwhile, and the entry's
/// first check for traps (the engine polls for them, ``EngineOptions``) reaches the guard's
/// callback, which terminates the script.
///
/// When a library build stops calling it this way, the definition is simply never used, and the
/// tests of microtask loops fail.
enum EngineEntryWatch {
    /// The guard of the run in progress and the thread it runs on (runs in one process take
    /// turns); zero when none.
    private static let watchedThread = Atomic<UInt>(0)
    private static let watchedGuard = Atomic<UInt>(0)

    /// The library's own `setUpSlow`, found on first use.
    static let librarySetUp: (@convention(c) (UnsafeMutableRawPointer?) -> Void)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -1), EngineEntryWatch.setUpSymbol) else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
    }()

    static let setUpSymbol = "_ZN3JSC12VMEntryScope9setUpSlowEv"

    static func watch(_ guardian: ExecutionGuard) {
        _ = librarySetUp
        watchedGuard.store(UInt(bitPattern: Unmanaged.passUnretained(guardian).toOpaque()), ordering: .releasing)
        watchedThread.store(UInt(bitPattern: Int(bitPattern: pthread_self())), ordering: .releasing)
    }

    static func stop(_ guardian: ExecutionGuard) {
        let mine = UInt(bitPattern: Unmanaged.passUnretained(guardian).toOpaque())
        guard watchedGuard.load(ordering: .acquiring) == mine else { return }
        watchedThread.store(0, ordering: .releasing)
        watchedGuard.store(0, ordering: .releasing)
    }

    /// The guard watching the current thread, if any.
    static func current() -> ExecutionGuard? {
        let thread = watchedThread.load(ordering: .acquiring)
        guard thread != 0, thread == UInt(bitPattern: Int(bitPattern: pthread_self())),
            let pointer = UnsafeRawPointer(bitPattern: watchedGuard.load(ordering: .acquiring))
        else { return nil }
        return Unmanaged<ExecutionGuard>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// `JSC::VMEntryScope::setUpSlow()`, in place of the library's (see ``EngineEntryWatch``).
@_cdecl("_ZN3JSC12VMEntryScope9setUpSlowEv")
public func engineEntry(_ scope: UnsafeMutableRawPointer?) {
    EngineEntryWatch.librarySetUp?(scope)
    EngineEntryWatch.current()?.entered()
}
