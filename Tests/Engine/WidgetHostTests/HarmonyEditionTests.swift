import JSONKit
import TestSupport
@testable import WidgetHost
import XCTest

/// The HarmonyOS edition's host rules (H1–H13) through the library: bindings, the limit on both
/// clocks, the control bindings, the API's differences and what is absent.
final class HarmonyEditionTests: APITestCase {
    func runCard(
        _ script: String, fixtures: [NetworkFixture] = [], card: HarmonyCard = .default, context: RunContext = .widget,
        profile json: JSONValue? = nil, _ configure: (inout RunConfiguration) -> Void = { _ in }
    ) -> RunReport {
        runAPI(script, fixtures: fixtures, profile: json, context: context) { configuration in
            configuration.edition = .harmony
            configuration.card = card
            configure(&configuration)
        }
    }

    // MARK: H1

    func testTheReportNamesTheEditionAndTheCard() {
        let report = runCard("const kind = Widget.kind\nconst size = Widget.dimension\n", card: HarmonyCard(kind: .lock, dimension: .lock1x2))
        XCTAssertEqual(outputs(report), ["kind": "lock", "size": "lock_1*2"])
        let json = report.json
        XCTAssertEqual(json["edition"], "harmony")
        XCTAssertEqual(json["kind"], "lock")
        XCTAssertEqual(json["dimension"], "lock_1*2")
        XCTAssertEqual(report.limits.timeLimitSeconds, 4.5)
    }

    func testAnIOSReportHasNoEditionField() {
        let json = run("let a = 1").json
        XCTAssertNil(json["edition"])
        XCTAssertNil(json["dimension"])
        XCTAssertEqual(json["kind"], "small")
    }

    // MARK: H2

    func testOnlyZeroIndentFirstSimpleDeclarationsAreBindings() {
        let report = runCard("""
            const title = "a"
              let indented = 1
            const {x, y} = {x: 1, y: 2}
            let first = 1, second = 2
            let _private = 3
            this.prop = 4
            """)
        XCTAssertEqual(outputs(report), ["title": "a", "first": 1])
        XCTAssertEqual(codes(report), Array(repeating: "binding-not-collected", count: 4))
        XCTAssertEqual(report.diagnostics.map(\.severity), Array(repeating: .info, count: 4))
        XCTAssertEqual(report.diagnostics.map { [$0.line ?? 0, $0.column ?? 0] }, [[2, 7], [3, 8], [3, 11], [4, 16]])
    }

    func testTheSameScriptKeepsEveryIOSOutputInTheIOSEdition() {
        let script = "  let indented = 1\nconst {x} = {x: 2}\nthis.prop = 3\n"
        XCTAssertEqual(outputs(runAPI(script)), ["indented": 1, "x": 2, "prop": 3])
        XCTAssertEqual(outputs(runCard(script)), [:])
    }

    func testANameCollectedOnceIsAnOutputWhateverItsOtherDeclarations() {
        let report = runCard("var a = 1\n  var a = 2\n")
        XCTAssertEqual(outputs(report), ["a": 2])
        XCTAssertEqual(codes(report), [])
    }

    // MARK: H3

    func testAReturnedObjectIsTheBindingsAndAnythingElseFails() {
        let object = runCard("let ignored = 1\nreturn { startTime: 5, _kept: true }\n")
        XCTAssertEqual(outputs(object), ["_kept": true, "startTime": 5])
        XCTAssertEqual(diagnostic(object, .topLevelReturn)?.severity, .info)
        let number = runCard("let a = 1\nreturn 5\n")
        XCTAssertEqual(number.status, .error)
        XCTAssertEqual(number.outputs, [:])
        XCTAssertEqual(diagnostic(number, .topLevelReturn)?.severity, .error)
    }

    // MARK: H4

    func testSleepSpendsTheLimitOnTheVirtualClock() {
        let over = runCard("let a = 1\nawait sleep(5000)\n")
        XCTAssertEqual(over.status, .timeout)
        XCTAssertEqual(over.outputs, [:])
        XCTAssertEqual(over.finishedAt - over.startedAt, 4500)
        XCTAssertEqual(codes(over), ["time-limit"])
        XCTAssertEqual(runCard("let a = 1\nawait sleep(4400)\n").status, .ok)
        // The iOS edition counts only the run's own clock.
        XCTAssertEqual(runAPI("let a = 1\nawait sleep(5000)\n").status, .ok)
    }

