/// The widget kinds a script can run as (S3). `Widget.type` reports it.
public enum ScriptKind: String, Sendable, Hashable, CaseIterable {
    /// Home Screen, 2 × 2 icons (the default).
    case small
    /// Home Screen, 4 × 2 icons.
    case medium
    /// Home Screen, 4 × 4 icons.
    case large
    /// Lock Screen, round.
    case circular
    /// Lock Screen, a wide rectangle.
    case rectangular
    /// Lock Screen, one line above the clock.
    case inline
    /// A button widget: run as the other widget kinds are, only `Widget.type` tells it apart; its
    /// action script runs through ``ScriptHost/runAction(_:widget:configuration:)`` (A8).
    case button
    /// A toggle widget: run as the other widget kinds are, only `Widget.type` tells it apart.
    case toggle
    /// A Live Activity (L1–L3): `endLiveActivity()` ends it (C6), and the report carries its state.
    case live

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
