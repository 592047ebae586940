import CJavaScriptCore

/// Engine options the host sets once, before the process's first context group exists.
enum EngineOptions {
    /// Traps (the execution guard's tick among them) are polled by running code instead of
    /// delivered by signals. With signals, a trap that arrives while the engine is between
    /// microtasks, outside compiled code, can be lost: a loop of microtasks then ran on after
    /// its deadline for seconds, or for good (measured with the engine alone: of three runs of
    /// `for(;;) await 0` under a 1 s limit, one stopped after 3.5 s and two not within 5 s;
    /// polled, each of three stopped at 1.000 s).
    static func configure() { configured }

    private static let configured: Void = {
        _ = jsc_options_set_boolean("usePollingTraps", 1)
    }()
}