    func testSerialRequestsAddUpAndParallelOnesDoNot() {
        let fixtures = [
            NetworkFixture(method: "GET", url: "https://a.example.com/1", status: 200, body: Array("1".utf8), delayMs: 3000),
            NetworkFixture(method: "GET", url: "https://a.example.com/2", status: 200, body: Array("2".utf8), delayMs: 3000),
        ]
        let serial = runCard("""
            const a = await new Request("https://a.example.com/1").fetchJSON()
            const b = await new Request("https://a.example.com/2").fetchJSON()
            """, fixtures: fixtures)
        XCTAssertEqual(serial.status, .timeout)
        let parallel = runCard("""
            const _both = await Promise.all([new Request("https://a.example.com/1").fetchJSON(), new Request("https://a.example.com/2").fetchJSON()])
            const sum = _both[0] + _both[1]
            """, fixtures: fixtures)
        XCTAssertEqual(outputs(parallel), ["sum": 3])
        XCTAssertEqual(parallel.finishedAt - parallel.startedAt, 3000)
    }

    func testAGivenTimeoutIsTheLimitOnBothClocks() {
        let report = runCard("await sleep(2000)\nlet a = 1\n") { $0.timeLimitSeconds = 1 }
        XCTAssertEqual(report.status, .timeout)
        XCTAssertEqual(report.finishedAt - report.startedAt, 1000)
    }

    // MARK: H5–H7

    func testUpdateCallsOfZeroOrNonNumbersAreAsIfNotCalled() {
        let report = runCard("setUpdateFreq(30)\nsetUpdateFreq(0)\nsetUpdateFreq('5')\nsetUpdateTime(null)\n")
        XCTAssertEqual(report.requests.updateFrequencyMinutes, 30)
        XCTAssertEqual(report.events.map(\.valid), [true, false, false, false])
        XCTAssertEqual(codes(report), Array(repeating: "update-call-ignored", count: 3))
        XCTAssertEqual(report.nextRefresh?.requested, report.finishedAt + 30 * 60_000)
    }

    func testTheLastCallOfEitherWins() {
        let time = HostTestCase.fixedNow + 3_600_000
        let freqLast = runCard("setUpdateTime(\(time))\nsetUpdateFreq(10)\n")
        XCTAssertEqual(freqLast.nextRefresh?.reason, .frequency)
        XCTAssertNil(freqLast.requests.updateTime)
        let timeLast = runCard("setUpdateFreq(10)\nsetUpdateTime(\(time))\n")
        XCTAssertEqual(timeLast.nextRefresh, NextRefresh(requested: time, reason: .updateTime, frequencyMinutes: nil))
    }

    func testNothingPersistsAndNothingAskedIsThePeriodicRefresh() {
        var configuration = RunConfiguration()
        configuration.edition = .harmony
        configuration.frequencyInForce = 10
        let next = NextRefresh.after(finishedAt: 0, requests: ControlRequests(), configuration: configuration)
        XCTAssertEqual(next, NextRefresh(requested: 30 * 60_000, reason: .default, frequencyMinutes: nil))
        let past = NextRefresh.after(finishedAt: 1000, requests: ControlRequests(updateTime: 10), configuration: configuration)
        XCTAssertEqual(past.requested, 1000 + 5 * 60_000)
    }

    // MARK: H9

    func testRequestsCarryTheAppsUserAgentAndAJSONContentType() {
        let recorder = NetworkRecorder.inMemory()
        let report = runCard("""
            const _req = new Request("https://a.example.com/post")
            _req.method = "POST"
            _req.body = "{}"
            let status = "ok"
            try { await _req.fetchString() } catch (e) { status = e.message }
            """, fixtures: [NetworkFixture(method: "POST", url: "https://a.example.com/post", status: 503, body: [])]) { configuration in
            configuration.network.recorder = recorder
        }
        XCTAssertEqual(outputs(report), ["status": "http 503"])
        let headers = recorder.recorded.first?.request.headers.map { "\($0.name): \($0.value)" }
        XCTAssertEqual(headers, ["Content-Type: application/json", "User-Agent: AWidgetHarmony/1.0"])
    }

    // MARK: H10, H11

