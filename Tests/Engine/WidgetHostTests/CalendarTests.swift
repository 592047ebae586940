import JSONKit
import WidgetHost
import XCTest

/// `Calendar` (A1): lunar dates and day counts from the virtual now and zone; events from the profile.
final class CalendarTests: APITestCase {
    let shanghai = "Asia/Shanghai"

    func calendar(_ expression: String, at time: String = "2025-11-29T08:00:00Z", zone: String = "Asia/Shanghai") -> JSONValue? {
        value("let v = \(expression)", now: ms(time), zone: zone)
    }

    func testLunarDateAndItsParts() {
        let out = outputs(runAPI("""
            let v = [Calendar.lunarDate(), Calendar.getLunarDate(), Calendar.lunarYear(), Calendar.lunarMonth(),
                     Calendar.lunarDay(), Calendar.isLunarLeapMonth(), Calendar.zodiac(), Calendar.ganZhi()]
            """, now: ms("2025-11-29T08:00:00Z"), zone: shanghai))
        XCTAssertEqual(out["v"], ["2025乙巳年十月初十", "乙巳十月初十", 42, 10, 10, false, "蛇", "乙巳"])
    }

    func testTheDocumentedExamples() {
        // The docs show 2026丙午年三月十六 and 丙午三月十六: that is 2 May 2026.
        XCTAssertEqual(calendar("[Calendar.lunarDate(), Calendar.getLunarDate(), Calendar.zodiac(), Calendar.ganZhi(), Calendar.lunarYear()]", at: "2026-05-02T09:00:00+08:00"),
                       ["2026丙午年三月十六", "丙午三月十六", "马", "丙午", 43])
        XCTAssertEqual(calendar("Calendar.lunarFromSolar('2026-02-17')"), "丙午正月初一")
        XCTAssertEqual(calendar("Calendar.daysBetween('2026-01-01', '2026-05-15')"), 134)
    }

    func testALeapMonth() {
        XCTAssertEqual(calendar("[Calendar.getLunarDate(), Calendar.lunarMonth(), Calendar.lunarDay(), Calendar.isLunarLeapMonth()]", at: "2025-08-01T08:00:00Z"),
                       ["乙巳闰六月初八", 6, 8, true])
    }

    func testTheZoneDecidesTheDay() {
        // 20:00 UTC on 29 November is already 30 November in Shanghai.
        XCTAssertEqual(calendar("[Calendar.lunarDay(), Calendar.daysUntilSolar(11, 30)]", at: "2025-11-29T20:00:00Z", zone: "UTC"), [10, 1])
        XCTAssertEqual(calendar("[Calendar.lunarDay(), Calendar.daysUntilSolar(11, 30)]", at: "2025-11-29T20:00:00Z", zone: shanghai), [11, 0])
    }

    func testDayCounts() {
        XCTAssertEqual(calendar("""
            [Calendar.daysUntilLunar(1, 1), Calendar.daysUntilLunar(10, 10), Calendar.daysUntilSolar(12, 25),
             Calendar.daysUntilSolar(11, 29), Calendar.daysUntilSolar(11, 28), Calendar.daysUntilSolar(2, 29),
             Calendar.daysFromNow('2026-10-01'), Calendar.daysFromNow('2026/10/01'), Calendar.daysFromNow('2026.10.1'),
             Calendar.daysFromNow('2025-11-01'), Calendar.daysBetween('2026-05-15', '2026-01-01')]
            """), [80, 0, 26, 0, 364, 822, 306, 306, 306, -28, -134])
    }

