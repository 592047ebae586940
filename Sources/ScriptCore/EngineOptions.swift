import CJavaScriptCore

/// Engine options the host sets once, before the process's first context group exists.
enum EngineOptions {
    /// Traps (the execution guard's tick among them) are polled by running code instead of
    /// delivered by signals. With signals, a trap that arrives while the engine is between
    /// microtasks, outside compiled code, can be lost, and a loop of microtasks then runs on
    /// past its deadline (measured with the engine alone and the entry watch's spin, a 1 s
    /// limit: of three `for(;;) await 0` loops and three promise-reaction loops, none stopped
    /// within 5 s; polled, each stopped at about 1.1 s).
    static func configure() { configured }

    private static let configured: Void = {
        _ = jsc_options_set_boolean("usePollingTraps", 1)
    }()
}
