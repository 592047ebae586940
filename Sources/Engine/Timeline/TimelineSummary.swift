/// The overall figures of a simulation (R6).
public struct TimelineSummary: Sendable, Hashable {
    /// The longest stretch without a refresh: between two consecutive refreshes, or from the
    /// last one to the next refresh, granted after the span.
    public struct Gap: Sendable, Hashable {
        /// The refresh that opens the gap, epoch milliseconds.
        public var from: Int64
        /// The next refresh, epoch milliseconds.
        public var to: Int64
        /// Whether the gap opens at the span's last refresh: `to` is the refresh pending at
        /// the span's end, granted after it.
        public var afterLastRefresh: Bool
        /// `to - from`.
        public var lengthMs: Int64 { to - from }

        /// Creates a gap from one refresh to the next.
        public init(from: Int64, to: Int64, afterLastRefresh: Bool = false) {
            self.from = from
            self.to = to
            self.afterLastRefresh = afterLastRefresh
        }
    }

    /// How the refreshes the script asks for compare with the budget (R6).
    public struct BudgetVerdict: Sendable, Hashable {
        /// The verdict in one word.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// Asks for no more than the budget.
            case withinBudget = "within-budget"
            /// Asks for more than the budget; refreshes are delayed.
            case overBudget = "over-budget"
            /// No budget (`unlimited`); only the 5-minute spacing applies.
            case unlimited
            /// The script never asked for a scheduled refresh (for example, its Live
            /// Activity ended at the first run).
            case noRequests = "no-requests"
        }

        /// How many refreshes a day the script asks for. While it keeps asking to the span's
        /// end: one day divided by the mean requested interval (each interval at least 5
        /// minutes, C1), over the requests made by scheduled refreshes (``RequestedInterval``),
        /// so `setUpdateFreq(5)` asks for 288 and a script that asks for 00:01 tomorrow for 1.
        /// When it stopped asking less than a day after it started (its Live Activity ended): the
        /// time its activity was active divided by that interval, so an activity that asked every
        /// 5 minutes and ended after 25 minutes asks for 5. `nil` when it made no requests.
        public var askedPerDay: Double?
        /// The budget, or `nil` for `unlimited`.
        public var budgetPerDay: Int?
        /// The verdict in one word.
        public var kind: Kind
        /// The verdict in one sentence.
        public var sentence: String
    }

    /// All refreshes that ran.
    public var refreshCount: Int
    /// Refreshes charged to the budget (scheduled ones and the first run).
    public var chargedCount: Int
    /// Free refreshes (taps and foregrounds).
    public var freeCount: Int
    /// Runs whose status was not `ok`.
    public var failedCount: Int
    /// Refreshes granted later than requested.
    public var delayedCount: Int
    /// Refreshes per 24 hours over the whole span: `refreshCount × 24 h / duration`.
    public var refreshesPer24h: Double
    /// The most charged refreshes found in any rolling 24-hour window.
    public var maxChargedIn24h: Int
    /// The longest time without a refresh (R6): between consecutive refreshes, or from the last
    /// one to the next refresh granted (after the span); `nil` with fewer than two refreshes
    /// and none pending.
    public var longestGap: Gap?
    /// The budget verdict.
    public var budgetVerdict: BudgetVerdict
    /// Every Live Activity, in start order.
    public var liveActivities: [LiveActivityRecord]
}

/// What one run asked for: the time from its end to the refresh it requested (R1), and whether
/// the run was a scheduled refresh.
struct RequestedInterval: Sendable, Hashable {
    /// From the run's end to the requested refresh, milliseconds.
    var ms: Int64
    /// Whether a scheduled refresh made the request. The first run (at the span's start) and taps
    /// and foregrounds come when the user or the simulation chose: a script that asks for a time of
    /// day (00:01 tomorrow) is then asked for it from an arbitrary point, which sets where its
    /// schedule starts, not how often it asks.
    var byScheduledRefresh: Bool
}