    func testSharedIsOneStorePerKindAndDimension() {
        _ = runCard("Shared.set('n', 1)\n", card: HarmonyCard(kind: .desk, dimension: .desk2x4))
        XCTAssertEqual(outputs(runCard("const n = Shared.get('n', 0)\n", card: HarmonyCard(kind: .desk, dimension: .desk2x4))), ["n": 1])
        XCTAssertEqual(outputs(runCard("const n = Shared.get('n', 0)\n", card: HarmonyCard(kind: .desk, dimension: .desk2x2))), ["n": 0])
        XCTAssertEqual(try store.shared("desk_2x4"), ["n": 1])
    }

    func testAFailedRunStoresNothing() {
        _ = runCard("Config.set('a', 1)\nthrow new Error('x')\n")
        XCTAssertEqual(outputs(runCard("const a = Config.get('a', 'none')\n")), ["a": "none"])
        // The iOS edition writes what it stored whatever the status (A4).
        _ = runAPI("Config.set('b', 1)\nthrow new Error('x')\n")
        XCTAssertEqual(outputs(runAPI("let b = Config.get('b', 'none')\n")), ["b": 1])
    }

    func testFilesLiveInTheCardsFolder() throws {
        let folder = try TemporaryFolder()
        let state = StateStore(directory: folder.path)
        let report = runCard("const path = await FileManager.write('files/a/b.txt', 'hi')\nconst names = await FileManager.list('a')\n") {
            $0.storage = state
            $0.widget = WidgetIdentity(id: "card-1", name: "Card")
        }
        XCTAssertEqual(outputs(report), ["path": "files/a/b.txt", "names": ["b.txt"]])
        XCTAssertEqual(Files.text(folder.path + "/widgets/card-1/files/a/b.txt"), "hi")
    }

    // MARK: H12, H13

    func testDeviceIsAPlainObjectFromTheProfile() {
        let report = runCard("const d = Device\nconst model = Device.model\n", profile: ["harmony": ["device": ["model": "Pura 70"]]])
        XCTAssertEqual(outputs(report)["model"], "Pura 70")
        XCTAssertEqual(outputs(report)["d"]?["brand"], "HUAWEI")
    }

    func testTheDefaultLocaleIsTheDocsExample() {
        XCTAssertEqual(outputs(runCard("const locale = Device.locale\nconst intl = Intl.DateTimeFormat().resolvedOptions().locale\n")),
                       ["locale": "zh-Hans-CN", "intl": "zh-Hans-CN"])
        XCTAssertEqual(outputs(runCard("const locale = Device.locale\n") { $0.locale = "en-US" }), ["locale": "en-US"])
    }

    func testIOSOnlyGlobalsAreAbsent() {
        let names = ["Weather", "Health", "Calendar", "HTMLDoc", "http", "setConfig", "getValue", "endLiveActivity"]
        let script = "const kinds = [\(names.map { "typeof \($0)" }.joined(separator: ", "))]\n"
        XCTAssertEqual(outputs(runCard(script))["kinds"], .array(names.map { _ in "undefined" }))
        XCTAssertEqual(outputs(runCard("const kinds = [typeof Shared, typeof openUrl]\n"))["kinds"], ["object", "function"])
        XCTAssertEqual(outputs(runAPI("let kinds = [typeof Shared, typeof openUrl]\n"))["kinds"], ["undefined", "undefined"])
    }

    func testTheRegistryDeclaresEachEditionsGlobals() {
        let harmony = Set(APIRegistry.globals(for: .harmony).map(\.name))
        XCTAssertTrue(harmony.isSuperset(of: ["Request", "Config", "Shared", "Setting", "FileManager", "Device", "Location", "openUrl",
                                              "sleep", "isDebug", "console", "$params", "Widget", "setUpdateFreq", "setUpdateTime"]))
        XCTAssertTrue(harmony.isDisjoint(with: ["Weather", "Health", "Calendar", "HTMLDoc", "http", "endLiveActivity"]))
        XCTAssertFalse(Set(APIRegistry.globals.map(\.name)).contains("Shared"))
    }

    func testTheHarmonyPagesAreGeneratedFromTheRegistry() {
        XCTAssertEqual(Files.text(packageRoot + "/docs/api-harmony.md"), APIReference.markdown(for: .harmony),
                       "regenerate with 'widgethost api --edition harmony --markdown > docs/api-harmony.md'")
        XCTAssertEqual(Files.text(packageRoot + "/docs/omni-harmony.d.ts"), TypeDeclarations.text(for: .harmony),
                       "regenerate with 'widgethost types --edition harmony --out docs/omni-harmony.d.ts'")
    }
}
