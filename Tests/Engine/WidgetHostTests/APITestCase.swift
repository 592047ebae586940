import JSONKit
import WidgetHost
import XCTest
import ZonedTime

/// Helpers for the wider API: every run replays fixtures (tests never touch the
/// network), keeps storage in a store of the test's own, and can take a profile.
class APITestCase: HostTestCase {
    var store: StateStore!

    override func setUp() {
        super.setUp()
        store = StateStore()
    }

    func profile(_ json: JSONValue) -> DeviceProfile {
        do { return try DeviceProfile(json: json, source: "test-profile.json") } catch { fatalError("\(error)") }
    }

    func runAPI(
        _ script: String, fixtures: [NetworkFixture] = [], profile json: JSONValue? = nil, context: RunContext = .widget,
        kind: ScriptKind = .small, strict: Bool = false, now: Int64? = nil, zone: String = "UTC", file: String = "widget.js",
        _ configure: (inout RunConfiguration) -> Void = { _ in }
    ) -> RunReport {
        run(script, kind: kind, file: file) { configuration in
            configuration.storage = store
            configuration.network = .replay(NetworkFixtures(fixtures, source: "test.fixtures.json"))
            configuration.context = context
            configuration.strict = strict
            configuration.zone = self.zone(zone)
            if let now { configuration.now = now }
            if let json { configuration.profile = self.profile(json) }
            configure(&configuration)
        }
    }

    /// The outputs of a run that must end ok.
    func outputs(_ report: RunReport, file: StaticString = #filePath, line: UInt = #line) -> JSONObject {
        XCTAssertEqual(report.status, .ok, "\(report.error?.summary ?? "") \(report.diagnostics.map(\.message))", file: file, line: line)
        return report.outputs
    }

    /// The value of one output of a run that must end ok.
    func value(_ script: String, _ name: String = "v", fixtures: [NetworkFixture] = [], profile: JSONValue? = nil,
               context: RunContext = .widget, now: Int64? = nil, zone: String = "UTC",
               file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        let report = runAPI(script, fixtures: fixtures, profile: profile, context: context, now: now, zone: zone)
        return outputs(report, file: file, line: line)[name]
    }

    /// Epoch milliseconds of an ISO 8601 date-time.
    func ms(_ text: String) -> Int64 {
        do { return try ISO8601.parse(text, defaultZone: zone("UTC")) } catch { fatalError("\(error)") }
    }

    func json(_ text: String) -> JSONValue {
        do { return try JSONValue.parse(text) } catch { fatalError("\(error): \(text)") }
    }
}
