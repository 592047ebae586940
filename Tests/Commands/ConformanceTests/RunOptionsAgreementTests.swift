import CLIOptions
import WidgetGeometry
import WidgetHost
import XCTest
@testable import Conformance

/// A fixture's front matter and a command line are decoded by the same declarations
/// (`RunOptions`): the same settings give the same run, and a bad value is refused with the
/// same message, whichever of the two gives it.
final class RunOptionsAgreementTests: XCTestCase {
    private func fixture(_ settings: String) throws -> Fixture {
        try Fixture.parse(ScriptSource(text: "/*---\n\(settings)\nexpect:\n  status: ok\n---*/\n", name: "f.js"))
    }

    private func commandLine(_ arguments: [String]) throws -> RunConfiguration {
        let options = RunOptions.commandLine + RunOptions.scriptAPI
        return try RunOptions.decode(ParsedArguments(arguments, options: options)).configuration
    }

    func testTheSameSettingsGiveTheSameRun() throws {
        let fromFixture = try FixtureRunner.configuration(for: fixture("""
            kind: live
            tz: Europe/Berlin
            now: 2026-11-29T08:00:00
            locale: de-DE
            seed: 7
            strict: true
            context: app
            limits: { timeout: 0.5, memory: 64 }
            """))
        let fromArguments = try commandLine([
            "--kind", "live", "--tz", "Europe/Berlin", "--now", "2026-11-29T08:00:00", "--locale", "de-DE", "--seed", "7",
            "--strict", "--context", "app", "--timeout", "0.5", "--memory-limit", "64",
        ])
        XCTAssertEqual(fromFixture.kind, .live)
        XCTAssertEqual(fromFixture.zone.identifier, "Europe/Berlin")
        // 08:00 in Berlin (UTC+1 in November) is 07:00 UTC.
        XCTAssertEqual(fromFixture.now, 1_795_935_600_000)
        for (name, fixtureValue, argumentValue) in [
            ("kind", fromFixture.kind.rawValue, fromArguments.kind.rawValue),
            ("tz", fromFixture.zone.identifier, fromArguments.zone.identifier),
            ("now", "\(fromFixture.now ?? -1)", "\(fromArguments.now ?? -1)"),
            ("locale", fromFixture.locale ?? "", fromArguments.locale ?? ""),
            ("seed", "\(fromFixture.seed ?? 0)", "\(fromArguments.seed ?? 0)"),
            ("strict", "\(fromFixture.strict)", "\(fromArguments.strict)"),
            ("context", fromFixture.context.rawValue, fromArguments.context.rawValue),
            ("timeout", "\(fromFixture.timeLimitSeconds)", "\(fromArguments.timeLimitSeconds)"),
            ("memory", "\(fromFixture.memoryLimitMB)", "\(fromArguments.memoryLimitMB)"),
            ("budget", "\(fromFixture.budget ?? 0)", "\(fromArguments.budget ?? 0)"),
        ] {
            XCTAssertEqual(fixtureValue, argumentValue, name)
        }
    }

    func testABadValueIsRefusedWithTheSameMessage() throws {
        let cases: [(settings: String, arguments: [String], line: Int, message: String)] = [
            ("kind: Large", ["--kind", "Large"], 2, "unknown kind 'Large' (did you mean 'large'?); use one of \(ScriptKind.namesList)"),
            ("tz: Mars/Olympus", ["--tz", "Mars/Olympus"], 2, "unknown time zone 'Mars/Olympus'; use an IANA name such as Europe/Berlin or UTC"),
            ("locale: de_DE", ["--locale", "de_DE"], 2, "bad --locale 'de_DE'; use a BCP 47 language tag such as zh-CN, en-US or de-DE"),
            ("seed: -1", ["--seed", "-1"], 2, "bad --seed '-1'; use a whole number from 0 to 9007199254740992"),
            ("context: ap", ["--context", "ap"], 2, "unknown context 'ap' (did you mean 'app'?); use app or widget"),
            // The command line's range holds for a fixture too: at most an hour.
            ("limits: { timeout: 4000 }", ["--timeout", "4000"], 2, "bad --timeout '4000'; use a number of seconds above 0 and at most 3600"),
            ("limits: { memory: 0.5 }", ["--memory-limit", "0.5"], 2, "bad --memory-limit '0.5'; use a number of MB from 1 to 4096"),
            ("now: tomorrow", ["--now", "tomorrow"], 2, ""),
        ]
        for (settings, arguments, line, message) in cases {
            var fromArguments = ""
            XCTAssertThrowsError(try commandLine(arguments)) { fromArguments = ($0 as? UsageError)?.message ?? "\($0)" }
            if !message.isEmpty { XCTAssertEqual(fromArguments, message, settings) }
            XCTAssertThrowsError(try FixtureRunner.configuration(for: fixture(settings))) { error in
                let error = error as? FixtureError
                XCTAssertEqual(error?.line, line, settings)
                XCTAssertEqual(error?.message, fromArguments, settings)
            }
        }
    }

