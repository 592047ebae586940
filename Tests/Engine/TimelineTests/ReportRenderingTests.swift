import JSONKit
import XCTest
import Timeline

/// T4, R6 and the JSON, JSON Lines and text renderings.
final class ReportRenderingTests: XCTestCase {
    /// Every five minutes for two days in Berlin, with a failure every 7th run, two taps and
    /// realistic mode: a report that exercises every column.
    private func busyReport(seed: UInt64, realistic: Bool = true) throws -> TimelineReport {
        var configuration = SimulationConfiguration(startMs: start, durationMs: 2 * day, zoneIdentifier: "Europe/Berlin",
                                                    realistic: realistic, seed: seed)
        configuration.taps = [start + 30 * hour, start + 30 * hour + 2 * minute]
        let runner = ClosureRefreshRunner { request in
            RefreshRunResult(status: request.index % 7 == 3 ? .timeout : .ok,
                             outputs: ["hour": .number(Double(request.at / hour))],
                             updateFrequencyMinutes: 5, finishedAtMs: request.at + 800,
                             errorMessage: request.index % 7 == 3 ? "timed out after 10 s" : nil)
        }
        return try Simulation(configuration).run(runner: runner)
    }

    func testSameInputsAndSeedGiveByteIdenticalJSON() throws {
        let a = try busyReport(seed: 42)
        let b = try busyReport(seed: 42)
        XCTAssertEqual(a.json, b.json)
        XCTAssertEqual(a.json.serialized(pretty: true), b.json.serialized(pretty: true))
        XCTAssertEqual(a.jsonLines(), b.jsonLines())
        XCTAssertEqual(a.text(), b.text())
        XCTAssertEqual(a.svg(), b.svg())
    }

    func testRealisticModeDependsOnTheSeedAndDelaysByZeroToTenMinutes() throws {
        let one = try busyReport(seed: 1)
        let two = try busyReport(seed: 2)
        XCTAssertNotEqual(one.json, two.json)
        XCTAssertNotEqual(one.refreshes.map(\.jitterMs), two.refreshes.map(\.jitterMs))
        // Every 30 minutes: nothing but jitter delays a refresh.
        var configuration = utc(durationMs: 2 * day)
        configuration.realistic = true
        configuration.seed = 1234
        let report = try simulate(configuration, frequencyRunner(30))
        let scheduled = report.refreshes.filter { $0.trigger == .scheduled }
        XCTAssertGreaterThan(scheduled.count, 80)
        for r in scheduled {
            XCTAssertEqual(r.delayMs, r.jitterMs)
            XCTAssertTrue((0...(10 * minute)).contains(r.delayMs), "\(r.delayMs)")
            XCTAssertEqual(r.delayReasons, r.jitterMs > 0 ? [.jitter] : [])
        }
        XCTAssertGreaterThan(Set(scheduled.map(\.jitterMs)).count, 80)
        let ideal = try simulate(utc(durationMs: 2 * day), frequencyRunner(30))
        XCTAssertEqual(Set(ideal.refreshes.map(\.jitterMs)), [0])
    }

    func testJSONHasTheSchemaTheInputsAndEveryRefreshField() throws {
        let report = try busyReport(seed: 42, realistic: false)
        let json = try JSONValue.parse(report.json.serialized())
        XCTAssertEqual(json["schema"], "widgethost.timeline/1")
        XCTAssertEqual(json["start"], "2026-11-29T01:00:00.000+01:00")
        XCTAssertEqual(json["end"], "2026-12-01T01:00:00.000+01:00")
        XCTAssertEqual(json["zone"], "Europe/Berlin")
        XCTAssertEqual(json["budget"], "typical")
        XCTAssertEqual(json["budgetPerDay"], 55)
        XCTAssertEqual(json["realistic"], false)
        XCTAssertEqual(json["seed"], 42)
        XCTAssertEqual(json["live"], false)
        XCTAssertEqual(json["refreshes"]?.arrayValue?.count, report.refreshes.count)
        XCTAssertEqual(json["refreshes"]?[3], [
            "index": 3, "trigger": "scheduled", "requestReason": "frequency",
            "requested": "2026-11-29T01:15:02.400+01:00", "granted": "2026-11-29T01:15:02.400+01:00",
            "delayMs": 0, "delayReasons": [], "jitterMs": 0, "charged": true, "status": "timeout",
            "error": "timed out after 10 s", "finished": "2026-11-29T01:15:03.200+01:00", "outputsChanged": false,
            "budgetLeft": 51, "frequencyMinutes": 5, "updateTime": nil, "controlsIgnored": true,
        ])
        XCTAssertEqual(json["events"]?[3], [
            "type": "refresh", "at": "2026-11-29T01:15:02.400+01:00", "index": 3, "trigger": "scheduled",
            "status": "timeout", "outputsChanged": false,
        ])
        let held = try XCTUnwrap(json["refreshes"]?[55])
        XCTAssertEqual(held["delayReasons"], ["budget"])
        XCTAssertEqual(held["granted"], "2026-11-30T01:00:00.000+01:00")
        let summary = try XCTUnwrap(json["summary"])
        XCTAssertEqual(summary["budgetVerdict"]?["askedPerDay"], 288)
        XCTAssertEqual(summary["budgetVerdict"]?["verdict"], "over-budget")
        XCTAssertEqual(summary["chargedCount"], 110)
        XCTAssertEqual(summary["freeCount"], 2)
        XCTAssertEqual(summary["maxChargedIn24h"], 55)
        XCTAssertEqual(summary["longestGap"]?["from"], "2026-11-29T05:30:43.200+01:00")
        XCTAssertEqual(summary["longestGap"]?["ms"], .number(Double(day - 270 * minute - 54 * 800)))
        XCTAssertEqual(json["pendingRefresh"]?["delayReasons"], ["budget"])
        XCTAssertNotNil(json["outputs"]?["hour"])
    }

