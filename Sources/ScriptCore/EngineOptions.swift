import CJavaScriptCore

/// Engine options the host sets once, before the process's first context group exists.
enum EngineOptions {
    /// Traps (the execution guard's tick among them) are polled by running code instead of
    /// delivered by signals. With signals, a trap that arrives while the engine is between
    /// microtasks, outside compiled code, can be lost, and a loop of microtasks then runs on
    /// past its deadline (docs/performance.md, "Limits").
    static func configure() { configured }

    private static let configured: Void = {
        _ = jsc_options_set_boolean("usePollingTraps", 1)
    }()
}
