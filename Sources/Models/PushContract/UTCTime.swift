import ZonedTime

/// UTC date-times for responses, without a time-zone database (the calendar is `ZonedTime.CivilCalendar`).
public enum UTCTime {
    /// `2024-03-09T16:00:00.000Z` for epoch milliseconds.
    public static func format(epochMs: Int64) -> String {
        let days = epochMs >= 0 ? epochMs / 86_400_000 : (epochMs - 86_399_999) / 86_400_000
        let msOfDay = epochMs - days * 86_400_000
        let civil = CivilCalendar.civilFromDays(days)
        let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
        let h = msOfDay / 3_600_000, m = msOfDay / 60_000 % 60, s = msOfDay / 1000 % 60, ms = msOfDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2)).\(pad(ms, 3))Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
