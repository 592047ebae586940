@testable import ICUZones
import XCTest
import ZonedTime

/// POSIX footer rules in ICU's `SimpleTimeZone` form: the eleven numbers of `Rules`.
final class ICUFinalRuleTests: XCTestCase {
    func rule(_ text: String) -> ICUFinalRule.Conversion {
        guard let parsed = PosixTimeZone(parsing: text) else {
            XCTFail("\(text) does not parse")
            return .inexpressible
        }
        return ICUFinalRule.convert(parsed)
    }

    func testOrdinaryRulesKeepTheirWallTimes() {
        // ICU's own data has these as "EU" and "US": last Sunday of March / October, second Sunday of March.
        XCTAssertEqual(rule("CET-1CEST,M3.5.0,M10.5.0/3"),
                       .rule(ICUFinalRule(rawOffset: 3600, vector: [2, -1, 1, 7200, 0, 9, -1, 1, 10800, 0, 3600])))
        XCTAssertEqual(rule("EST5EDT,M3.2.0,M11.1.0"),
                       .rule(ICUFinalRule(rawOffset: -18000, vector: [2, 2, 1, 7200, 0, 10, 1, 1, 7200, 0, 3600])))
        // Lord Howe saves half an hour; Troll two hours.
        XCTAssertEqual(rule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"),
                       .rule(ICUFinalRule(rawOffset: 37800, vector: [9, 1, 1, 7200, 0, 3, 1, 1, 7200, 0, 1800])))
        XCTAssertEqual(rule("<+00>0<+02>-2,M3.5.0/1,M10.5.0/3"),
                       .rule(ICUFinalRule(rawOffset: 0, vector: [2, -1, 1, 3600, 0, 9, -1, 1, 10800, 0, 7200])))
    }

    func testTimesOutsideTheDayBecomeUTCTimesOrShiftedDays() {
        // America/Nuuk: 22:00 the day before, local time, is 01:00 UTC on the last Sunday.
        XCTAssertEqual(rule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"),
                       .rule(ICUFinalRule(rawOffset: -7200, vector: [2, -1, 1, 3600, 2, 9, -1, 1, 0, 0, 3600])))
        // Asia/Gaza: 50:00 after the fourth Thursday is 02:00 on the Saturday on or after the 24th.
        XCTAssertEqual(rule("EET-2EEST,M3.4.4/50,M10.4.4/50"),
                       .rule(ICUFinalRule(rawOffset: 7200, vector: [2, 24, -7, 7200, 0, 9, 24, -7, 7200, 0, 3600])))
        // Asia/Jerusalem: 26:00 after the fourth Thursday is the Friday on or after the 23rd (ICU's "Zion").
        XCTAssertEqual(rule("IST-2IDT,M3.4.4/26,M10.5.0"),
                       .rule(ICUFinalRule(rawOffset: 7200, vector: [2, 23, -6, 7200, 0, 9, -1, 1, 7200, 0, 3600])))
        // Africa/Cairo ends at 24:00 on the last Thursday of October: 21:00 UTC.
        XCTAssertEqual(rule("EET-2EEST,M4.5.5/0,M10.5.4/24"),
                       .rule(ICUFinalRule(rawOffset: 7200, vector: [3, -1, 6, 0, 0, 9, -1, 5, 75600, 2, 3600])))
        // America/Santiago: 24:00 on the first Saturday is midnight on the Sunday on or after the 2nd.
        XCTAssertEqual(rule("<-04>4<-03>,M9.1.6/24,M4.1.6/24"),
                       .rule(ICUFinalRule(rawOffset: -14400, vector: [8, 2, -1, 0, 0, 3, 2, -1, 0, 0, 3600])))
    }

    func testANegativeSavingBecomesICUsPositiveOneWithStartAndEndSwapped() {
        // Europe/Dublin: IST is standard and GMT "daylight" in winter; ICU has GMT with an hour saved in summer.
        XCTAssertEqual(rule("IST-1GMT0,M10.5.0,M3.5.0/1"),
                       .rule(ICUFinalRule(rawOffset: 0, vector: [2, -1, 1, 3600, 0, 9, -1, 1, 7200, 0, 3600])))
    }

    func testRulesWithoutDaylightTimeAreFixed() {
        XCTAssertEqual(rule("<+05>-5"), .fixed)
        XCTAssertEqual(rule("JST-9"), .fixed)
        // A "daylight" time with the standard offset saves nothing.
        XCTAssertEqual(rule("AAA-1BBB-1,M3.5.0,M10.5.0"), .fixed)
    }

