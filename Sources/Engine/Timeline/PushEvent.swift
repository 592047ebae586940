import JSONKit

/// A Live Activity push arriving at a virtual time, as a server would send it (P2, L2, L5).
///
/// The simulation processes pushes in time order (pushes at the same time keep their
/// input order). Pushed content replaces the activity's content without running the
/// script. An `update` or `end` when no activity is active is refused with
/// `no-active-activity` and changes nothing (L4).
public struct PushEvent: Sendable, Hashable {
    /// The push's `type` (P2).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Starts an activity (push-to-start); requires ``PushEvent/data``.
        case start
        /// Replaces the active activity's content; requires ``PushEvent/data``.
        case update
        /// Ends the active activity, optionally with final content.
        case end
    }

    /// When the push arrives, epoch milliseconds.
    public var at: Int64
    /// What it does.
    public var type: Kind
    /// The decoded `content_state.data`: the variables the activity renders (L5).
    public var data: JSONObject?
    /// A label that names the push in reports, such as its `nonce`.
    public var label: String?

    /// Creates a push.
    ///
    /// - Parameters:
    ///   - at: Arrival time, epoch milliseconds.
    ///   - type: `start`, `update` or `end`.
    ///   - data: The content. Default: `nil` (allowed only for `end`).
    ///   - label: A name for reports, such as the nonce. Default: `nil`.
    public init(at: Int64, type: Kind, data: JSONObject? = nil, label: String? = nil) {
        self.at = at
        self.type = type
        self.data = data
        self.label = label
    }
}

/// Why a push or an input changed nothing.
public enum RefusalReason: String, Sendable, Hashable, CaseIterable {
    /// An `update` or `end` (or a tap, or the app coming forward for a `live` script)
    /// when no activity is active (L4).
    case noActiveActivity = "no-active-activity"
    /// A push `start` while an activity is already active: one widget has one activity
    /// at a time.
    case activityAlreadyActive = "activity-already-active"
    /// A tap or the app coming forward while the active activity was started by a push:
    /// its script never runs (L2, L5).
    case pushDrivenActivity = "push-driven-activity"
}
