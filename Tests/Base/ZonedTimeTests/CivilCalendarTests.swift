import XCTest
@testable import ZonedTime

final class CivilCalendarTests: XCTestCase {
    func testKnownDays() {
        XCTAssertEqual(CivilCalendar.daysFromCivil(year: 1970, month: 1, day: 1), 0)
        XCTAssertEqual(CivilCalendar.daysFromCivil(year: 1969, month: 12, day: 31), -1)
        XCTAssertEqual(CivilCalendar.daysFromCivil(year: 2000, month: 3, day: 1), 11_017)
        XCTAssertEqual(CivilCalendar.daysFromCivil(year: 2026, month: 11, day: 29), 1_795_910_400 / 86_400)
        XCTAssertEqual(CivilCalendar.daysFromCivil(year: 1900, month: 1, day: 1), -2_208_988_800 / 86_400)
        XCTAssertEqual(CivilCalendar.daysFromCivil(year: 0, month: 3, day: 1), -62_162_035_200 / 86_400)
        XCTAssertEqual(CivilCalendar.daysFromCivil(year: 2400, month: 7, day: 1), 13_585_190_400 / 86_400)
        XCTAssertEqual(CivilCalendar.daysFromCivil(year: 9999, month: 12, day: 31), 253_402_214_400 / 86_400)
    }

    func testCivilFromDays() {
        XCTAssertTrue(CivilCalendar.civilFromDays(0) == (1970, 1, 1))
        XCTAssertTrue(CivilCalendar.civilFromDays(-1) == (1969, 12, 31))
        XCTAssertTrue(CivilCalendar.civilFromDays(11_016) == (2000, 2, 29))
        XCTAssertTrue(CivilCalendar.civilFromDays(-719_468) == (0, 3, 1))
        XCTAssertTrue(CivilCalendar.civilFromDays(-719_469) == (0, 2, 29))
        XCTAssertTrue(CivilCalendar.civilFromDays(-719_529) == (-1, 12, 31))
    }

    func testRoundTripOverFiveCenturies() {
        var expected = (year: 1800, month: 1, day: 1)
        var days = CivilCalendar.daysFromCivil(year: 1800, month: 1, day: 1)
        while expected.year < 2300 {
            let civil = CivilCalendar.civilFromDays(days)
            XCTAssertTrue(civil == expected, "\(days): \(civil) != \(expected)")
            XCTAssertEqual(CivilCalendar.daysFromCivil(year: civil.year, month: civil.month, day: civil.day), days)
            days += 1
            expected.day += 1
            if expected.day > CivilCalendar.daysInMonth(year: expected.year, month: expected.month) {
                expected.day = 1
                expected.month += 1
                if expected.month > 12 { expected.month = 1; expected.year += 1 }
            }
        }
    }

    func testLeapYearsAndMonthLengths() {
        XCTAssertTrue(CivilCalendar.isLeapYear(2024))
        XCTAssertTrue(CivilCalendar.isLeapYear(2000))
        XCTAssertTrue(CivilCalendar.isLeapYear(0))
        XCTAssertTrue(CivilCalendar.isLeapYear(-4))
        XCTAssertFalse(CivilCalendar.isLeapYear(1900))
        XCTAssertFalse(CivilCalendar.isLeapYear(2026))
        XCTAssertEqual(CivilCalendar.daysInMonth(year: 2024, month: 2), 29)
        XCTAssertEqual(CivilCalendar.daysInMonth(year: 2026, month: 2), 28)
        XCTAssertEqual(CivilCalendar.daysInMonth(year: 2026, month: 4), 30)
        XCTAssertEqual(CivilCalendar.daysInMonth(year: 2026, month: 12), 31)
    }

    func testWeekdays() {
        XCTAssertEqual(CivilCalendar.weekday(daysSinceEpoch: 0), 4) // Thursday
        XCTAssertEqual(CivilCalendar.weekday(daysSinceEpoch: -1), 3)
        XCTAssertEqual(CivilCalendar.weekday(daysSinceEpoch: -4), 0)
        XCTAssertEqual(CivilDateTime(year: 2026, month: 11, day: 29).weekday, 0) // Sunday
        XCTAssertEqual(CivilDateTime(year: 2024, month: 2, day: 29).weekday, 4)
        XCTAssertEqual(CivilDateTime(year: 1900, month: 1, day: 1).weekday, 1)
    }

    func testCivilDateTimeFromEpoch() {
        XCTAssertEqual(CivilDateTime(epochMilliseconds: 1_795_982_034_123, in: .utc),
                       CivilDateTime(year: 2026, month: 11, day: 29, hour: 19, minute: 53, second: 54, millisecond: 123))
        XCTAssertEqual(CivilDateTime(epochMilliseconds: -1, in: .utc),
                       CivilDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999))
        XCTAssertEqual(CivilDateTime(year: 2026, month: 11, day: 29, hour: 19, minute: 53, second: 54, millisecond: 123)
            .epochMilliseconds(in: .utc), 1_795_982_034_123)
        XCTAssertEqual(CivilDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999)
            .epochMilliseconds(in: .utc), -1)
    }

    func testOutOfRangeFieldsNormalizeLikeJavaScriptDate() {
        XCTAssertEqual(CivilDateTime(year: 2025, month: 13, day: 1).epochMilliseconds(in: .utc),
                       CivilDateTime(year: 2026, month: 1, day: 1).epochMilliseconds(in: .utc))
        XCTAssertEqual(CivilDateTime(year: 2026, month: 3, day: 0).epochMilliseconds(in: .utc),
                       CivilDateTime(year: 2026, month: 2, day: 28).epochMilliseconds(in: .utc))
        XCTAssertEqual(CivilDateTime(year: 2026, month: 0, day: 1).epochMilliseconds(in: .utc),
                       CivilDateTime(year: 2025, month: 12, day: 1).epochMilliseconds(in: .utc))
        XCTAssertEqual(CivilDateTime(year: 2026, month: 1, day: 1, hour: 0, minute: 90).epochMilliseconds(in: .utc),
                       CivilDateTime(year: 2026, month: 1, day: 1, hour: 1, minute: 30).epochMilliseconds(in: .utc))
        XCTAssertEqual(CivilDateTime(year: 2026, month: 1, day: 1, millisecond: -1).epochMilliseconds(in: .utc),
                       CivilDateTime(year: 2025, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999)
                        .epochMilliseconds(in: .utc))
    }

    func testValidityAndDescription() {
        XCTAssertTrue(CivilDateTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59, millisecond: 999).isValid)
        XCTAssertFalse(CivilDateTime(year: 2026, month: 2, day: 29).isValid)
        XCTAssertFalse(CivilDateTime(year: 2026, month: 13, day: 1).isValid)
        XCTAssertFalse(CivilDateTime(year: 2026, month: 1, day: 1, hour: 24).isValid)
        XCTAssertFalse(CivilDateTime(year: 2026, month: 1, day: 1, millisecond: 1000).isValid)
        XCTAssertEqual(CivilDateTime(year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5, millisecond: 6).description,
                       "2026-01-02T03:04:05.006")
    }
}
