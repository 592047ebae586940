import JSONKit
import TestSupport
import WidgetHost
import XCTest

/// A run's time limit bounds its live requests too (S6, A2): a request to a server that sends
/// one byte a second is stopped when the run's time is up, whatever the request's own timeouts,
/// and the run ends `timeout`. Before, it waited for the request's total timeout (5 s by default,
/// here a minute) past a limit of 1 s. Each run ends within its limit plus
/// ``HostileCase/margin``, as the hostile scripts do.
final class LiveRequestLimitTests: XCTestCase {
    private func live(timeLimit: Double) -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.now = 1_764_403_200_000
        configuration.timeLimitSeconds = timeLimit
        configuration.network = .live
        // The request's own limits are longer than the run's: the run's must end it.
        configuration.network.connectTimeoutSeconds = 60
        configuration.network.totalTimeoutSeconds = 60
        return configuration
    }

    func testALiveRequestToATricklingServerEndsAtTheRunsTimeLimit() throws {
        let server = try TrickleServer()
        defer { server.stop() }
        let host = ScriptHost()
        let script = "let body = await new Request('\(server.url("/slow"))').fetchString()"
        let start = ToolProcess.monotonic()
        let report = host.run(ScriptSource(text: script, name: "trickle.js"), configuration: live(timeLimit: 1))
        let seconds = ToolProcess.monotonic() - start
        XCTAssertEqual(report.status, .timeout, "\(report.diagnostics.map(\.message))")
        XCTAssertEqual(report.diagnostics.map(\.code), [.timeLimit], "\(report.diagnostics.map(\.message))")
        XCTAssertEqual(server.connections, 1)
        XCTAssertGreaterThan(server.bytesSent, 0, "the server was trickling when the run ended")
        XCTAssertLessThanOrEqual(seconds, 1 + HostileCase.margin, "the run took \(seconds) s")

        // The same host runs the next script at once.
        let normal = host.run(ScriptSource(text: "let title = 'fine'", name: "normal.js"), configuration: live(timeLimit: 1))
        XCTAssertEqual(normal.outputs["title"], "fine")
    }

    /// The tool as users run it: `widgethost run --timeout 1` against the trickling server, with
    /// the request's default timeouts (A2: 5 s), ends `timeout` (exit 1) within the bound.
    func testRunWithATimeLimitEndsItsLiveRequest() throws {
        let server = try TrickleServer()
        defer { server.stop() }
        let folder = try TemporaryFolder("hostile")
        try Files.write(folder.file("trickle.js"), "let body = await new Request('\(server.url("/slow"))').fetchString()")
        let child = try ToolProcess.run(["run", folder.file("trickle.js"), "--timeout", "1", "--format", "json", "--state", folder.file("state")])
        let report = try JSONValue.parse(child.out)
        XCTAssertEqual(report["status"], "timeout", child.err)
        XCTAssertEqual(report["diagnostics"]?[0]?["code"], "time-limit")
        XCTAssertEqual(child.code, 1, child.err)
        XCTAssertGreaterThan(server.bytesSent, 0)
        XCTAssertLessThanOrEqual(child.seconds, 1 + HostileCase.margin, "the run took \(child.seconds) s")
    }

    /// H9: the HarmonyOS edition's request has 5 s to connect and 5 s to read, each on its own, and
    /// no total of its own: an answer whose bytes keep coming, one a second for 8 s, is whole,
    /// where the iOS edition's 5 s total ends it.
    func testAHarmonyRequestHasAReadTimeoutAndNoTotalOne() throws {
        let server = try TrickleServer(bodyLength: 8)
        defer { server.stop() }
        var configuration = live(timeLimit: 30)
        configuration.network = .live
        configuration.edition = .harmony
        let script = "const _r = new Request('\(server.url("/slow"))')\nlet body = ''\ntry { body = await _r.fetchString() } catch (e) { body = e.message }\n"
        let report = ScriptHost().run(ScriptSource(text: script, name: "trickle.js"), configuration: configuration)
        XCTAssertEqual(report.status, .ok, "\(report.diagnostics.map(\.message))")
        XCTAssertEqual(report.outputs["body"]?.stringValue?.utf8.count, 8, "\(report.outputs)")
        var ios = live(timeLimit: 30)
        ios.network = .live
        let cut = ScriptHost().run(ScriptSource(text: script.replacing("const _r", with: "var _r"), name: "trickle.js"), configuration: ios)
        XCTAssertEqual(cut.outputs["body"]?.stringValue?.contains("timed out (connect 5 s, total 5 s)"), true, "\(cut.outputs)")
    }
}
