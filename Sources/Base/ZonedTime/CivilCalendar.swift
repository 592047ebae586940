/// Proleptic Gregorian calendar arithmetic on days since 1970-01-01, after Howard
/// Hinnant's `days_from_civil` / `civil_from_days` algorithms
/// (https://howardhinnant.github.io/date_algorithms.html). Year 0 is 1 BC.
public enum CivilCalendar {
    /// Days from 1970-01-01 to the given date; `month` must be 1...12, `day` may run
    /// past the month's end (it is simply added).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(year) - (month <= 2 ? 1 : 0)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01.
    public static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// Whether `year` has a February 29.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1...12) of `year`.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Day of the week, 0 = Sunday ... 6 = Saturday, of the day `days` after 1970-01-01 (a Thursday).
    public static func weekday(daysSinceEpoch days: Int64) -> Int {
        Int(((days % 7) + 11) % 7)
    }
}

/// Division rounding toward negative infinity.
@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

/// The remainder matching `floorDiv`, in 0..<b for positive b.
@inline(__always)
func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
    a - floorDiv(a, b) * b
}
