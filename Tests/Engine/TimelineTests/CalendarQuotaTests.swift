import WidgetHost
import XCTest
import ZonedTime
@testable import Timeline

/// The HarmonyOS quota (H8): timed refreshes per local calendar day, reset at 00:00.
final class CalendarQuotaTests: XCTestCase {
    let shanghai = try! Zone(identifier: "Asia/Shanghai")

    func testAFullDayWaitsForLocalMidnight() throws {
        let days = CalendarDays(zone: shanghai)
        // 2026-11-29T23:00:00+08:00.
        let evening: Int64 = 1_796_050_800_000
        var policy = RefreshGrantPolicy(budget: 2, jitterSeed: nil, days: days)
        policy.record(at: evening, charged: true)
        policy.record(at: evening + 30 * minute, charged: true)
        XCTAssertEqual(policy.budgetLeft(at: evening + 30 * minute), 0)
        let grant = policy.grant(requested: evening + 40 * minute, notBefore: evening + 30 * minute)
        // 00:00 of the 30th in Shanghai, not of the UTC day.
        XCTAssertEqual(grant, RefreshGrantPolicy.Grant(at: evening + 60 * minute, jitterMs: 0, reasons: [.budget]))
        XCTAssertEqual(policy.budgetLeft(at: evening + 60 * minute), 2)
        XCTAssertEqual(days.nextMidnight(after: evening), evening + 60 * minute)
    }

    func testFreeRefreshesAreNotCounted() {
        var policy = RefreshGrantPolicy(budget: 1, jitterSeed: nil, days: CalendarDays(zone: .utc))
        policy.record(at: 0, charged: false)
        XCTAssertEqual(policy.budgetLeft(at: 0), 1)
        XCTAssertEqual(policy.grant(requested: 10 * minute, notBefore: 0).reasons, [])
    }

    func testTheProfileNamesTheQuotaAndPacesAskedForNothingAtThirtyMinutes() {
        let quota = BudgetProfile.calendarDay(50)
        XCTAssertEqual(quota.refreshesPerDay, 50)
        XCTAssertEqual(quota.perCalendarDay, 50)
        XCTAssertEqual(quota.defaultCadenceMs, 30 * minute)
        XCTAssertEqual(quota.description, "50 a day, reset at 00:00")
        XCTAssertNil(BudgetProfile.typical.perCalendarDay)
    }

    func testAHarmonySimulationCountsFiftyADayAndNotItsFirstRun() throws {
        var configuration = SimulationConfiguration(startMs: 1_796_025_600_000, durationMs: day, zoneIdentifier: "Asia/Shanghai")
        configuration.follow(.harmony)
        let simulation = try Simulation(configuration)
        let runner = ClosureRefreshRunner { request in RefreshRunResult(updateFrequencyMinutes: 5, finishedAtMs: request.at) }
        let report = simulation.run(runner: runner)
        XCTAssertEqual(report.refreshes.first?.charged, false)
        XCTAssertEqual(report.summary.maxChargedIn24h, 50)
        XCTAssertEqual(report.summary.budgetVerdict.kind, .overBudget)
        XCTAssertTrue(report.summary.budgetVerdict.sentence.contains("50 timed refreshes a card per calendar day (reset at 00:00)"))
        XCTAssertTrue(report.text().contains("at most 50 timed in one calendar day"))
    }

    func testAHarmonyRunAsksAnewEachTime() throws {
        var configuration = SimulationConfiguration(startMs: 0, durationMs: 2 * 60 * minute, zoneIdentifier: "UTC")
        configuration.follow(.harmony)
        let simulation = try Simulation(configuration)
        // The first run asks for 10 minutes; the later ones ask for nothing.
        let runner = ClosureRefreshRunner { request in
            RefreshRunResult(updateFrequencyMinutes: request.index == 0 ? 10 : nil, finishedAtMs: request.at)
        }
        let report = simulation.run(runner: runner)
        XCTAssertEqual(report.refreshes.map(\.grantedAt), [0, 10, 40, 70, 100].map { $0 * minute })
    }
}
