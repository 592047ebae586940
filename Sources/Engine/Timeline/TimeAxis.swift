import ZonedTime

/// Tick marks for a time axis in a zone: evenly spaced wall-clock times (every 15
/// minutes up to every 8 weeks, chosen so about a dozen fit), with the ticks that fall
/// on a local midnight marked as dates.
struct TimeAxis {
    struct Tick: Hashable {
        /// The instant, epoch milliseconds.
        var at: Int64
        /// "06:00", or for a midnight tick "Mon 30 Nov".
        var label: String
        /// Whether the tick is a local midnight.
        var isDate: Bool
    }

    /// Step sizes in minutes, smallest first.
    private static let stepsMinutes: [Int64] = [15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10_080, 20_160, 40_320, 80_640]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    let ticks: [Tick]
    /// The step in minutes.
    let stepMinutes: Int64

    /// - Parameters:
    ///   - start: First instant of the axis.
    ///   - end: Last instant of the axis.
    ///   - zone: Zone of the wall-clock labels.
    ///   - maximumTicks: At most this many ticks (roughly).
    init(start: Int64, end: Int64, zone: Zone, maximumTicks: Int = 16) {
        let span = max(1, end - start)
        let step = Self.stepsMinutes.first { span / ($0 * TimelineConstants.minuteMs) <= Int64(maximumTicks) }
            ?? Self.stepsMinutes[Self.stepsMinutes.count - 1]
        stepMinutes = step
        var ticks: [Tick] = []
        let first = CivilDateTime(epochMilliseconds: start, in: zone)
        var day = CivilCalendar.daysFromCivil(year: first.year, month: first.month, day: first.day)
        let startDay = day
        let stepDays = max(1, step / 1440)
        while true {
            let date = CivilCalendar.civilFromDays(day)
            let minutesInDay: [Int64] = step < 1440 ? Array(stride(from: 0, to: 1440, by: Int(step)).map(Int64.init)) : [0]
            var pastEnd = false
            for minute in minutesInDay {
                let civil = CivilDateTime(year: date.year, month: date.month, day: date.day,
                                          hour: Int(minute / 60), minute: Int(minute % 60))
                let at = civil.epochMilliseconds(in: zone)
                if at > end { pastEnd = true; break }
                // Skip ticks before the start, and wall times a DST change skipped or repeated.
                guard at >= start, ticks.last.map({ $0.at < at }) ?? true else { continue }
                let shown = CivilDateTime(epochMilliseconds: at, in: zone)
                guard shown.hour == civil.hour, shown.minute == civil.minute else { continue }
                if minute == 0 && (day - startDay) % stepDays != 0 { continue }
                let isDate = minute == 0
                // Daily or finer: "Mon 30 Nov"; longer steps: "30 Nov", so more of them fit.
                let dayMonth = "\(shown.day) \(Self.months[shown.month - 1])"
                let label = isDate ? (step <= 1440 ? "\(Self.weekdays[shown.weekday]) \(dayMonth)" : dayMonth)
                    : "\(TimeText.pad(shown.hour)):\(TimeText.pad(shown.minute))"
                ticks.append(Tick(at: at, label: label, isDate: isDate))
            }
            if pastEnd { break }
            day += 1
            if day - startDay > 400 { break }
        }
        self.ticks = ticks
    }

    /// "Sun 29 Nov 2026" for `at` in `zone`.
    static func longDate(_ at: Int64, in zone: Zone) -> String {
        let c = CivilDateTime(epochMilliseconds: at, in: zone)
        return "\(weekdays[c.weekday]) \(c.day) \(months[c.month - 1]) \(c.year)"
    }
}