    func testDatesICUCannotSayAreInexpressible() {
        // The day before the last Sunday of February: February has 28 or 29 days.
        XCTAssertEqual(rule("AAA3BBB,M2.5.0/-22,M10.5.0"), .inexpressible)
        // Day 60 counted with February 29 is February 29 or March 1.
        XCTAssertEqual(rule("AAA3BBB,60,M10.5.0"), .inexpressible)
        // Julian days without February 29 are fixed dates: J60 is March 1.
        XCTAssertEqual(rule("AAA3BBB,J60,M10.5.0"),
                       .rule(ICUFinalRule(rawOffset: -10800, vector: [2, 1, 0, 7200, 0, 9, -1, 1, 7200, 0, 3600])))
        // ... unless a shifted time moves one across the end of February.
        XCTAssertEqual(rule("AAA3BBB,J59/25,M10.5.0"), .inexpressible)
    }

    /// Every footer of the system's tzdata that has daylight time converts, and each ICU rule
    /// gives the footer's transitions: checked here against the footer itself from 2000 to 2100.
    func testEverySystemFooterConvertsToTheSameTransitions() throws {
        let data = try SystemTZData.load(directory: Zone.zoneinfoDirectory)
        var checked = 0
        for (name, zone) in data.zones {
            guard let footer = zone.data.rule, let daylight = footer.daylight, daylight.offset != footer.standardOffset else { continue }
            guard case .rule(let rule) = ICUFinalRule.convert(footer) else {
                XCTFail("\(name): \(footer) does not convert")
                continue
            }
            for year in 2000...2100 {
                let starts = footer.instant(year: year, date: daylight.start, time: daylight.startTime, offset: footer.standardOffset)
                let ends = footer.instant(year: year, date: daylight.end, time: daylight.endTime, offset: daylight.offset)
                let (icuStart, icuEnd) = ICURuleEvaluator.transitions(rule, year: year)
                // A negative saving swaps start and end.
                let expected = daylight.offset > footer.standardOffset ? (starts, ends) : (ends, starts)
                XCTAssertEqual(icuStart, expected.0, "\(name) \(year) start")
                XCTAssertEqual(icuEnd, expected.1, "\(name) \(year) end")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50)
    }
}

/// What ICU's `SimpleTimeZone` makes of a rule vector: the instants of a year's two transitions.
enum ICURuleEvaluator {
    static func transitions(_ rule: ICUFinalRule, year: Int) -> (Int64, Int64) {
        let v = rule.vector.map(Int.init)
        let saving = v[10]
        let start = instant(year: year, month: v[0], day: v[1], dayOfWeek: v[2], time: v[3], mode: v[4], wallOffset: rule.rawOffset, raw: rule.rawOffset)
        let end = instant(year: year, month: v[5], day: v[6], dayOfWeek: v[7], time: v[8], mode: v[9], wallOffset: rule.rawOffset + saving, raw: rule.rawOffset)
        return (start, end)
    }

    static func instant(year: Int, month: Int, day: Int, dayOfWeek: Int, time: Int, mode: Int, wallOffset: Int, raw: Int) -> Int64 {
        let m = month + 1
        let length = CivilCalendar.daysInMonth(year: year, month: m)
        let first = CivilCalendar.daysFromCivil(year: year, month: m, day: 1)
        func weekday(_ d: Int64) -> Int { CivilCalendar.weekday(daysSinceEpoch: d) + 1 }
        var date: Int64
        if dayOfWeek == 0 {
            date = first + Int64(day - 1)
        } else if dayOfWeek > 0 {
            if day > 0 {
                date = first + Int64((dayOfWeek - weekday(first) + 7) % 7) + Int64(day - 1) * 7
            } else {
                let last = first + Int64(length - 1)
                date = last - Int64((weekday(last) - dayOfWeek + 7) % 7) + Int64(day + 1) * 7
            }
        } else if day > 0 {
            let from = first + Int64(day - 1)
            date = from + Int64((-dayOfWeek - weekday(from) + 7) % 7)
        } else {
            let to = first + Int64(-day - 1)
            date = to - Int64((weekday(to) + dayOfWeek + 7) % 7)
        }
        let offset = mode == 2 ? 0 : mode == 1 ? raw : wallOffset
        return date * 86_400 + Int64(time) - Int64(offset)
    }
}
