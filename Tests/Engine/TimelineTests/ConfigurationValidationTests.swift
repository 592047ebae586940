import XCTest
import Timeline

final class ConfigurationValidationTests: XCTestCase {
    private func refusal(_ configuration: SimulationConfiguration,
                         file: StaticString = #filePath, line: UInt = #line) -> SimulationConfigurationError? {
        do {
            _ = try Simulation(configuration)
            XCTFail("expected a refusal", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testDurationsMustBePositive() {
        for duration: Int64 in [0, -1, -day] {
            let error = refusal(SimulationConfiguration(startMs: start, durationMs: duration, zoneIdentifier: "UTC"))
            XCTAssertEqual(error?.code, .invalidDuration)
            XCTAssertEqual(error?.message, "The duration must be longer than zero; got \(duration) ms.")
        }
    }

    func testDurationsAreAtMost366Days() throws {
        XCTAssertNoThrow(try Simulation(SimulationConfiguration(startMs: start, durationMs: 366 * day, zoneIdentifier: "UTC")))
        let error = refusal(SimulationConfiguration(startMs: start, durationMs: 366 * day + 1, zoneIdentifier: "UTC"))
        XCTAssertEqual(error?.code, .durationTooLong)
        XCTAssertEqual(error?.message, "The duration may be at most 366 days; got 366d 00h.")
    }

    func testInputsMustLieInsideTheHalfOpenSpan() {
        var configuration = SimulationConfiguration(startMs: start, durationMs: day, zoneIdentifier: "Europe/Berlin")
        configuration.taps = [start, start + day - 1]
        XCTAssertNoThrow(try Simulation(configuration))
        configuration.taps = [start, start + day]
        let error = refusal(configuration)
        XCTAssertEqual(error?.code, .inputOutsideSpan)
        XCTAssertEqual(error?.message, "Tap 2 at 2026-11-30T01:00:00.000+01:00 lies outside the simulated span "
            + "2026-11-29T01:00:00.000+01:00 to 2026-11-30T01:00:00.000+01:00 (end excluded).")
        configuration.taps = []
        configuration.foregrounds = [start - 1]
        XCTAssertEqual(refusal(configuration)?.message.hasPrefix("Foreground 1 at 2026-11-29T00:59:59.999+01:00"), true)
    }

    func testUnknownZonesAndBudgetsAreRefused() {
        let zone = refusal(SimulationConfiguration(startMs: start, zoneIdentifier: "Mars/Olympus_Mons"))
        XCTAssertEqual(zone?.code, .unknownZone)
        XCTAssertEqual(zone?.message, "Unknown time zone 'Mars/Olympus_Mons': use an IANA name such as "
            + "Europe/Berlin or America/New_York.")
        let budget = refusal(SimulationConfiguration(startMs: start, zoneIdentifier: "UTC", budget: .perDay(0)))
        XCTAssertEqual(budget?.code, .invalidBudget)
        XCTAssertEqual(refusal(SimulationConfiguration(startMs: start, zoneIdentifier: "UTC", budget: .perDay(1441)))?.code,
                       .invalidBudget)
    }

    func testPushesNeedALiveScriptAndData() {
        var configuration = SimulationConfiguration(startMs: start, zoneIdentifier: "UTC")
        configuration.pushes = [PushEvent(at: start + hour, type: .start, data: ["a": 1])]
        let notLive = refusal(configuration)
        XCTAssertEqual(notLive?.code, .pushesNeedLiveScript)
        configuration.isLive = true
        XCTAssertNoThrow(try Simulation(configuration))
        configuration.pushes.append(PushEvent(at: start + 2 * hour, type: .update))
        let missing = refusal(configuration)
        XCTAssertEqual(missing?.code, .pushWithoutData)
        XCTAssertEqual(missing?.message, "Push 2 (update at 2026-11-29T02:00:00.000+00:00) has no data: a push start "
            + "or update must carry content_state.data.")
        configuration.pushes[1] = PushEvent(at: start + 2 * hour, type: .end)
        XCTAssertNoThrow(try Simulation(configuration))
    }

    func testSeedMustFitAJSONNumberAndStartMustBeDatable() {
        XCTAssertEqual(refusal(SimulationConfiguration(startMs: start, zoneIdentifier: "UTC", seed: 1 << 53))?.code,
                       .seedTooLarge)
        XCTAssertNoThrow(try Simulation(SimulationConfiguration(startMs: start, zoneIdentifier: "UTC", seed: (1 << 53) - 1)))
        XCTAssertEqual(refusal(SimulationConfiguration(startMs: -1, zoneIdentifier: "UTC"))?.code, .startOutOfRange)
        XCTAssertEqual(refusal(SimulationConfiguration(startMs: .max - 10, zoneIdentifier: "UTC"))?.code, .startOutOfRange)
    }

    func testTheProcessZoneIsUsedWhenNoneIsGiven() throws {
        let simulation = try Simulation(SimulationConfiguration(startMs: start))
        XCTAssertFalse(simulation.zoneName.isEmpty)
    }
}