    func testUnlimitedReportsNullBudgets() throws {
        let report = try simulate(utc(durationMs: hour, budget: .unlimited), frequencyRunner(30))
        let json = try JSONValue.parse(report.json.serialized())
        XCTAssertEqual(json["budget"], "unlimited")
        XCTAssertEqual(json["budgetPerDay"], .null)
        XCTAssertEqual(json["refreshes"]?[0]?["budgetLeft"], .null)
        XCTAssertEqual(json["summary"]?["budgetVerdict"]?["budgetPerDay"], .null)
    }

    func testJSONLinesHaveOneObjectPerEventEachWithTypeAndAt() throws {
        var configuration = utc(durationMs: 10 * hour)
        configuration.isLive = true
        configuration.pushes = [PushEvent(at: start + hour, type: .update, data: ["p": 1], label: "nonce-1"),
                                PushEvent(at: start + 9 * hour, type: .update, data: ["p": 2], label: "nonce-2")]
        let report = try simulate(configuration, frequencyRunner(120))
        let lines = report.jsonLines().split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, report.events.count + 2)
        let objects = try lines.map { try JSONValue.parse($0) }
        for object in objects {
            XCTAssertNotNil(object["type"]?.stringValue)
            XCTAssertNotNil(object["at"]?.stringValue)
        }
        XCTAssertEqual(objects.map { $0["type"]?.stringValue ?? "" }, [
            "simulation", "refresh", "live-activity-start", "live-activity-update", "refresh", "live-activity-update",
            "refresh", "refresh", "live-activity-expired", "push-refused", "summary",
        ])
        XCTAssertEqual(objects[0]["schema"], "widgethost.timeline/1")
        XCTAssertEqual(objects[1]["granted"], "2026-11-29T00:00:00.000+00:00")
        XCTAssertEqual(objects[3]["source"], "push")
        XCTAssertEqual(objects[3]["label"], "nonce-1")
        XCTAssertEqual(objects[3]["content"], ["p": 1])
        // The run at 02:00 publishes the script's own outputs over the pushed content.
        XCTAssertEqual(objects[5]["source"], "script")
        XCTAssertEqual(objects[5]["content"], [:])
        XCTAssertEqual(objects[8]["source"], "system")
        XCTAssertEqual(objects[9]["reason"], "no-active-activity")
        XCTAssertEqual(objects[9]["pushType"], "update")
        XCTAssertEqual(objects[10]["refreshCount"], 4)
        XCTAssertEqual(objects[10]["liveActivities"]?[0]?["ending"], "expired")
        XCTAssertEqual(objects[10]["liveActivities"]?[0]?["activeMs"], .number(Double(8 * hour)))
    }

    func testTextHasOneRowPerRefreshThenTheSummary() throws {
        var configuration = utc(durationMs: 2 * day)
        configuration.taps = [start + 30 * hour]
        let report = try simulate(configuration, frequencyRunner(5))
        let text = report.text()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "Refresh timeline for a widget script")
        XCTAssertEqual(lines[1], "  span:   2026-11-29 00:00:00 to 2026-12-01 00:00:00 (UTC, 2d 00h)")
        XCTAssertEqual(lines[2], "  budget: typical (55 a day), ideal mode")
        XCTAssertEqual(lines[4], "    #  trigger     requested       granted           delay  why delayed  status  "
            + "outputs  budget left")
        XCTAssertEqual(lines[5], "    0  start       11-29 00:00:00  11-29 00:00:00        -  -            ok      "
            + "changed           54")
        XCTAssertEqual(lines[60], "   55  scheduled   11-29 04:35:00  11-30 00:00:00  19h 25m  budget       ok      "
            + "same               0")
        let rows = lines.filter { $0.hasPrefix("  ") && ($0.contains(" scheduled ") || $0.contains(" start ")
                                                         || $0.contains(" tap (free) ")) }
        XCTAssertEqual(rows.count, report.refreshes.count)
        XCTAssertTrue(text.contains("\nSummary\n  refreshes:    111 (110 charged, 1 free, 0 failed, 1 delayed)\n"))
        XCTAssertTrue(text.contains("  budget:       The script asks for about 288 refreshes a day, 5.2 times the "
            + "typical budget of 55, so refreshes are held back until the rolling 24-hour window has room.\n"))
        XCTAssertTrue(text.contains("  longest gap:  19h 30m from 2026-11-29 04:30:00 to 2026-11-30 00:00:00\n"))
    }

    func testLiveTextListsActivityEvents() throws {
        var configuration = utc(durationMs: 14 * hour)
        configuration.isLive = true
        configuration.pushes = [PushEvent(at: start + 9 * hour, type: .update, data: ["x": 1], label: "late")]
        let text = try simulate(configuration, frequencyRunner(240)).text()
        XCTAssertTrue(text.contains("\nEvents\n  11-29 00:00:00  live activity 1 started by script\n"
            + "  11-29 08:00:00  live activity 1 expired (8 h)\n"
            + "  11-29 09:00:00  push update 'late' refused: no-active-activity\n"
            + "  11-29 12:00:00  live activity 1 dismissed\n"), text)
        XCTAssertTrue(text.contains("  activity 1:   started by script at 2026-11-29 00:00:00, expired at "
            + "2026-11-29 08:00:00 (active 8h 00m), dismissed at 2026-11-29 12:00:00; 0 update(s)\n"))
    }
}
