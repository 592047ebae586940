@testable import ICUZones
import XCTest
import ZonedTime

/// One zone's TZif data in ICU's form: transitions, types as raw offset and saving, final rule.
final class ICUZoneEntryTests: XCTestCase {
    func type(_ offset: Int, dst: Bool, _ abbreviation: String) -> LocalTimeType {
        LocalTimeType(offset: offset, isDST: dst, abbreviation: abbreviation)
    }

    func footer(_ text: String) -> PosixTimeZone { PosixTimeZone(parsing: text)! }

    static func at(_ year: Int, _ month: Int, _ day: Int, _ seconds: Int64 = 0) -> Int64 {
        CivilCalendar.daysFromCivil(year: year, month: month, day: day) * 86_400 + seconds
    }

    func testDaylightPeriodsSaveWhatTheyAddToStandardTime() throws {
        let data = TZifData(
            transitions: [Self.at(2020, 3, 29, 3600), Self.at(2020, 10, 25, 3600)],
            transitionTypes: [1, 2],
            types: [type(3600, dst: false, "CET"), type(7200, dst: true, "CEST"), type(3600, dst: false, "CET")],
            rule: nil)
        let entry = try ICUZoneEntry(data)
        XCTAssertTrue(entry.types.elementsEqual([(3600, 0), (3600, 3600)]) { $0 == $1 })
        XCTAssertEqual(entry.typeMap, [1, 0])
        XCTAssertNil(entry.finalRule)
    }

    func testNegativeSavingIsTurnedTheWayICUHasIt() throws {
        // Europe/Dublin since 1971: IST (+1) standard in summer, GMT "daylight" in winter. ICU: GMT
        // standard, IST an hour's saving. Africa/Windhoek since 2017: CAT standard all year.
        let data = TZifData(
            transitions: [Self.at(1971, 10, 31), Self.at(1972, 3, 19), Self.at(1972, 10, 29), Self.at(2017, 10, 24)],
            transitionTypes: [1, 2, 1, 2],
            types: [type(3600, dst: false, "IST"), type(0, dst: true, "GMT"), type(3600, dst: false, "IST")],
            rule: nil)
        let entry = try ICUZoneEntry(data)
        // Periods: IST (before), GMT, IST (between two GMTs: daylight), GMT, IST (the last: standard).
        XCTAssertTrue(entry.types.elementsEqual([(3600, 0), (0, 0), (0, 3600)]) { $0 == $1 })
        XCTAssertEqual(entry.typeMap, [1, 2, 1, 0])
    }

    func testAFooterRuleTakesOverFromTheYearAfterTheLastTransition() throws {
        // A "slim" file: its last transition starts daylight time in March 2007; the footer says
        // when it ends, so that end is listed and the rule holds from 2008.
        let data = TZifData(
            transitions: [Self.at(2007, 3, 11, 7 * 3600)],
            transitionTypes: [1],
            types: [type(-18000, dst: false, "EST"), type(-14400, dst: true, "EDT")],
            rule: footer("EST5EDT,M3.2.0,M11.1.0"))
        let entry = try ICUZoneEntry(data)
        XCTAssertEqual(entry.transitions, [Self.at(2007, 3, 11, 7 * 3600), Self.at(2007, 11, 4, 6 * 3600)])
        XCTAssertEqual(entry.typeMap, [1, 0])
        XCTAssertEqual(entry.finalYear, 2008)
        XCTAssertEqual(entry.finalRule?.vector, [2, 2, 1, 7200, 0, 10, 1, 1, 7200, 0, 3600])
        let table = Dictionary(entry.resourceEntries(ruleKey: "R0000").map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(table["finalRule"], .string("R0000"))
        XCTAssertEqual(table["finalRaw"], .int(-18000))
        XCTAssertEqual(table["finalYear"], .int(2008))
        XCTAssertEqual(table["typeMap"], .binary([1, 0]))
    }

    func testARuleICUCannotSayIsListedThrough2100() throws {
        let rule = footer("AAA3BBB,M2.5.0/-22,M10.5.0")
        let data = TZifData(transitions: [], transitionTypes: [], types: [type(-10800, dst: false, "AAA")], rule: rule)
        let entry = try ICUZoneEntry(data)
        XCTAssertNil(entry.finalRule)
        XCTAssertNil(entry.finalYear)
        // Two transitions a year from 1970 to 2100, the last the end of daylight time in October 2100.
        XCTAssertEqual(entry.transitions.count, 2 * 131)
        XCTAssertEqual(entry.transitions.last, rule.instant(year: 2100, date: .monthWeekDay(month: 10, week: 5, weekday: 0), time: 7200, offset: -7200))
        XCTAssertEqual(entry.typeMap.last, 0)
    }

    func testInstantsBeyond32BitsGoInPairs() throws {
        let early: Int64 = -2_717_640_000 // 1883, before -2^31 seconds
        let late: Int64 = 2_200_000_000   // 2039, after 2^31 - 1
        let data = TZifData(transitions: [early, 0, late], transitionTypes: [1, 2, 1],
                            types: [type(-17762, dst: false, "LMT"), type(-18000, dst: false, "EST"), type(-14400, dst: false, "AST")],
                            rule: nil)
        let table = Dictionary(try ICUZoneEntry(data).resourceEntries(ruleKey: nil).map { ($0.key, $0.value) },
                               uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(table["transPre32"], .intVector([-1, Int32(bitPattern: UInt32(truncatingIfNeeded: early))]))
        XCTAssertEqual(table["trans"], .intVector([0]))
        XCTAssertEqual(table["transPost32"], .intVector([0, Int32(bitPattern: UInt32(late))]))
        XCTAssertEqual(table["typeOffsets"], .intVector([-17762, 0, -18000, 0, -14400, 0]))
        XCTAssertEqual(table["typeMap"], .binary([1, 2, 1]))
        XCTAssertNil(table["finalRule"])
    }

    func testAZoneMadeFromARuleAloneFollowsIt() throws {
        let entry = try ICUZoneEntry(try Zone(posixRule: "AST4ADT,M4.5.0,M10.5.0").data)
        XCTAssertTrue(entry.types.elementsEqual([(-14400, 0), (-14400, 3600)]) { $0 == $1 })
        XCTAssertEqual(entry.transitions, [Self.at(1970, 4, 26, 6 * 3600), Self.at(1970, 10, 25, 5 * 3600)])
        XCTAssertEqual(entry.finalYear, 1971)
    }
}
