import WidgetHost
import ZonedTime

/// Why the next refresh was requested for the time it was (R1).
public enum RequestReason: String, Sendable, Hashable, CaseIterable {
    /// The first run, at the start of the simulation.
    case start
    /// The previous run called `setUpdateTime` (one-shot, C4).
    case updateTime
    /// The frequency in force: the last valid `setUpdateFreq` of any earlier run (C2).
    case frequency
    /// Nothing was asked for: the system's default cadence, 1440 / budget minutes (a HarmonyOS
    /// card's periodic refresh, H7).
    case `default`
    /// A free refresh (R4): a tap or the app coming to the foreground.
    case free
}

/// Why a refresh happened later than requested, in the order the causes were applied.
public enum DelayReason: String, Sendable, Hashable, CaseIterable {
    /// The previous run had not finished yet (a run takes virtual time).
    case busy
    /// Within 5 minutes of the previous refresh of any kind (R2).
    case spacing
    /// The rolling 24-hour window already held a budget's worth of charged refreshes (R2), or the
    /// calendar day its quota of timed refreshes (H8: the next comes after 00:00).
    case budget
    /// Realistic mode's random delivery delay (R3).
    case jitter
}

/// The next refresh a run asks for (R1).
struct RefreshRequest: Hashable {
    var at: Int64
    var reason: RequestReason

    /// Applies R1 to a run that finished at `finishedAt`.
    ///
    /// - Parameters:
    ///   - finishedAt: When the run ended.
    ///   - updateTime: Its valid update time, if it set one and its status was ok.
    ///   - frequencyMinutes: The frequency in force after it (raw minutes), if any.
    ///   - defaultCadenceMs: The budget profile's default cadence.
    static func after(
        finishedAt: Int64, updateTime: Int64?, frequencyMinutes: Double?, defaultCadenceMs: Int64,
        updateTimeFloorMs: Int64 = 0
    ) -> RefreshRequest {
        if let updateTime {
            return RefreshRequest(at: max(updateTime, finishedAt.saturatingAdd(updateTimeFloorMs)), reason: .updateTime)
        }
        if let frequencyMinutes {
            let interval = effectiveIntervalMs(minutes: frequencyMinutes)
            return RefreshRequest(at: finishedAt.saturatingAdd(interval), reason: .frequency)
        }
        return RefreshRequest(at: finishedAt.saturatingAdd(defaultCadenceMs), reason: .default)
    }

    /// The interval a `setUpdateFreq(minutes)` asks for: at least 5 minutes (C1), at most
    /// 1000 days (anything longer behaves the same within a 366-day simulation).
    static func effectiveIntervalMs(minutes: Double) -> Int64 {
        let ms = (minutes * Double(TimelineConstants.minuteMs)).rounded()
        let ceiling = 1000 * Double(TimelineConstants.dayMs)
        guard ms.isFinite, ms < ceiling else { return Int64(ceiling) }
        return max(TimelineConstants.minimumSpacingMs, Int64(ms))
    }
}

/// The grant half of the policy (R2, R3): spacing from the previous refresh, the rolling
/// 24-hour budget, and the realistic-mode delay. It remembers every refresh it is told of.
struct RefreshGrantPolicy {
    /// The granted time and how it came about.
    struct Grant: Hashable {
        var at: Int64
        var jitterMs: Int64
        var reasons: [DelayReason]
    }

    let budget: Int?
    private var jitter: SeededGenerator?
    /// Times of charged refreshes, in the order they happened (so sorted).
    private var charged: [Int64] = []
    private(set) var lastRefreshAt: Int64?
    /// The calendar-day quota (H8), counted in local days of its zone, instead of the rolling window.
    private let days: CalendarDays?
    /// Charged refreshes per local day (by ``CalendarDays/day(of:)``).
    private var chargedPerDay: [Int64: Int] = [:]

    /// - Parameters:
    ///   - budget: Charged refreshes allowed per rolling 24 hours, or `nil` for none.
    ///   - jitterSeed: The seed of realistic mode's delay, or `nil` for ideal mode.
    ///   - days: With a calendar-day quota (H8), its local days; `budget` is then the quota.
    init(budget: Int?, jitterSeed: UInt64?, days: CalendarDays? = nil) {
        self.budget = budget
        self.jitter = jitterSeed.map { SeededGenerator(seed: $0) }
        self.days = days
    }