    func testFixturesKeepTheirOwnLimitsAndDefaults() throws {
        let configuration = try FixtureRunner.configuration(for: fixture("limits: { console: 5, timers: 1e30 }"))
        XCTAssertEqual(configuration.consoleLimit, 5)
        XCTAssertEqual(configuration.timerFiringLimit, .max, "a count past Int's range is no limit")
        XCTAssertEqual(configuration.zone.identifier, FixtureRunner.defaultZone)
        XCTAssertEqual(configuration.now, 1_795_939_200_000, "the suite's default time, \(FixtureRunner.defaultNow)")
        XCTAssertThrowsError(try FixtureRunner.configuration(for: fixture("limits: { cpu: 1 }"))) { error in
            XCTAssertEqual((error as? FixtureError)?.message, "unknown limit 'cpu'; the limits are timeout, memory, console, timers")
        }
    }

    /// A widget fixture's `render.device` names the devices `--device` does, refused as it is.
    func testARenderFixturesDeviceIsReadAsTheCommandLinesIs() throws {
        let fixture = try fixture("render: { layout: true, family: small, device: iphone-15-pr }")
        let report = ScriptHost().run(fixture.source, configuration: RunConfiguration())
        guard case .object(let settings)? = fixture.settings["render"] else { return XCTFail("no render settings") }
        let failures = WidgetFixtureCheck.run(fixture, settings: settings, report: report, drawer: nil, widgets: nil, update: false)
        XCTAssertEqual(failures, [
            "malformed fixture: render.device: unknown device 'iphone-15-pr' (did you mean 'iphone-15-pro'?); use "
                + DeviceModel.all.map(\.name).joined(separator: ", "),
        ])
    }

    /// What a page of controls is built from: every option with its name, help and values.
    func testEveryOptionIsDeclaredWithItsValues() {
        let names = RunOptions.declarations.map(\.spec.name)
        XCTAssertEqual(Set(names).count, names.count, "each option once")
        XCTAssertEqual(Set(RunOptions.commandLine.map(\.name)).subtracting(names), [])
        let kind = RunOptions.declarations.first { $0.spec.name == "kind" }
        XCTAssertEqual(kind?.spec.value, .choices(ScriptKind.allCases.map(\.rawValue) + CardKind.allCases.map(\.rawValue)))
        XCTAssertEqual(kind?.key, "kind")
        XCTAssertEqual(RunOptions.declarations.first { $0.spec.name == "memory-limit" }?.key, "limits.memory")
        XCTAssertEqual(RunOptions.declarations.first { $0.spec.name == "memory-limit" }?.spec.value, .number(1...4096))
        XCTAssertEqual(RunOptions.declarations.first { $0.spec.name == "timeout" }?.spec.value, .number(0...3600))
        XCTAssertEqual(RunOptions.declarations.first { $0.spec.name == "device" }?.spec.value, .choices(DeviceModel.all.map(\.name)))
        XCTAssertEqual(RunOptions.declarations.first { $0.spec.name == "network" }?.spec.value, .choices(NetworkMode.allCases.map(\.rawValue)))
    }
}
