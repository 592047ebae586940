import JSONKit

/// Where a Live Activity change came from.
public enum LiveActivitySource: String, Sendable, Hashable, CaseIterable {
    /// A run of the `live` script (its first run, its outputs, `endLiveActivity()`).
    case script
    /// A push.
    case push
    /// The system: expiry after 8 hours, dismissal 4 hours after the end (L3).
    case system
}

/// The life-cycle state of a Live Activity (L1).
public enum LiveActivityState: String, Sendable, Hashable, CaseIterable {
    /// Showing and accepting updates.
    case active
    /// Ended but still visible until dismissed.
    case ended
    /// Gone from the screen.
    case dismissed
}

/// How a Live Activity ended (L3).
public enum LiveActivityEnding: String, Sendable, Hashable, CaseIterable {
    /// The script called `endLiveActivity()`.
    case script
    /// A push `end`.
    case push
    /// It reached 8 hours and the system ended it.
    case expired
}

/// One Live Activity from start to dismissal, as far as the simulated span reaches.
public struct LiveActivityRecord: Sendable, Hashable {
    /// 1-based number of the activity within the simulation.
    public var number: Int
    /// Who started it: ``LiveActivitySource/script`` (the first run) or ``LiveActivitySource/push``.
    public var startedBy: LiveActivitySource
    /// When it started, epoch milliseconds.
    public var startedAt: Int64
    /// When it ended, or `nil` if still active at the end of the span.
    public var endedAt: Int64?
    /// How it ended, or `nil` if still active.
    public var ending: LiveActivityEnding?
    /// When it was dismissed, or `nil` if it was still visible at the end of the span.
    public var dismissedAt: Int64?
    /// Its content at the end of the span (or when dismissed).
    public var content: JSONObject
    /// How many times its content changed after it started.
    public var updateCount: Int

    /// Its state at the end of the simulated span.
    public var finalState: LiveActivityState {
        if dismissedAt != nil { return .dismissed }
        return endedAt == nil ? .active : .ended
    }
}
