import WidgetHost

/// How many charged refreshes the system grants a widget in any rolling 24-hour window (R2).
public enum BudgetProfile: Sendable, Hashable, CustomStringConvertible {
    /// 40 refreshes a day, the low end of Apple's "40–70 a day".
    case strict
    /// 55 refreshes a day, the default.
    case typical
    /// 70 refreshes a day, the high end of Apple's "40–70 a day".
    case generous
    /// No budget, as when debugging in Xcode; the 5-minute spacing still applies.
    case unlimited
    /// A custom budget, 1 through 1440 refreshes a day.
    case perDay(Int)
    /// The HarmonyOS platform's quota (H8): this many timed refreshes a card per local calendar
    /// day, the count reset at 00:00, instead of a rolling 24-hour window. Not a `--budget`
    /// name: the HarmonyOS edition's simulations have it.
    case calendarDay(Int)

    /// The names ``parse(_:)`` accepts besides a number.
    public static let names = ["strict", "typical", "generous", "unlimited"]

    /// The largest custom budget: one refresh a minute.
    public static let maximumPerDay = 1440

    /// Reads a profile name (`strict`, `typical`, `generous`, `unlimited`, any case) or a
    /// whole number of refreshes a day from 1 through 1440.
    ///
    /// - Parameter text: What the user wrote.
    /// - Returns: The profile; `"55"` gives ``perDay(_:)`` with 55.
    /// - Throws: ``SimulationConfigurationError/invalidBudget(_:)`` naming the accepted forms.
    public static func parse(_ text: String) throws(SimulationConfigurationError) -> BudgetProfile {
        let trimmed = String(text.filter { $0 != " " })
        switch trimmed.lowercased() {
        case "strict": return .strict
        case "typical": return .typical
        case "generous": return .generous
        case "unlimited": return .unlimited
        default: break
        }
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(trimmed), (1...maximumPerDay).contains(value)
        else { throw .invalidBudget(text) }
        return .perDay(value)
    }

    /// The budget: charged refreshes allowed in any rolling 24-hour window, or `nil` for
    /// ``unlimited``.
    public var refreshesPerDay: Int? {
        switch self {
        case .strict: return 40
        case .typical: return 55
        case .generous: return 70
        case .unlimited: return nil
        case .perDay(let n), .calendarDay(let n): return n
        }
    }

    /// The refreshes a calendar day may hold, reset at local midnight (H8); nil for a rolling budget.
    public var perCalendarDay: Int? {
        if case .calendarDay(let n) = self { return n }
        return nil
    }

    /// The system's default cadence for a widget that asked for nothing (R1):
    /// 1440 / budget minutes. ``unlimited`` has no budget to pace by, so it uses the
    /// ``typical`` cadence, 1440 / 55 minutes (about 26 minutes 11 seconds).
    public var defaultCadenceMs: Int64 {
        // A HarmonyOS card that asks for nothing gets its form's periodic refresh (H7).
        if perCalendarDay != nil { return Int64(HarmonyRules.defaultCadenceMinutes) * TimelineConstants.minuteMs }
        let perDay = refreshesPerDay ?? 55
        // Round up: the system paces late, never early.
        return (TimelineConstants.dayMs + Int64(perDay) - 1) / Int64(perDay)
    }

    /// The name as reports print it: `typical`, …, or the number for a custom budget.
    public var name: String {
        switch self {
        case .strict: return "strict"
        case .typical: return "typical"
        case .generous: return "generous"
        case .unlimited: return "unlimited"
        case .perDay(let n): return String(n)
        case .calendarDay(let n): return "\(n)-per-calendar-day"
        }
    }

    /// E.g. "typical (55 a day)" or "unlimited (no budget)".
    public var description: String {
        if let quota = perCalendarDay { return "\(quota) a day, reset at 00:00" }
        guard let perDay = refreshesPerDay else { return "unlimited (no budget)" }
        if case .perDay = self { return "\(perDay) a day" }
        return "\(name) (\(perDay) a day)"
    }
}

/// Fixed quantities of the refresh and Live Activity rules.
public enum TimelineConstants {
    /// One minute in milliseconds.
    public static let minuteMs: Int64 = 60_000
    /// One hour in milliseconds.
    public static let hourMs: Int64 = 3_600_000
    /// One day in milliseconds: the length of the rolling budget window (R2).
    public static let dayMs: Int64 = 86_400_000
    /// The least time between two refreshes of any kind, and the shortest effective
    /// update frequency (R1, R2, C1): 5 minutes.
    public static let minimumSpacingMs: Int64 = 5 * minuteMs
    /// The largest random delivery delay in realistic mode (R3): 10 minutes.
    public static let maximumJitterMs: Int64 = 10 * minuteMs
    /// How long a Live Activity may stay active (L3): 8 hours.
    public static let liveActivityLifetimeMs: Int64 = 8 * hourMs
    /// How long an ended Live Activity stays visible (L3): 4 hours.
    public static let liveActivityDismissalMs: Int64 = 4 * hourMs
    /// The longest simulation: 366 days.
    public static let maximumDurationMs: Int64 = 366 * dayMs
}
