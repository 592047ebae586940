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

        /// How many refreshes a day the script asks for: one day divided by the mean
        /// requested interval (each interval at least 5 minutes, C1). `setUpdateFreq(5)`
        /// asks for 288. `nil` when it made no requests.
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

extension TimelineSummary.BudgetVerdict {
    /// Judges the requested intervals (milliseconds, one per request made) against `budget`.
    static func judge(requestIntervalsMs: [Int64], budget: BudgetProfile) -> Self {
        let perDay = budget.refreshesPerDay
        guard !requestIntervalsMs.isEmpty else {
            return Self(askedPerDay: nil, budgetPerDay: perDay, kind: .noRequests,
                        sentence: "The script never asked for a scheduled refresh, so there is nothing to judge against the budget.")
        }
        var total = 0.0
        for interval in requestIntervalsMs {
            total += Double(max(interval, TimelineConstants.minimumSpacingMs))
        }
        let mean = total / Double(requestIntervalsMs.count)
        let asked = ((Double(TimelineConstants.dayMs) / mean) * 10).rounded() / 10
        let askedText = formatCount(asked)
        guard let perDay else {
            return Self(askedPerDay: asked, budgetPerDay: nil, kind: .unlimited,
                        sentence: "The script asks for about \(askedText) refreshes a day; with no budget (unlimited) only the 5-minute spacing holds them back.")
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
                        sentence: "The script asks for about \(askedText) refreshes a day, within the \(budgetText), so refreshes can come when requested.")
        }
        let factor = formatCount(((asked / Double(perDay)) * 10).rounded() / 10)
        return Self(askedPerDay: asked, budgetPerDay: perDay, kind: .overBudget,
                    sentence: "The script asks for about \(askedText) refreshes a day, \(factor) times the \(budgetText), so refreshes are held back until the rolling 24-hour window has room.")
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
                     requestIntervalsMs: [Int64], pending: PendingRefresh?,
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
        return TimelineSummary(
            refreshCount: refreshes.count,
            chargedCount: chargedTimes.count,
            freeCount: refreshes.count - chargedTimes.count,
            failedCount: refreshes.filter { $0.status != .ok }.count,
            delayedCount: refreshes.filter { $0.delayMs > 0 }.count,
            refreshesPer24h: (perDay * 100).rounded() / 100,
            maxChargedIn24h: maxInWindow,
            longestGap: gap,
            budgetVerdict: .judge(requestIntervalsMs: requestIntervalsMs, budget: configuration.budget),
            liveActivities: activities)
    }
}
