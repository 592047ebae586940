/// A wall-clock date and time without a zone: proleptic Gregorian calendar, year 0 = 1 BC.
///
/// Fields are not validated on creation; `isValid` says whether they are all in range.
/// Converting to an instant normalizes out-of-range fields the way JavaScript's `Date`
/// does (month 13 is January of the next year, day 0 is the last day of the previous
/// month, minute 90 is 1:30 later, and so on).
public struct CivilDateTime: Sendable, Hashable, CustomStringConvertible {
    /// The year; 0 is 1 BC, -1 is 2 BC.
    public var year: Int
    /// 1...12
    public var month: Int
    /// 1...31
    public var day: Int
    /// 0...23
    public var hour: Int
    /// 0...59
    public var minute: Int
    /// 0...59
    public var second: Int
    /// 0...999
    public var millisecond: Int

    /// Creates a civil date-time from its fields, unchecked.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The wall-clock time in `zone` at the instant `epochMilliseconds` after 1970-01-01T00:00:00Z.
    public init(epochMilliseconds: Int64, in zone: Zone) {
        let offset = Int64(zone.offsetSeconds(atEpochSeconds: floorDiv(epochMilliseconds, 1000)))
        self.init(localMilliseconds: epochMilliseconds &+ offset * 1000)
    }

    /// Splits milliseconds since the local epoch (1970-01-01T00:00 wall time).
    init(localMilliseconds local: Int64) {
        let days = floorDiv(local, 86_400_000)
        let msOfDay = Int(local - days * 86_400_000)
        let date = CivilCalendar.civilFromDays(days)
        self.init(year: date.year, month: date.month, day: date.day,
                  hour: msOfDay / 3_600_000, minute: msOfDay / 60_000 % 60,
                  second: msOfDay / 1000 % 60, millisecond: msOfDay % 1000)
    }

    /// Milliseconds since the local epoch (1970-01-01T00:00 wall time), fields normalized.
    /// Traps on overflow, which takes years beyond about ±290 million.
    var localMilliseconds: Int64 {
        let monthIndex = Int64(month) - 1
        let y = Int64(year) + floorDiv(monthIndex, 12)
        let m = Int(floorMod(monthIndex, 12)) + 1
        let days = CivilCalendar.daysFromCivil(year: Int(y), month: m, day: 1) + Int64(day) - 1
        return days * 86_400_000 + Int64(hour) * 3_600_000 + Int64(minute) * 60_000
            + Int64(second) * 1000 + Int64(millisecond)
    }

    /// The instant at which this wall-clock time occurs in `zone`, in epoch milliseconds.
    ///
    /// When the time occurs twice (clocks turned back) or not at all (clocks turned
    /// forward), the earlier offset is used: the one in effect before the transition.
    /// An ambiguous time therefore gives the first of its two instants, and a skipped
    /// time is read with the pre-transition offset, landing after the gap (02:30 on a
    /// spring-forward night in Berlin is 01:30Z, shown as 03:30 CEST) as JavaScript's
    /// `Date` does.
    public func epochMilliseconds(in zone: Zone) -> Int64 {
        zone.epochMilliseconds(fromLocal: localMilliseconds)
    }

    /// Day of the week, 0 = Sunday ... 6 = Saturday (fields normalized first).
    public var weekday: Int {
        CivilCalendar.weekday(daysSinceEpoch: floorDiv(localMilliseconds, 86_400_000))
    }

    /// Whether every field is within its range (hour 0...23, day within the month, and so on).
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= CivilCalendar.daysInMonth(year: year, month: month)
            && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
            && (0...999).contains(millisecond)
    }

    /// "YYYY-MM-DDTHH:MM:SS.mmm", without an offset.
    public var description: String {
        var text = ISO8601.Digits()
        write(to: &text)
        return text.string
    }

    func write(to text: inout ISO8601.Digits) {
        text.date(year: year, month: month, day: day)
        text.character("T")
        text.padded(hour, 2)
        text.character(":")
        text.padded(minute, 2)
        text.character(":")
        text.padded(second, 2)
        text.character(".")
        text.padded(millisecond, 3)
    }
}