    /// Grants a scheduled refresh requested for `requested`, after a run that ended at
    /// `notBefore`. Draws one jitter value in realistic mode. Does not record the refresh.
    mutating func grant(requested: Int64, notBefore: Int64) -> Grant {
        var at = requested
        var reasons: [DelayReason] = []
        if at < notBefore {
            at = notBefore
            reasons.append(.busy)
        }
        if let last = lastRefreshAt, at < last.saturatingAdd(TimelineConstants.minimumSpacingMs) {
            at = last + TimelineConstants.minimumSpacingMs
            reasons.append(.spacing)
        }
        if let budget, let days {
            // H8: a full day's quota waits for 00:00, then for the spacing again.
            var moved = false
            while chargedPerDay[days.day(of: at), default: 0] >= budget {
                at = days.nextMidnight(after: at)
                moved = true
            }
            if moved {
                if let last = lastRefreshAt { at = max(at, last.saturatingAdd(TimelineConstants.minimumSpacingMs)) }
                reasons.append(.budget)
            }
        } else if let budget {
            let first = firstIndex(after: at - TimelineConstants.dayMs)
            let inWindow = charged.count - first
            if inWindow >= budget {
                // Wait until enough of the oldest ones have left the window (at - 24 h, at].
                let free = charged[first + inWindow - budget] + TimelineConstants.dayMs
                if at < free {
                    at = free
                    reasons.append(.budget)
                }
            }
        }
        var jitterMs: Int64 = 0
        if var generator = jitter {
            jitterMs = Int64(generator.next(atMost: UInt64(TimelineConstants.maximumJitterMs)))
            jitter = generator
            if jitterMs > 0 {
                at = at.saturatingAdd(jitterMs)
                reasons.append(.jitter)
            }
        }
        return Grant(at: at, jitterMs: jitterMs, reasons: reasons)
    }

    /// Records a refresh that happened at `at` (not earlier than any recorded before);
    /// `isCharged` says whether it counts against the budget.
    mutating func record(at: Int64, charged isCharged: Bool) {
        lastRefreshAt = at
        if isCharged && budget != nil { charged.append(at) }
        if isCharged, let days { chargedPerDay[days.day(of: at), default: 0] += 1 }
    }

    /// Charged refreshes in the window (`at` − 24 h, `at`].
    func chargedInWindow(at: Int64) -> Int {
        firstIndex(after: at) - firstIndex(after: at - TimelineConstants.dayMs)
    }

    /// Budget left in the window (`at` − 24 h, `at`], or `nil` without a budget.
    func budgetLeft(at: Int64) -> Int? {
        guard let budget else { return nil }
        if let days { return max(0, budget - chargedPerDay[days.day(of: at), default: 0]) }
        return max(0, budget - chargedInWindow(at: at))
    }

    /// The index of the first charged time greater than `time` (binary search).
    private func firstIndex(after time: Int64) -> Int {
        var low = 0
        var high = charged.count
        while low < high {
            let mid = (low + high) / 2
            if charged[mid] <= time { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension Int64 {
    /// `self + other`, clamped to the representable range.
    func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        if !overflow { return sum }
        return other > 0 ? .max : .min
    }
}

/// The local calendar days of a zone, for the HarmonyOS quota that resets at 00:00 (H8).
struct CalendarDays {
    let zone: Zone

    /// The local day of `ms`, as days since 1970-01-01.
    func day(of ms: Int64) -> Int64 {
        let civil = CivilDateTime(epochMilliseconds: ms, in: zone)
        return CivilCalendar.daysFromCivil(year: civil.year, month: civil.month, day: civil.day)
    }

    /// The first local midnight after `ms` (the start of the next local day).
    func nextMidnight(after ms: Int64) -> Int64 {
        let next = CivilCalendar.civilFromDays(day(of: ms) + 1)
        let midnight = CivilDateTime(year: next.year, month: next.month, day: next.day, hour: 0, minute: 0).epochMilliseconds(in: zone)
        return max(midnight, ms + 1)
    }
}
