import CJavaScriptCore

/// Engine options the host sets once, before the process's first context group exists.
enum EngineOptions {
    /// Traps (the execution guard's tick among them) are polled by running code instead of
    /// delivered by signals. With signals, a trap that arrives while the engine is between
    /// microtasks, outside compiled code, can be lost, and a loop of microtasks then runs on
    /// past its deadline (docs/performance.md, "Limits").
    ///
    /// WebAssembly is off (`useWasm`, S11): on this engine, code compiled from WebAssembly never checks
    /// for traps at any tier (the in-place interpreter, BBQ and OMG alike), so the time limit's
    /// callback is never called while it runs and a `loop br 0 end` ran until the process was
    /// killed; its memory grows outside the heap the guard measures. Without it, `WebAssembly`
    /// is not defined, as in engines built without it (docs/contract.md, S11).
    static func configure() { configured }

    private static let configured: Void = {
        _ = jsc_options_set_boolean("usePollingTraps", 1)
        _ = jsc_options_set_boolean("useWasm", 0)
    }()
}
