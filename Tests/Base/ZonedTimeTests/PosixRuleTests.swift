import XCTest
@testable import ZonedTime

final class PosixRuleTests: XCTestCase {
    /// Epoch seconds of a UTC wall time.
    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Int64 {
        CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute).epochMilliseconds(in: .utc) / 1000
    }

    func testCentralEuropeanRule() throws {
        let cet = try Zone(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")
        XCTAssertEqual(cet.identifier, "CET-1CEST,M3.5.0,M10.5.0/3")
        // 2026: last Sunday of March is the 29th, of October the 25th; both at 01:00 UTC.
        XCTAssertEqual(cet.offsetSeconds(atEpochSeconds: utc(2026, 3, 29, 0, 59)), 3600)
        XCTAssertEqual(cet.offsetSeconds(atEpochSeconds: utc(2026, 3, 29, 1)), 7200)
        XCTAssertEqual(cet.abbreviation(atEpochSeconds: utc(2026, 3, 29, 1)), "CEST")
        XCTAssertEqual(cet.offsetSeconds(atEpochSeconds: utc(2026, 10, 25, 0, 59)), 7200)
        XCTAssertEqual(cet.offsetSeconds(atEpochSeconds: utc(2026, 10, 25, 1)), 3600)
        XCTAssertEqual(cet.abbreviation(atEpochSeconds: utc(2026, 12, 25)), "CET")
        XCTAssertFalse(cet.isDST(atEpochSeconds: utc(2026, 1, 1)))
        XCTAssertTrue(cet.isDST(atEpochSeconds: utc(2026, 7, 1)))
    }

    func testUSRuleAndDefaultRule() throws {
        for rule in ["EST5EDT,M3.2.0,M11.1.0", "EST5EDT"] {
            let us = try Zone(posixRule: rule)
            // 2024-03-10T07:00Z and 2024-11-03T06:00Z.
            XCTAssertEqual(us.offsetSeconds(atEpochSeconds: 1_710_053_999), -18_000, rule)
            XCTAssertEqual(us.offsetSeconds(atEpochSeconds: 1_710_054_000), -14_400, rule)
            XCTAssertEqual(us.offsetSeconds(atEpochSeconds: 1_730_613_599), -14_400, rule)
            XCTAssertEqual(us.offsetSeconds(atEpochSeconds: 1_730_613_600), -18_000, rule)
            XCTAssertEqual(us.abbreviation(atEpochSeconds: 1_710_054_000), "EDT", rule)
        }
    }

    func testFixedOffsets() throws {
        let india = try Zone(posixRule: "IST-5:30")
        XCTAssertEqual(india.offsetSeconds(atEpochSeconds: 0), 19_800)
        XCTAssertEqual(india.abbreviation(atEpochSeconds: 0), "IST")
        let quoted = try Zone(posixRule: "<+0530>-5:30")
        XCTAssertEqual(quoted.offsetSeconds(atEpochSeconds: 1_000_000_000), 19_800)
        XCTAssertEqual(quoted.abbreviation(atEpochSeconds: 0), "+0530")
        let west = try Zone(posixRule: "<-03>3")
        XCTAssertEqual(west.offsetSeconds(atEpochSeconds: 0), -10_800)
        XCTAssertEqual(west.abbreviation(atEpochSeconds: 0), "-03")
        XCTAssertEqual(try Zone(posixRule: "XXX+1:02:03").offsetSeconds(atEpochSeconds: 0), -3723)
        XCTAssertEqual(try Zone(posixRule: "UTC0").offsetSeconds(atEpochSeconds: 0), 0)
    }

    func testSouthernHemisphereRule() throws {
        let lordHowe = try Zone(posixRule: "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0")
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: utc(2030, 1, 15)), 39_600)
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: utc(2030, 7, 1)), 37_800)
        let sydney = try Zone(posixRule: "AEST-10AEDT,M10.1.0,M4.1.0/3")
        XCTAssertTrue(sydney.isDST(atEpochSeconds: utc(2030, 12, 31, 23)))
        XCTAssertTrue(sydney.isDST(atEpochSeconds: utc(2031, 1, 1, 0)))
        // 2030-04-07 03:00 AEDT = 2030-04-06T16:00Z.
        XCTAssertTrue(sydney.isDST(atEpochSeconds: utc(2030, 4, 6, 15, 59)))
        XCTAssertFalse(sydney.isDST(atEpochSeconds: utc(2030, 4, 6, 16)))
    }

    func testJulianAndZeroBasedDays() throws {
        // Jn never counts February 29: J60 is March 1 even in leap years.
        let julian = try Zone(posixRule: "AAA0BBB,J60/0,J300/0")
        XCTAssertFalse(julian.isDST(atEpochSeconds: utc(2024, 2, 29, 23, 59)))
        XCTAssertTrue(julian.isDST(atEpochSeconds: utc(2024, 3, 1)))
        XCTAssertFalse(julian.isDST(atEpochSeconds: utc(2023, 2, 28, 23, 59)))
        XCTAssertTrue(julian.isDST(atEpochSeconds: utc(2023, 3, 1)))
        // n counts from 0 and includes February 29: day 59 is Feb 29 in 2024, March 1 in 2023.
        let zeroBased = try Zone(posixRule: "AAA0BBB,59/0,300/0")
        XCTAssertTrue(zeroBased.isDST(atEpochSeconds: utc(2024, 2, 29)))
        XCTAssertFalse(zeroBased.isDST(atEpochSeconds: utc(2024, 2, 28, 23, 59)))
        XCTAssertFalse(zeroBased.isDST(atEpochSeconds: utc(2023, 2, 28, 23, 59)))
        XCTAssertTrue(zeroBased.isDST(atEpochSeconds: utc(2023, 3, 1)))
        // J300 is October 27, day 300 (0-based) October 27 in leap 2024 / October 28 in 2023.
        XCTAssertTrue(julian.isDST(atEpochSeconds: utc(2023, 10, 26, 22, 59)))
        XCTAssertFalse(julian.isDST(atEpochSeconds: utc(2023, 10, 27, 0)))
        XCTAssertTrue(zeroBased.isDST(atEpochSeconds: utc(2023, 10, 27, 22, 59)))
        XCTAssertFalse(zeroBased.isDST(atEpochSeconds: utc(2023, 10, 27, 23)))
        XCTAssertTrue(zeroBased.isDST(atEpochSeconds: utc(2024, 10, 26, 22, 59)))
        XCTAssertFalse(zeroBased.isDST(atEpochSeconds: utc(2024, 10, 26, 23)))
    }

    func testVersion3ExtendedTimes() throws {
        // America/Godthab before 2023 (TZif v3 example): transitions at -2:00 and -1:00 local.
        let nuuk = try Zone(posixRule: "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1")
        // 2022-03-26 22:00 local (-03) = 2022-03-27T01:00Z, i.e. the Saturday before the last Sunday.
        XCTAssertFalse(nuuk.isDST(atEpochSeconds: utc(2022, 3, 27, 0, 59)))
        XCTAssertTrue(nuuk.isDST(atEpochSeconds: utc(2022, 3, 27, 1)))
        XCTAssertEqual(nuuk.offsetSeconds(atEpochSeconds: utc(2022, 7, 1)), -7200)
        // 2022-10-29 23:00 local (-02) = 2022-10-30T01:00Z.
        XCTAssertTrue(nuuk.isDST(atEpochSeconds: utc(2022, 10, 30, 0, 59)))
        XCTAssertFalse(nuuk.isDST(atEpochSeconds: utc(2022, 10, 30, 1)))
        // Hours beyond 24: DST all year, as in "EST5EDT,0/0,J365/25".
        let permanent = try Zone(posixRule: "EST5EDT,0/0,J365/25")
        for month in 1...12 {
            XCTAssertTrue(permanent.isDST(atEpochSeconds: utc(2026, month, 1)), "month \(month)")
        }
        XCTAssertTrue(permanent.isDST(atEpochSeconds: utc(2027, 1, 1, 4, 59)))
        XCTAssertEqual(permanent.offsetSeconds(atEpochSeconds: utc(2026, 12, 31, 23)), -14_400)
        // Start at 167 hours after the start day's midnight.
        let late = try Zone(posixRule: "AAA0BBB,M3.1.0/167,M10.1.0")
        // First Sunday of March 2026 is the 1st; plus 167 hours = March 7, 23:00.
        XCTAssertFalse(late.isDST(atEpochSeconds: utc(2026, 3, 7, 22, 59)))
        XCTAssertTrue(late.isDST(atEpochSeconds: utc(2026, 3, 7, 23)))
    }

    func testFifthWeekMeansLastWeek() throws {
        // M2.5.0: the last Sunday of February, in 2026 the 22nd; in 2032 (leap, starting on a Sunday) the 29th.
        let feb = try Zone(posixRule: "AAA0BBB,M2.5.0/0,M11.1.0/0")
        XCTAssertFalse(feb.isDST(atEpochSeconds: utc(2026, 2, 21, 23, 59)))
        XCTAssertTrue(feb.isDST(atEpochSeconds: utc(2026, 2, 22)))
        XCTAssertFalse(feb.isDST(atEpochSeconds: utc(2032, 2, 28, 23, 59)))
        XCTAssertTrue(feb.isDST(atEpochSeconds: utc(2032, 2, 29)))
    }

    func testExplicitDSTOffset() throws {
        let rule = try Zone(posixRule: "AAA-1BBB-3,M3.5.0,M10.5.0")
        XCTAssertEqual(rule.offsetSeconds(atEpochSeconds: utc(2026, 7, 1)), 10_800)
        XCTAssertEqual(rule.offsetSeconds(atEpochSeconds: utc(2026, 1, 1)), 3600)
    }

    func testMalformedRulesAreRejected() {
        let bad = ["", "CE", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
                   "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J0,J100", "CET-1CEST,366,100", "CET-25", "CET-1:60",
                   "<+05>", "<+0>-0", "CET-1CEST,M3.5.0/168,M10.5.0", "CET-1 CEST", "CET-1CEST,M3.5.0,M10.5.0x",
                   "1CET", "CET-1CEST,M3.5.0;M10.5.0"]
        for rule in bad {
            XCTAssertThrowsError(try Zone(posixRule: rule), "\(rule)") { error in
                XCTAssertEqual((error as? ZoneError)?.kind, .invalidRule)
                XCTAssertEqual((error as? ZoneError)?.message,
                               "invalid POSIX TZ rule \"\(rule)\": expected e.g. CET-1CEST,M3.5.0,M10.5.0/3")
            }
        }
    }
}