extension TimelineSummary.BudgetVerdict {
    /// Judges what the runs asked for against `budget`: the requests of scheduled refreshes, or,
    /// when no scheduled refresh asked for anything (a span with only the first run), every request.
    /// `activeMs`: when the script stopped asking before the span's end (its Live Activity
    /// ended), how long its activities were active; it asked at its pace for that long only.
    static func judge(requests: [RequestedInterval], activeMs: Int64? = nil, budget: BudgetProfile) -> Self {
        let perDay = budget.refreshesPerDay
        guard !requests.isEmpty else {
            return Self(askedPerDay: nil, budgetPerDay: perDay, kind: .noRequests,
                        sentence: "The script never asked for a scheduled refresh, so there is nothing to judge against the budget.")
        }
        let scheduled = requests.filter(\.byScheduledRefresh)
        let judged = scheduled.isEmpty ? requests : scheduled
        var total = 0.0
        for interval in judged {
            total += Double(max(interval.ms, TimelineConstants.minimumSpacingMs))
        }
        let mean = total / Double(judged.count)
        if let activeMs, activeMs > 0, activeMs < TimelineConstants.dayMs {
            return judgeEnded(meanIntervalMs: mean, activeMs: activeMs, budget: budget)
        }
        let asked = ((Double(TimelineConstants.dayMs) / mean) * 10).rounded() / 10
        let askedText = formatCount(asked) + (formatCount(asked) == "1" ? " refresh" : " refreshes")
        guard let perDay else {
            return Self(askedPerDay: asked, budgetPerDay: nil, kind: .unlimited,
                        sentence: "The script asks for about \(askedText) a day; with no budget (unlimited) only the 5-minute spacing holds them back.")
        }
        if budget.perCalendarDay != nil {
            let quota = "the platform's quota of \(perDay) timed refreshes a card per calendar day (reset at 00:00)"
            if asked <= Double(perDay) {
                return Self(askedPerDay: asked, budgetPerDay: perDay, kind: .withinBudget,
                            sentence: "The card asks for about \(askedText) refreshes a day, within \(quota), so refreshes can come when requested.")
            }
            return Self(askedPerDay: asked, budgetPerDay: perDay, kind: .overBudget,
                        sentence: "The card asks for about \(askedText) refreshes a day, more than \(quota), so once \(perDay) have run in a day no timed refresh comes until 00:00.")
        }
        let budgetText = "\(budget.verdictName) budget of \(perDay)"
        if asked <= Double(perDay) {
            return Self(askedPerDay: asked, budgetPerDay: perDay, kind: .withinBudget,
                        sentence: "The script asks for about \(askedText) a day, within the \(budgetText), so refreshes can come when requested.")
        }
        let factor = formatCount(((asked / Double(perDay)) * 10).rounded() / 10)
        return Self(askedPerDay: asked, budgetPerDay: perDay, kind: .overBudget,
                    sentence: "The script asks for about \(askedText) a day, \(factor) times the \(budgetText), so refreshes are held back until the rolling 24-hour window has room.")
    }

    /// The verdict on a script that stopped asking less than a day after it started (its Live
    /// Activity ended): what it asked for at its pace while active, against the budget.
    private static func judgeEnded(meanIntervalMs: Double, activeMs: Int64, budget: BudgetProfile) -> Self {
        let asked = ((Double(activeMs) / meanIntervalMs) * 10).rounded() / 10
        let pace = "a refresh about every \(TimeText.duration(Int64(meanIntervalMs.rounded())))"
        let what = "The script asked for \(pace) while its Live Activity was active (\(TimeText.duration(activeMs))): "
            + "about \(formatCount(asked)) refresh\(asked == 1 ? "" : "es")"
        guard let perDay = budget.refreshesPerDay else {
            return Self(askedPerDay: asked, budgetPerDay: nil, kind: .unlimited,
                        sentence: what + "; with no budget (unlimited) only the 5-minute spacing holds them back.")
        }
        let budgetText = "\(budget.verdictName) budget of \(perDay) a day"
        if asked <= Double(perDay) {
            return Self(askedPerDay: asked, budgetPerDay: perDay, kind: .withinBudget,
                        sentence: what + ", within the \(budgetText), so refreshes can come when requested.")
        }
        let factor = formatCount(((asked / Double(perDay)) * 10).rounded() / 10)
        return Self(askedPerDay: asked, budgetPerDay: perDay, kind: .overBudget,
                    sentence: what + ", \(factor) times the \(budgetText), so refreshes are held back until the rolling 24-hour window has room.")
    }