    func testWrongArgumentsGiveTheDocumentedFallbackAndAWarning() {
        let report = runAPI("""
            let v = [Calendar.daysFromNow('tomorrow'), Calendar.daysBetween(1, 2), Calendar.lunarFromSolar('2026-02-30'),
                     Calendar.daysUntilLunar(13, 1), Calendar.daysUntilSolar('12', 25)]
            """, now: ms("2025-11-29T08:00:00Z"), zone: shanghai)
        XCTAssertEqual(outputs(report)["v"], [0, 0, "", 0, 0])
        let warnings = report.diagnostics.filter { $0.code == .invalidArgument }
        XCTAssertEqual(warnings.count, 5)
        XCTAssertEqual(warnings[0].message, "Calendar.daysFromNow(date) expects \"YYYY-MM-DD\" (or YYYY/MM/DD, YYYY.MM.DD); got \"tomorrow\"; it returned 0")
        XCTAssertEqual(warnings[0].line, 1)
        XCTAssertEqual(warnings[3].message, "Calendar.daysUntilLunar(month, day) expects a lunar month 1-12 and day 1-30; got 13 and 1; it returned 0")
        let strict = runAPI("Calendar.daysUntilLunar(13, 1)", strict: true)
        XCTAssertEqual(strict.error?.name, "RangeError")
        XCTAssertEqual(runAPI("Calendar.daysFromNow(null)", strict: true).error?.name, "TypeError")
    }

    func testEventsFromNowToAMonthAhead() {
        let profile: JSONValue = ["calendar": ["events": [
            ["title": "Over", "startDate": "2025-11-28T09:00:00Z", "endDate": "2025-11-28T10:00:00Z"],
            ["title": "Running", "startDate": "2025-11-29T07:30:00Z", "endDate": "2025-11-29T09:00:00Z", "notes": "now", "color": "FF0000"],
            ["title": "Later", "startDate": .number(Double(ms("2025-12-20T12:00:00Z"))), "endDate": .number(Double(ms("2025-12-20T13:00:00Z")))],
            ["title": "Next", "startDate": "2025-11-30 10:00:00 +0000", "endDate": "2025-11-30 11:00:00 +0000"],
            ["title": "Too far", "startDate": "2025-12-30T09:00:00Z", "endDate": "2025-12-30T10:00:00Z"],
        ]]]
        let report = runAPI("const _r = await Calendar.getEvents(); let type = typeof _r; let events = JSON.parse(_r)", profile: profile)
        let out = outputs(report)
        XCTAssertEqual(out["type"], "string")
        XCTAssertEqual(out["events"]?.arrayValue?.map { $0["title"] }, ["Running", "Next", "Later"])
        XCTAssertEqual(out["events"]?[0], [
            "title": "Running", "startDate": "2025-11-29 07:30:00 +0000", "endDate": "2025-11-29 09:00:00 +0000",
            "notes": "now", "color": "FF0000",
        ])
        XCTAssertEqual(out["events"]?[1]?["notes"], "")
    }

    func testTheBuiltInEventsAreRelativeToToday() {
        let out = outputs(runAPI("let events = JSON.parse(await Calendar.getEvents())"))
        XCTAssertEqual(out["events"]?.arrayValue?.map { $0["title"] }, ["Team Weekly", "Dentist", "Dinner with Alex"])
        XCTAssertEqual(out["events"]?[0]?["startDate"], "2025-11-30 10:00:00 +0000")
    }

    func testGetEventsRejectsWithoutCalendarAccess() {
        let out = outputs(runAPI("let failure; try { await Calendar.getEvents() } catch (e) { failure = e.message }",
                                 profile: ["permissions": ["calendar": false]]))
        XCTAssertEqual(out["failure"], "Calendar.getEvents: the user has not allowed Calendar access (the profile's permissions.calendar is false)")
    }

    func testAScriptThatPatchesBuiltInsDoesNotBreakTheCalendar() {
        XCTAssertEqual(value("""
            Intl.DateTimeFormat = function () { throw new Error('no') }
            Date.prototype.toLocaleDateString = function () { return 'nope' }
            String.prototype.slice = function () { return '' }
            Date.prototype.getFullYear = function () { return 1 }
            Date = function () { return 0 }
            let v = [Calendar.getLunarDate(), Calendar.daysUntilSolar(12, 25)]
            """, now: ms("2025-11-29T08:00:00Z"), zone: shanghai), ["乙巳十月初十", 26])
    }
}
