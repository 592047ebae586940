import JSONKit
import ZonedTime

/// The outcome of a ``Simulation``: every refresh, every event, and the summary (R6).
///
/// Render it with ``json``, ``jsonLines()``, ``text()`` or ``svg()``.
public struct TimelineReport: Sendable, Hashable {
    /// The `schema` of the JSON report.
    public static let schema = "widgethost.timeline/1"

    /// Start of the simulated span, epoch milliseconds.
    public var startMs: Int64
    /// End of the simulated span (excluded), epoch milliseconds.
    public var endMs: Int64
    /// The zone dates are shown in.
    public var zone: Zone
    /// The zone's IANA name.
    public var zoneName: String
    /// The budget profile.
    public var budget: BudgetProfile
    /// Whether realistic mode was on.
    public var realistic: Bool
    /// The seed of realistic mode.
    public var seed: UInt64
    /// Whether the script was a `live` script.
    public var isLive: Bool
    /// Every refresh, in time order.
    public var refreshes: [RefreshRecord]
    /// Every event, in time order (events at the same time in the order they happened).
    public var events: [TimelineEvent]
    /// The overall figures.
    public var summary: TimelineSummary
    /// The refresh that was waiting when the span ended, if any.
    public var pendingRefresh: PendingRefresh?
    /// The last outputs a successful run published (O5), or `nil` if none did.
    public var publishedOutputs: JSONObject?

    /// `endMs - startMs`.
    public var durationMs: Int64 { endMs - startMs }

    /// A time as an ISO 8601 string in the report's zone, e.g. `2026-11-29T20:53:54.000+01:00`.
    public func isoTime(_ epochMs: Int64) -> String {
        ISO8601.format(epochMs: epochMs, in: zone)
    }
}