    /// "288" for a whole number, else one decimal: "26.2".
    static func formatCount(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        let tenths = Int64((rounded * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}

extension BudgetProfile {
    /// "typical", or "custom" for a number, as the verdict sentence names it.
    fileprivate var verdictName: String {
        if case .perDay = self { return "custom" }
        return name
    }
}

extension TimelineSummary {
    /// Works out the summary of a finished simulation.
    static func make(refreshes: [RefreshRecord], activities: [LiveActivityRecord],
                     requestIntervals: [RequestedInterval], pending: PendingRefresh?,
                     configuration: SimulationConfiguration) -> TimelineSummary {
        let chargedTimes = refreshes.filter(\.charged).map(\.grantedAt)
        var maxInWindow = 0
        if configuration.budget.perCalendarDay != nil {
            // The HarmonyOS quota's window is the local calendar day (H8).
            let days = CalendarDays(zone: configuration.zone)
            var perDay: [Int64: Int] = [:]
            for time in chargedTimes { perDay[days.day(of: time), default: 0] += 1 }
            maxInWindow = perDay.values.max() ?? 0
        } else {
            var head = 0
            for (i, time) in chargedTimes.enumerated() {
                while chargedTimes[head] <= time - TimelineConstants.dayMs { head += 1 }
                maxInWindow = max(maxInWindow, i - head + 1)
            }
        }
        var gap: Gap?
        for (previous, next) in zip(refreshes, refreshes.dropFirst()) {
            let length = next.grantedAt - previous.grantedAt
            if length > (gap?.lengthMs ?? -1) { gap = Gap(from: previous.grantedAt, to: next.grantedAt) }
        }
        // The widget stays as the last refresh left it until the next one is granted, even
        // past the span's end: that stale time counts too. (A Live Activity that ended has
        // nothing pending, and no gap after its last run.)
        if let last = refreshes.last, let pending, pending.grantedAt - last.grantedAt > (gap?.lengthMs ?? -1) {
            gap = Gap(from: last.grantedAt, to: pending.grantedAt, afterLastRefresh: true)
        }
        let perDay = Double(refreshes.count) * Double(TimelineConstants.dayMs) / Double(configuration.durationMs)
        // How long the script's activities were active: a Live Activity script asks for
        // refreshes only then.
        let activeMs = activities.filter { $0.startedBy == .script }.reduce(Int64(0)) { sum, activity in
            sum + max(0, min(activity.endedAt ?? configuration.endMs, configuration.endMs) - activity.startedAt)
        }
        return TimelineSummary(
            refreshCount: refreshes.count,
            chargedCount: chargedTimes.count,
            freeCount: refreshes.count - chargedTimes.count,
            failedCount: refreshes.filter { $0.status != .ok }.count,
            delayedCount: refreshes.filter { $0.delayMs > 0 }.count,
            refreshesPer24h: (perDay * 100).rounded() / 100,
            maxChargedIn24h: maxInWindow,
            longestGap: gap,
            budgetVerdict: .judge(requests: requestIntervals,
                                  activeMs: configuration.isLive && pending == nil ? activeMs : nil, budget: configuration.budget),
            liveActivities: activities)
    }
}
