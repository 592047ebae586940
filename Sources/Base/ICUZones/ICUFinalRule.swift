import ZonedTime

/// A zone's recurring daylight-saving rule in ICU's form: the eleven numbers of a
/// `SimpleTimeZone` that `zoneinfo64`'s `Rules` table holds, with the zone's raw offset.
///
/// A POSIX TZ footer (`CET-1CEST,M3.5.0,M10.5.0/3`) says more than ICU can in two ways,
/// both converted here: rule times outside 0–24 h (`M3.4.4/50`, `M3.5.0/-1`) become UTC
/// times or a shifted day ("Saturday on or after the 24th"), and a negative saving
/// (Europe/Dublin's `IST-1GMT0,…`) becomes ICU's positive one with start and end swapped.
struct ICUFinalRule: Equatable {
    /// Seconds east of UTC outside daylight time.
    var rawOffset: Int
    /// `startMonth, startDay, startDayOfWeek, startTime, startTimeMode, endMonth, endDay,
    /// endDayOfWeek, endTime, endTimeMode, dstSavings`, times in seconds.
    var vector: [Int32]

    /// ICU's time modes: the rule time is wall time (before the transition), standard time, or UTC.
    enum TimeMode: Int32 { case wall = 0, standard = 1, utc = 2 }

    /// One end of the daylight period as ICU encodes it.
    struct Transition: Equatable {
        var month: Int32       // 0 = January
        var day: Int32
        var dayOfWeek: Int32   // 1 = Sunday; 0 = an exact day; negative = on or after/before `day`
        var time: Int32
        var mode: TimeMode
    }

    enum Conversion: Equatable {
        /// The footer has no daylight time (or a saving of zero): the last offset holds for ever.
        case fixed
        case rule(ICUFinalRule)
        /// ICU cannot say this rule; its transitions must be listed instead.
        case inexpressible
    }

    static func convert(_ rule: PosixTimeZone) -> Conversion {
        guard let daylight = rule.daylight, daylight.offset != rule.standardOffset else { return .fixed }
        var raw = rule.standardOffset
        var saving = daylight.offset - rule.standardOffset
        var start = (date: daylight.start, time: daylight.startTime)
        var end = (date: daylight.end, time: daylight.endTime)
        if saving < 0 {
            // Negative saving: the footer's "daylight" time is ICU's standard time.
            raw = daylight.offset
            saving = -saving
            swap(&start, &end)
        }
        // The wall offset before each transition: standard before the start, daylight before the end.
        guard let first = transition(start.date, time: start.time, offsetBefore: raw),
              let last = transition(end.date, time: end.time, offsetBefore: raw + saving) else {
            return .inexpressible
        }
        let vector = [first.month, first.day, first.dayOfWeek, first.time, first.mode.rawValue,
                      last.month, last.day, last.dayOfWeek, last.time, last.mode.rawValue, Int32(saving)]
        return .rule(ICUFinalRule(rawOffset: raw, vector: vector))
    }

    /// The ICU form of "`date` at `time` local seconds, under `offsetBefore`", or nil.
    ///
    /// Tried in order: the wall time as it is; the same day in UTC; the wall time or the UTC
    /// time with the day shifted by whole days. ICU's times run from 0 to 24 h.
    static func transition(_ date: PosixTimeZone.RuleDate, time: Int, offsetBefore offset: Int) -> Transition? {
        let day = 86_400
        let utc = time - offset
        if (0..<day).contains(time), let t = encode(date, shiftedBy: 0, time: time, mode: .wall) { return t }
        if (0..<day).contains(utc), let t = encode(date, shiftedBy: 0, time: utc, mode: .utc) { return t }
        for (value, mode) in [(time, TimeMode.wall), (utc, .utc)] {
            let shift = Int(floorDiv(Int64(value), Int64(day)))
            if shift != 0, let t = encode(date, shiftedBy: shift, time: value - shift * day, mode: mode) { return t }
        }
        if time == day, let t = encode(date, shiftedBy: 0, time: time, mode: .wall) { return t }
        return nil
    }

    /// `date` moved by `shift` days, as an ICU day rule, or nil when ICU has no rule for it.
    static func encode(_ date: PosixTimeZone.RuleDate, shiftedBy shift: Int, time: Int, mode: TimeMode) -> Transition? {
        func make(_ month: Int, _ day: Int, _ dayOfWeek: Int) -> Transition {
            Transition(month: Int32(month - 1), day: Int32(day), dayOfWeek: Int32(dayOfWeek), time: Int32(time), mode: mode)
        }
        switch date {
        case .monthWeekDay(let month, let week, let weekday):
            let shiftedWeekday = Int(floorMod(Int64(weekday + shift), 7))
            if week < 5 {
                if shift == 0 { return make(month, week, weekday + 1) }
                // The week's days run from 7(w-1)+1 to 7w: "weekday on or after" its shifted first day.
                let first = 7 * (week - 1) + 1 + shift
                guard first >= 1, first + 6 <= shortestLength(of: month) else { return nil }
                return make(month, first, -(shiftedWeekday + 1))
            }
            if shift == 0 { return make(month, -1, weekday + 1) }
            // The last week ends on the month's last day: "weekday on or before" its shifted end.
            guard month != 2, shift < 0 else { return nil }
            let last = CivilCalendar.daysInMonth(year: 2001, month: month) + shift
            guard last - 6 >= 1 else { return nil }
            return make(month, -last, -(shiftedWeekday + 1))
        case .julianNoLeap(let n):
            // Day n of a year without February 29: a fixed date, unless the shift crosses the end of February.
            let shifted = n + shift
            guard (1...365).contains(shifted), (n <= 59) == (shifted <= 59) else { return nil }
            let civil = CivilCalendar.civilFromDays(CivilCalendar.daysFromCivil(year: 2001, month: 1, day: shifted))
            return make(civil.month, civil.day, 0)
        case .zeroBased(let n):
            // Counted with February 29: a fixed date only before it.
            let shifted = n + shift
            guard n < 59, (0..<59).contains(shifted) else { return nil }
            let civil = CivilCalendar.civilFromDays(CivilCalendar.daysFromCivil(year: 2001, month: 1, day: shifted + 1))
            return make(civil.month, civil.day, 0)
        }
    }

    static func shortestLength(of month: Int) -> Int { month == 2 ? 28 : CivilCalendar.daysInMonth(year: 2001, month: month) }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func floorMod(_ a: Int64, _ b: Int64) -> Int64 { a - floorDiv(a, b) * b }
}
