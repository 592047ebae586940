import ErrorKinds
import JSONKit
import TestSupport
@testable import WidgetHost
import XCTest

/// The HarmonyOS edition's button taps (H14), `Request`'s methods (H9) and `sleep`'s value (H12)
/// through the library.
final class HarmonyTapAndRequestTests: APITestCase {
    private func harmony() -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.edition = .harmony
        configuration.now = HostTestCase.fixedNow
        configuration.storage = store
        configuration.network = .replay(NetworkFixtures())
        return configuration
    }

    // MARK: H14

    func testATapRunsTheSnippetAppendedToTheCardsScript() {
        let card = ScriptSource(text: "let counter = Config.get('counter', 0)\nfunction increment() { counter += 1; Config.set('counter', counter) }", name: "card.js")
        let tap = host.runAction(ScriptSource(text: "increment()\n", name: "action.js"), widget: card, configuration: harmony())
        XCTAssertNil(tap.action)
        XCTAssertEqual(tap.refresh.status, .ok)
        XCTAssertEqual(tap.refresh.outputs, ["counter": 1])
        XCTAssertEqual(tap.snippetLine, 3)
        XCTAssertEqual(tap.json["action"], .null)
        XCTAssertEqual(tap.json["snippetLine"], 3)
        XCTAssertEqual(ExitStatus.of(tap), 0)
        // The next tap starts from what the last one stored.
        XCTAssertEqual(host.runAction(ScriptSource(text: "increment()", name: "action.js"), widget: card, configuration: harmony()).refresh.outputs,
                       ["counter": 2])
    }

    func testTheSnippetRefreshRunsTheScriptAloneAndOneLimitBoundsBoth() {
        let card = ScriptSource(text: "await sleep(3000)\nconst seen = typeof refresh\n", name: "card.js")
        let refresh = host.runAction(ScriptSource(text: " refresh\n", name: "action.js"), widget: card, configuration: harmony())
        XCTAssertEqual(refresh.refresh.outputs, ["seen": "undefined"])
        XCTAssertNil(refresh.snippetLine)
        let slow = host.runAction(ScriptSource(text: "await sleep(2000)", name: "action.js"), widget: card, configuration: harmony())
        XCTAssertEqual(slow.refresh.status, .timeout)
        XCTAssertEqual(slow.refresh.finishedAt - slow.refresh.startedAt, 4500)
        XCTAssertEqual(ExitStatus.of(slow), 1)
    }

    func testIOSTapsKeepTheirOwnActionRun() {
        let tap = host.runAction(ScriptSource(text: "setValue('n', '1')", name: "action.js"),
                                 widget: ScriptSource(text: "let n = getValue('n')", name: "w.js"),
                                 configuration: { var c = RunConfiguration(); c.now = HostTestCase.fixedNow; c.storage = store; return c }())
        XCTAssertEqual(tap.action?.status, .ok)
        XCTAssertEqual(tap.refresh.outputs, ["n": "1"])
        XCTAssertNil(tap.json["snippetLine"])
    }

    // MARK: H9, H12

    func testRequestSendsTheDocumentedMethodsInAnyCaseAndRefusesOthers() {
        let fixtures = [NetworkFixture(method: "PUT", url: "https://a.example.com/x", status: 200, body: Array("put".utf8))]
        let report = runAPI("""
            const _put = new Request("https://a.example.com/x")
            _put.method = "put"
            const put = await _put.fetchString()
            const _patch = new Request("https://a.example.com/x")
            _patch.method = "PATCH"
            let patch = ""
            try { await _patch.fetchString() } catch (e) { patch = e.name + ": " + e.message }
            """, fixtures: fixtures) { $0.edition = .harmony }
        XCTAssertEqual(outputs(report)["put"], "put")
        XCTAssertEqual(outputs(report)["patch"]?.stringValue?.hasPrefix(
            "TypeError: req.fetchString(): the method must be one of GET, POST, PUT, DELETE, OPTIONS, HEAD, TRACE, CONNECT (any case)"), true,
                       "\(outputs(report))")
        // The iOS edition sends any token.
        let ios = runAPI("const _r = new Request('https://a.example.com/x')\n_r.method = 'PATCH'\nlet m = ''\ntry { await _r.fetchString() } catch (e) { m = e.name }\n",
                         fixtures: [NetworkFixture(method: "PATCH", url: "https://a.example.com/x", status: 200, body: [])])
        XCTAssertEqual(outputs(ios)["m"], "")
    }

    func testSleepResolvesWithTheMilliseconds() {
        let report = runAPI("const waited = await sleep(250)\nconst none = await sleep('soon')\n") { $0.edition = .harmony }
        XCTAssertEqual(outputs(report), ["waited": 250, "none": 0])
        XCTAssertEqual(report.finishedAt - report.startedAt, 250)
        // The iOS host's sleep resolves with undefined.
        XCTAssertEqual(outputs(runAPI("this.v = String(await sleep(5))")), ["v": "undefined"])
    }

    // MARK: H10 across runs

    func testSettingSetPersistsFromTheAppAndNotFromACardRefresh() {
        _ = runAPI("Setting.set('city', '广州')\n") { $0.edition = .harmony }
        XCTAssertEqual(outputs(runAPI("const city = Setting.get('city', 'none')\n") { $0.edition = .harmony }), ["city": "none"])
        _ = runAPI("Setting.set('city', '上海')\n", context: .app) { $0.edition = .harmony }
        XCTAssertEqual(outputs(runAPI("const city = Setting.get('city', 'none')\n") { $0.edition = .harmony }), ["city": "上海"])
    }
}
