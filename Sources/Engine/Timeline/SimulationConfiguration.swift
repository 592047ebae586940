import ErrorKinds
import JSONKit
import WidgetHost
import ZonedTime

/// Everything a simulation needs besides the script runner.
///
/// The simulated span is half-open: it starts at ``startMs`` and ends just before
/// ``endMs``. The first run happens at ``startMs``; refreshes, taps, foregrounds and
/// pushes must fall inside the span.
public struct SimulationConfiguration: Sendable, Hashable {
    /// The start of the span and of the first run, epoch milliseconds.
    public var startMs: Int64
    /// The length of the span, milliseconds: more than 0, at most 366 days.
    public var durationMs: Int64
    /// An IANA time zone name for dates in reports, or `nil` for the process's zone (T2).
    public var zoneIdentifier: String?
    /// The budget profile. Default: `typical`.
    public var budget: BudgetProfile
    /// Realistic mode: a seeded delay of 0–10 minutes on each scheduled grant (R3).
    /// Default: `false` (ideal mode).
    public var realistic: Bool
    /// The seed of realistic mode's delays, 0 through 2^53 − 1 (so it survives JSON).
    /// Default: 0.
    public var seed: UInt64
    /// Times of button taps (free refreshes, R4), epoch milliseconds.
    public var taps: [Int64]
    /// Times the app comes to the foreground (free refreshes, R4), epoch milliseconds.
    public var foregrounds: [Int64]
    /// Live Activity pushes; they need ``isLive``.
    public var pushes: [PushEvent]
    /// Whether the script is a `live` (Live Activity) script. Default: `false`.
    public var isLive: Bool
    /// For a `live` script: whether the first run starts an activity (as when the app
    /// starts it) rather than waiting for a push `start`. Default: `true`.
    public var startsActivityLocally: Bool
    /// The edition whose refresh rules apply (H7, H8): a HarmonyOS card asks anew after each
    /// run (no frequency stays in force), its first run is not a timed refresh, an update time
    /// is at the earliest 5 minutes after the run, and ``budget`` is its calendar-day quota.
    /// Default: `ios`.
    public var edition: Edition = .ios

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - startMs: Start of the span, epoch milliseconds.
    ///   - durationMs: Length of the span. Default: 24 hours.
    ///   - zoneIdentifier: IANA zone name. Default: `nil` (the process's zone).
    ///   - budget: Budget profile. Default: `.typical`.
    ///   - realistic: Realistic mode. Default: `false`.
    ///   - seed: Seed for realistic mode. Default: 0.
    ///   - taps: Tap times. Default: none.
    ///   - foregrounds: Foreground times. Default: none.
    ///   - pushes: Pushes. Default: none.
    ///   - isLive: A `live` script. Default: `false`.
    ///   - startsActivityLocally: The first run starts an activity. Default: `true`.
    public init(
        startMs: Int64,
        durationMs: Int64 = TimelineConstants.dayMs,
        zoneIdentifier: String? = nil,
        budget: BudgetProfile = .typical,
        realistic: Bool = false,
        seed: UInt64 = 0,
        taps: [Int64] = [],
        foregrounds: [Int64] = [],
        pushes: [PushEvent] = [],
        isLive: Bool = false,
        startsActivityLocally: Bool = true
    ) {
        self.startMs = startMs
        self.durationMs = durationMs
        self.zoneIdentifier = zoneIdentifier
        self.budget = budget
        self.realistic = realistic
        self.seed = seed
        self.taps = taps
        self.foregrounds = foregrounds
        self.pushes = pushes
        self.isLive = isLive
        self.startsActivityLocally = startsActivityLocally
    }

    /// The end of the span (excluded), epoch milliseconds.
    public var endMs: Int64 { startMs.saturatingAdd(durationMs) }

    /// Follows `edition`'s refresh rules: in the HarmonyOS edition the platform's calendar-day
    /// quota (H8) replaces the budget.
    public mutating func follow(_ edition: Edition) {
        self.edition = edition
        if edition == .harmony { budget = .calendarDay(HarmonyRules.timedRefreshesPerDay) }
    }

    /// The zone of ``zoneIdentifier``, else the process's: where a calendar day starts (H8).
    var zone: Zone { zoneIdentifier.flatMap { try? Zone(identifier: $0) } ?? Zone.current() }
}

/// A configuration that cannot be simulated, with a message that says what to change.
public struct SimulationConfigurationError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// Options that cannot be simulated: a usage error.
    public var errorKind: ErrorKind { .input(.usage) }
    /// What is wrong, as a stable kebab-case code.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The budget is not a profile name or a whole number from 1 to 1440.
        case invalidBudget = "invalid-budget"
        /// The duration is zero or negative.
        case invalidDuration = "invalid-duration"
        /// The duration is longer than 366 days.
        case durationTooLong = "duration-too-long"
        /// The start lies outside the years 1970–9999.
        case startOutOfRange = "start-out-of-range"
        /// The time zone name is not a known IANA zone.
        case unknownZone = "unknown-zone"
        /// A tap, foreground or push lies outside the simulated span.
        case inputOutsideSpan = "input-outside-span"
        /// A push `start` or `update` without data.
        case pushWithoutData = "push-without-data"
        /// Pushes were given for a script that is not `live`.
        case pushesNeedLiveScript = "pushes-need-live-script"
        /// The seed does not fit a JSON number exactly.
        case seedTooLarge = "seed-too-large"
    }

    /// What is wrong.
    public let code: Code
    /// A sentence that says what is wrong and what to do.
    public let message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// An unknown or out-of-range budget.
    static func invalidBudget(_ text: String) -> Self {
        Self(code: .invalidBudget,
             message: "Unknown budget '\(text)': use strict (40 a day), typical (55), generous (70), unlimited, or a whole number of refreshes a day from 1 to \(BudgetProfile.maximumPerDay).")
    }
}

/// The largest seed: 2^53 − 1, the largest integer a JSON number holds exactly.
let maximumSeed: UInt64 = (1 << 53) - 1
/// 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z, the span the reports can date.
let earliestStartMs: Int64 = 0
let latestEndMs: Int64 = 253_402_300_799_999
