import JSONKit

/// One refresh of the simulated widget: what was asked for, what was granted, and what
/// the run did (R6).
public struct RefreshRecord: Sendable, Hashable {
    /// 0-based position among the simulation's refreshes; the run request had the same index.
    public var index: Int
    /// What caused the run.
    public var trigger: RefreshTrigger
    /// Why it was requested for ``requestedAt``.
    public var requestReason: RequestReason
    /// When it was requested for (for a free refresh: when the tap or foreground happened).
    public var requestedAt: Int64
    /// When it happened; never earlier than ``requestedAt``.
    public var grantedAt: Int64
    /// Why ``grantedAt`` is later than ``requestedAt``, in the order the causes applied;
    /// empty when on time.
    public var delayReasons: [DelayReason]
    /// The realistic-mode delay drawn for this grant (0 in ideal mode and for free refreshes).
    public var jitterMs: Int64
    /// Whether it counts against the budget (scheduled and start runs do; free ones don't).
    public var charged: Bool
    /// How the run ended.
    public var status: RefreshRunResult.Status
    /// The runner's message for a failed run.
    public var errorMessage: String?
    /// When the run ended.
    public var finishedAt: Int64
    /// Whether the published outputs changed. Always `false` for a failed run, which
    /// publishes nothing (O5).
    public var outputsChanged: Bool
    /// Budget left in the rolling 24-hour window ending at ``grantedAt`` (this refresh
    /// included), or `nil` for the `unlimited` profile.
    public var budgetLeft: Int?
    /// The frequency in force after this run, raw minutes as the script gave it (C2).
    public var frequencyMinutes: Double?
    /// The update time this run set and the policy honoured (C4), if any.
    public var updateTimeMs: Int64?
    /// `true` when the run failed and asked for a frequency or update time that was
    /// therefore ignored (R5).
    public var controlsIgnored: Bool

    /// `grantedAt - requestedAt`.
    public var delayMs: Int64 { grantedAt - requestedAt }
}

/// Something that happened on the simulated timeline.
public struct TimelineEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A refresh ran; see ``TimelineReport/refreshes`` at `index`.
        case refresh(index: Int)
        /// A Live Activity started (by its script's first run, or by a push).
        case liveActivityStarted(activity: Int, source: LiveActivitySource, label: String?)
        /// Its content changed (from a script run's outputs, or a push's data).
        case liveActivityUpdated(activity: Int, source: LiveActivitySource, label: String?)
        /// It ended by `endLiveActivity()` or a push `end`.
        case liveActivityEnded(activity: Int, source: LiveActivitySource, label: String?)
        /// It reached 8 hours and the system ended it.
        case liveActivityExpired(activity: Int)
        /// It left the screen 4 hours after it ended.
        case liveActivityDismissed(activity: Int)
        /// A push changed nothing.
        case pushRefused(type: PushEvent.Kind, reason: RefusalReason, label: String?)
        /// A tap or foreground changed nothing (a `live` script with no activity it drives).
        case inputIgnored(trigger: RefreshTrigger, reason: RefusalReason)
    }

    /// When it happened, epoch milliseconds.
    public var at: Int64
    /// What happened.
    public var kind: Kind
    /// For a Live Activity start, update or end: the activity's content afterwards.
    public var content: JSONObject?

    /// Creates an event.
    public init(at: Int64, kind: Kind, content: JSONObject? = nil) {
        self.at = at
        self.kind = kind
        self.content = content
    }

    /// The event's `type` in JSON: `refresh`, `live-activity-start`, `live-activity-update`,
    /// `live-activity-end`, `live-activity-expired`, `live-activity-dismissed`,
    /// `push-refused` or `input-ignored`.
    public var type: String {
        switch kind {
        case .refresh: return "refresh"
        case .liveActivityStarted: return "live-activity-start"
        case .liveActivityUpdated: return "live-activity-update"
        case .liveActivityEnded: return "live-activity-end"
        case .liveActivityExpired: return "live-activity-expired"
        case .liveActivityDismissed: return "live-activity-dismissed"
        case .pushRefused: return "push-refused"
        case .inputIgnored: return "input-ignored"
        }
    }

    /// The activity concerned, if any.
    public var activity: Int? {
        switch kind {
        case .liveActivityStarted(let n, _, _), .liveActivityUpdated(let n, _, _),
             .liveActivityEnded(let n, _, _), .liveActivityExpired(let n), .liveActivityDismissed(let n):
            return n
        case .refresh, .pushRefused, .inputIgnored:
            return nil
        }
    }
}

/// The refresh that was pending when the simulated span ended.
public struct PendingRefresh: Sendable, Hashable {
    /// When it was requested for.
    public var requestedAt: Int64
    /// When it would have happened.
    public var grantedAt: Int64
    /// Why it was requested then.
    public var requestReason: RequestReason
    /// Why it would have been late.
    public var delayReasons: [DelayReason]
}
