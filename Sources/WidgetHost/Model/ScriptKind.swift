/// The widget kinds a script can run as (S3). `Widget.type` reports it.
public enum ScriptKind: String, Sendable, Hashable, CaseIterable {
    case small, medium, large, circular, rectangular, inline, button, toggle, live

    /// True for Live Activity scripts.
    public var isLiveActivity: Bool { self == .live }

    /// The kind names, comma-separated, for help and error messages.
    public static var namesList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The outcome of a run (S5).
public enum RunStatus: String, Sendable, Hashable {
    /// The body settled normally.
    case ok
    /// An uncaught exception, a rejected body, or a script that does not load or parse.
    case error
    /// The time limit stopped it.
    case timeout
    /// The memory limit stopped it.
    case memory
}
