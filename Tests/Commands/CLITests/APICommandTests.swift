import JSONKit
import WidgetHost
import WidgetHostCLI
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The wider API from the command line: `api`, examples, profiles, fixtures, network modes, actions.
final class APICommandTests: XCTestCase {
    var directory = ""

    override func setUp() {
        super.setUp()
        directory = Files.temporaryRoot + "/widgethost-api-cli-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(directory, 0o755)
    }

    override func tearDown() {
        Files.removeTree(directory)
        super.tearDown()
    }

    func testTheAPICommandPrintsTheReferencePage() throws {
        let markdown = tool("api", "--markdown")
        XCTAssertEqual(markdown.code, 0)
        XCTAssertEqual(markdown.out, String(decoding: Files.bytes(packageRoot + "/docs/api.md"), as: UTF8.self),
                       "docs/api.md is out of date: run 'widgethost api --markdown > docs/api.md'")
        let json = try JSONValue.parse(tool("api", "--format", "json").out)
        XCTAssertEqual(json["schema"], "widgethost.api/1")
        XCTAssertEqual(json["globals"]?[0]?["name"], "Request")
        XCTAssertEqual(json["globals"]?[0]?["members"]?[5]?["returns"], "Promise<Uint8Array>")
        XCTAssertTrue(tool("api").out.contains("  await req.fetchJSON()  → Promise<any>  [async]"))
        XCTAssertEqual(tool("api", "extra").code, 64)
    }

    // MARK: Examples

    /// The command in an example's header comment, with `--state` pointed at a fresh folder.
    func headerCommand(_ name: String, state: String? = nil) throws -> [String] {
        let text = String(decoding: Files.bytes(example(name)), as: UTF8.self)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("//   Scripts/widgethost run ") }, name)
        var arguments = line.dropFirst("//   Scripts/widgethost ".count).split(separator: " ").map(String.init)
        for index in arguments.indices where arguments[index].hasPrefix("Fixtures/") {
            arguments[index] = packageRoot + "/" + arguments[index]
        }
        if let at = arguments.firstIndex(of: "--state") { arguments[at + 1] = state ?? directory + "/state" }
        return arguments
    }

    func runExample(_ name: String, extra: [String] = [], state: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        var arguments = try headerCommand(name, state: state) + extra + ["--format", "json"]
        if !arguments.contains("--now") { arguments += ["--now", "2026-11-29T08:00:00Z"] }
        let result = tool(arguments)
        XCTAssertEqual(result.code, 0, result.err, file: file, line: line)
        return try JSONValue.parse(result.out)
    }

    func testEveryNewExampleRunsOfflineWithTheOutputsItsCommentPromises() throws {
        let sent = LiveHTTP.requestsSent
        let fetch = try runExample("fetch-json.js")
        XCTAssertEqual(fetch["outputs"], ["obj": ["omni": "hello OmniWidgets", "items": [1, 2, 3]], "title": "hello OmniWidgets", "count": 3])
        XCTAssertEqual(fetch["finishedAt"], "2026-11-29T08:00:00.120+00:00", "the fixture's delay on the virtual clock")

        let weather = try runExample("weather.js")
        XCTAssertEqual(weather["outputs"], ["icon": "cloud.rain", "temp": 17, "text": "rain"])
        XCTAssertEqual(weather["events"]?[0]?["type"], "setUpdateFreq")
        let builtIn = try JSONValue.parse(tool("run", example("weather.js"), "--now", "2026-11-29T08:00:00Z", "--tz", "UTC", "--format", "json").out)
        XCTAssertEqual(builtIn["outputs"], ["icon": "cloud", "temp": 20, "text": "mostlyCloudy"])

        let liked = try runExample("liked-toggle.js")
        XCTAssertEqual(liked["schema"], "widgethost.action/1")
        XCTAssertEqual(liked["action"]?["outputs"], ["previous": "heart"])
        XCTAssertEqual(liked["refresh"]?["outputs"], ["state": "heart.fill"])
        XCTAssertEqual(try runExample("liked-toggle.js")["refresh"]?["outputs"], ["state": "heart"], "the second tap flips it back")

        let image = try runExample("cached-image.js")
        XCTAssertEqual(image["outputs"], ["img": "LD:1B422DF5-8F63-4C2F-82BC-3D3E7FA02800/avatar-2026-11-29.png", "downloaded": true])
        XCTAssertEqual(Files.bytes(directory + "/state/widgets/1B422DF5-8F63-4C2F-82BC-3D3E7FA02800/files/LD/avatar-2026-11-29.png"),
                       Files.bytes(example("cached-image.avatar.png")))
        XCTAssertEqual(try runExample("cached-image.js")["outputs"]?["downloaded"], false)

        let calendar = try runExample("calendar-list.js")
        XCTAssertEqual(calendar["outputs"]?["events"]?.arrayValue?.map { $0["title"] }, ["Team Weekly", "Dentist", "Mother's Day lunch"])
        XCTAssertEqual(calendar["outputs"]?["events"]?[0]?["startDate"], "2026-05-04 02:00:00 +0000")
        XCTAssertEqual(calendar["outputs"]?["more"], 0)

        XCTAssertEqual(try runExample("sleep-total.js")["outputs"], ["sleep": "7h 10m"])
        XCTAssertEqual(try runExample("sleep-total.js", extra: ["--profile", example("sleep-total.profile.json")])["outputs"], ["sleep": "6h 5m"])

        XCTAssertEqual(try runExample("html-scrape.js")["outputs"], ["title": "The Shawshank Redemption", "rating": "9.7", "links": 2])

        let settings = try runExample("settings-template.js")
        XCTAssertEqual(settings["outputs"], ["city": "Hangzhou", "notify": true, "fontSize": 18])
        XCTAssertEqual(settings["events"]?.arrayValue?.map { $0["valid"] }, [true, true, true])
        let widgetRun = try JSONValue.parse(tool("run", example("settings-template.js"), "--format", "json", "--state", directory + "/other").out)
        XCTAssertEqual(widgetRun["outputs"], ["city": "Set a city", "notify": false, "fontSize": 14])
        XCTAssertEqual(widgetRun["diagnostics"]?.arrayValue?.map { $0["code"] }, ["app-only-api", "app-only-api", "app-only-api"])

        let runjs = try runExample("runjs-params.js")
        XCTAssertEqual(runjs["outputs"], ["city": "Shanghai", "debug": true])
        XCTAssertEqual(runjs["events"]?.arrayValue?.map { $0["type"] }, ["Widget.openUrl", "Widget.reload"])
        let remembered = try JSONValue.parse(tool("run", example("runjs-params.js"), "--state", directory + "/state", "--format", "json").out)
        XCTAssertEqual(remembered["outputs"], ["city": "Shanghai", "debug": false])

        XCTAssertEqual(LiveHTTP.requestsSent, sent, "no example touched the network")
    }

    func testTheTextReportOfAnActionShowsBothRuns() {
        let result = tool("run", example("liked-toggle.js"), "--action", example("liked-toggle.button.js"), "--state", directory + "/s")
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.out.hasPrefix("Button action, then the widget refresh it triggers (a free refresh)\n"))
        XCTAssertTrue(result.out.contains("liked-toggle.button.js: ok"))
        XCTAssertTrue(result.out.contains("liked-toggle.js: ok"))
        XCTAssertTrue(result.out.contains("\"heart.fill\""))
        XCTAssertEqual(tool("run", example("liked-toggle.js"), "--action", directory + "/missing.js").code, 66)
    }

    // MARK: Bad input

    func testMalformedProfilesAndFixturesGiveOneLineAndExit65() {
        writeFile(directory + "/bad-key.json", Array("{\"device\": {\"scren\": {}}}".utf8))
        writeFile(directory + "/bad-json.json", Array("{\n  \"device\": {\n    \"name\" \"x\"\n  }\n}\n".utf8))
        writeFile(directory + "/bad-fixture.json", Array("{\"fixtures\": [{\"request\": {\"url\": \"https://a/\"}, \"response\": {\"status\": \"ok\"}}]}".utf8))
        writeFile(directory + "/bad-fixture-json.json", Array("{\"fixtures\": [".utf8))
        let script = example("fetch-json.js")
        let cases: [([String], Int32, String)] = [
            (["--profile", directory + "/bad-key.json"], 65, "error: \(directory)/bad-key.json: unknown key 'device.scren' (did you mean 'device.screen'?); see docs/profile.md"),
            (["--profile", directory + "/bad-json.json"], 65, "error: \(directory)/bad-json.json:3:12: not valid JSON: "),
            (["--fixtures", directory + "/bad-fixture.json"], 65,
             "error: \(directory)/bad-fixture.json: fixtures[0].response.status must be a number from 100 to 599; got the string \"ok\"; see docs/network.md"),
            (["--fixtures", directory + "/bad-fixture-json.json"], 65, "error: \(directory)/bad-fixture-json.json:1:15: not valid JSON: "),
            (["--profile", directory + "/none.json"], 66, "error: \(directory)/none.json: no such file"),
            (["--fixtures", directory + "/none.json"], 66, "error: \(directory)/none.json: no such file"),
            (["--network", "wifi"], 64, "error: unknown network mode 'wifi'; use live, replay or record"),
            (["--network", "replay"], 64, "error: --network replay needs --fixtures FILE"),
            (["--network", "record"], 64, "error: --network record needs --fixtures FILE"),
            (["--network", "live", "--fixtures", example("fetch-json.fixtures.json")], 64, "error: --fixtures is for --network replay or record"),
            (["--context", "editor"], 64, "error: unknown context 'editor'; use app or widget"),
            (["--param", "city"], 64, "error: bad --param 'city'; use key=value"),
        ]
        for (flags, code, message) in cases {
            let result = tool(["run", script] + flags)
            XCTAssertEqual(result.code, code, "\(flags): \(result.err)")
            XCTAssertEqual(result.err.split(separator: "\n").count, 1, "\(flags): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix(message), "\(flags): \(result.err)")
            XCTAssertEqual(result.out, "", "\(flags)")
        }
    }

    /// A widget id that cannot name a folder is a profile error (A11): exit 65, one line, the code.
    func testABadWidgetIDInAProfileExits65() {
        for id in ["../../outside", "", "a/b"] {
            let profile = directory + "/id.json"
            writeFile(profile, Array("{\"widget\": {\"id\": \(JSONValue.string(id).serialized())}}".utf8))
            let result = tool("run", example("runjs-params.js"), "--profile", profile, "--state", directory + "/state", "--param", "city=Lhasa")
            XCTAssertEqual(result.code, 65, id)
            XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
            XCTAssertTrue(result.err.hasPrefix("error: \(profile): widget.id must be 1 to 128 characters from A-Z"), result.err)
            XCTAssertTrue(result.err.hasSuffix("; see docs/profile.md [invalid-widget-id]\n"), result.err)
            XCTAssertFalse(Files.exists(directory + "/state"), "nothing was written")
            XCTAssertFalse(Files.exists(directory + "/outside"))
        }
    }

    /// A state folder that cannot be written loses what the run stored: `state-not-saved`
    /// and exit 73 (X2), for run and simulate alike, whatever is in the way.
    func testAStateFolderThatCannotBeWrittenExits73() throws {
        writeFile(directory + "/a-file", Array("x".utf8))
        mkdir(directory + "/blocked", 0o755)
        writeFile(directory + "/blocked/widgets", Array("not a folder".utf8))
        for state in ["/dev/null", directory + "/a-file", directory + "/a-file/below", directory + "/blocked"] {
            let run = tool("run", example("runjs-params.js"), "--param", "city=Lhasa", "--state", state)
            XCTAssertEqual(run.code, 73, "\(state): \(run.err)")
            XCTAssertTrue(run.err.contains("[state-not-saved]"), run.err)
            XCTAssertTrue(run.out.contains("Lhasa"), "the report is still printed")
            let simulate = tool("simulate", example("runjs-params.js"), "--hours", "1", "--state", state, "--now", "2026-05-03T10:00:00Z")
            XCTAssertEqual(simulate.code, 73, "\(state): \(simulate.err)")
            XCTAssertTrue(simulate.err.contains("[state-not-saved]"), simulate.err)
        }
        XCTAssertEqual(Files.bytes(directory + "/a-file"), Array("x".utf8))
        XCTAssertEqual(tool("run", example("runjs-params.js"), "--param", "city=Lhasa", "--state", directory + "/fine").code, 0)
        XCTAssertEqual(tool("run", example("outputs.js"), "--state", "/dev/null").code, 0, "a run that stores nothing loses nothing")
    }

    func testTheStateFolderDefaultsToDotWidgethostHere() {
        var previous = [CChar](repeating: 0, count: 4096)
        _ = getcwd(&previous, previous.count)
        defer { _ = previous.withUnsafeBufferPointer { chdir($0.baseAddress!) } }
        chdir(directory)
        XCTAssertEqual(tool("run", example("outputs.js")).code, 0)
        XCTAssertFalse(Files.exists(directory + "/.widgethost"), "a run that touches no storage writes nothing")
        XCTAssertEqual(tool("run", example("runjs-params.js"), "--param", "city=Lhasa").code, 0)
        XCTAssertEqual(Files.listing(directory + "/.widgethost").filter { $0.hasSuffix(".json") }.count, 1)
        let again = tool("run", example("runjs-params.js"), "--format", "json")
        XCTAssertEqual((try? JSONValue.parse(again.out))?["outputs"]?["city"], "Lhasa")
    }

    // MARK: Network modes

    func testReplayNeverTouchesTheNetwork() throws {
        let server = try LocalHTTPServer(routes: ["/data": .init(status: 200, contentType: "application/json", body: Array("{\"live\":true}".utf8))])
        defer { server.stop() }
        writeFile(directory + "/replay.js", Array("""
            let answered = await new Request("\(server.url("/data"))").fetchJSON()
            let unanswered; try { await new Request("\(server.url("/other"))").fetchString() } catch (e) { unanswered = e.message }
            """.utf8))
        writeFile(directory + "/fixtures.json", Array("""
            {"fixtures": [{"request": {"url": "\(server.url("/data"))"}, "response": {"json": {"live": false}}}]}
            """.utf8))
        let sent = LiveHTTP.requestsSent
        let inProcess = tool("run", directory + "/replay.js", "--fixtures", directory + "/fixtures.json", "--format", "json")
        // The binary too, with every proxy pointing at a port nothing listens on.
        let spawned = try binary(["run", directory + "/replay.js", "--network", "replay", "--fixtures", directory + "/fixtures.json", "--format", "json"],
                                 environment: ["NO_COLOR=1", "TZ=UTC", "http_proxy=http://127.0.0.1:9", "https_proxy=http://127.0.0.1:9", "ALL_PROXY=http://127.0.0.1:9"])
        for result in [inProcess, spawned] {
            XCTAssertEqual(result.code, 0, result.err)
            let report = try JSONValue.parse(result.out)
            XCTAssertEqual(report["outputs"]?["answered"], ["live": false])
            XCTAssertEqual(report["outputs"]?["unanswered"]?.stringValue?.hasPrefix("no fixture in \(directory)/fixtures.json answers GET \(server.url("/other"))"), true)
            XCTAssertEqual(report["diagnostics"]?[0]?["code"], "fixture-missing")
        }
        let text = tool("run", directory + "/replay.js", "--fixtures", directory + "/fixtures.json")
        XCTAssertTrue(text.err.contains("[fixture-missing]"), text.err)
        XCTAssertEqual(server.connections, 0, "nothing connected to the server")
        XCTAssertEqual(LiveHTTP.requestsSent, sent, "the process sent nothing")
    }

    func testRecordThenReplayGivesByteIdenticalOutput() throws {
        let page = "<html><body><h1>Live title</h1></body></html>"
        let server = try LocalHTTPServer(routes: [
            "/api": .init(status: 200, contentType: "application/json", body: Array("{\"omni\":\"recorded\",\"n\":[1,2]}".utf8)),
            "/page": .init(status: 200, contentType: "text/html", body: Array(page.utf8)),
            "/image": .init(status: 200, contentType: "image/png", body: [0x89, 0x50, 0x4E, 0x47, 0, 0xFF, 0xFE]),
        ])
        defer { server.stop() }
        writeFile(directory + "/widget.js", Array("""
            const obj = await new Request("\(server.url("/api"))").fetchJSON()
            this.title = JSON.parse(new HTMLDoc(await new Request("\(server.url("/page"))").fetchString()).xpath("//h1"))[0].text
            const _bytes = await new Request("\(server.url("/image"))").fetch()
            this.bytes = Array.from(_bytes)
            let missing; try { await new Request("\(server.url("/missing"))").fetchString() } catch (e) { missing = e.message }
            const _post = new Request("\(server.url("/echo"))"); _post.method = "post"; _post.body = {city: "上海"}
            let echo = await _post.fetchJSON()
            console.log("done at", Date.now())
            """.utf8))
        let common = [directory + "/widget.js", "--now", "2026-11-29T08:00:00Z", "--tz", "Asia/Shanghai", "--seed", "7", "--format", "json"]
        let recorded = try binary(["run"] + common + ["--network", "record", "--fixtures", directory + "/recorded.json", "--state", directory + "/s1"])
        XCTAssertEqual(recorded.code, 0, recorded.err)
        let connections = server.connections
        XCTAssertEqual(connections, 5)
        let replayed = try binary(["run"] + common + ["--fixtures", directory + "/recorded.json", "--state", directory + "/s2"])
        XCTAssertEqual(replayed.code, 0, replayed.err)
        // Byte-identical but for the state folder each run names (its own, so nothing carries over).
        func withoutState(_ out: String) -> String {
            out.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"stateFolder\"") }.joined(separator: "\n")
        }
        XCTAssertTrue(recorded.out.contains("\"stateFolder\""), "the report names its state folder")
        XCTAssertEqual(withoutState(replayed.out), withoutState(recorded.out), "byte-identical")
        XCTAssertEqual(replayed.err, recorded.err)
        XCTAssertEqual(server.connections, connections, "the replay connected to nothing")

        let report = try JSONValue.parse(recorded.out)
        XCTAssertEqual(report["outputs"]?["obj"], ["omni": "recorded", "n": [1, 2]])
        XCTAssertEqual(report["outputs"]?["title"], "Live title")
        XCTAssertEqual(report["outputs"]?["bytes"], [137, 80, 78, 71, 0, 255, 254])
        XCTAssertEqual(report["outputs"]?["missing"], .string("HTTP 404 for GET \(server.url("/missing"))"))
        // What the host sent: the method upper-cased, an object body as JSON with its content type.
        XCTAssertEqual(report["outputs"]?["echo"]?["method"], "POST")
        XCTAssertEqual(report["outputs"]?["echo"]?["body"], "{\"city\":\"上海\"}")
        XCTAssertEqual(report["outputs"]?["echo"]?["headers"]?["content-type"], "application/json")
        XCTAssertEqual(report["outputs"]?["echo"]?["headers"]?["user-agent"], "WidgetHost/0.1 (Omni widget script host)")

        let fixtures = try JSONValue.parse(String(decoding: Files.bytes(directory + "/recorded.json"), as: UTF8.self))
        XCTAssertEqual(fixtures["schema"], "widgethost.fixtures/1")
        XCTAssertEqual(fixtures["fixtures"]?.arrayValue?.count, 5)
        XCTAssertEqual(fixtures["fixtures"]?[2]?["response"]?["base64"], "iVBORwD//g==", "binary bodies are base64")
        XCTAssertEqual(fixtures["fixtures"]?[0]?["response"]?["headers"]?["content-type"], "application/json")
        XCTAssertEqual(fixtures["fixtures"]?[4]?["request"]?["body"], "{\"city\":\"上海\"}")
    }

    func testLiveTimeoutsAndSizeLimitsReject() throws {
        let server = try LocalHTTPServer(routes: [
            "/slow": .init(status: 200, contentType: "text/plain", body: Array("late".utf8), delaySeconds: 2),
            "/big": .init(status: 200, contentType: "application/octet-stream", body: [UInt8](repeating: 7, count: 2 * 1024 * 1024)),
        ])
        defer { server.stop() }
        var configuration = RunConfiguration()
        configuration.network = .live
        configuration.network.totalTimeoutSeconds = 0.5
        configuration.network.maximumResponseBytes = 1024 * 1024
        let report = ScriptHost().run(ScriptSource(text: """
            async function _reason(url) { try { await new Request(url).fetch(); return "resolved" } catch (e) { return e.message } }
            let big = await _reason("\(server.url("/big"))")
            let slow = await _reason("\(server.url("/slow"))")
            """, name: "limits.js"), configuration: configuration)
        XCTAssertEqual(report.outputs["big"], .string("GET \(server.url("/big")) failed: the response is larger than 1 MB"))
        XCTAssertEqual(report.outputs["slow"], .string("GET \(server.url("/slow")) failed: the request timed out (connect 5 s, total 0.5 s)"))
    }

    func testALiveRequestThatCannotConnectRejects() throws {
        writeFile(directory + "/offline.js", Array("""
            let failure; try { await new Request("http://127.0.0.1:9/").fetchString() } catch (e) { failure = e.message }
            """.utf8))
        let result = tool("run", directory + "/offline.js", "--format", "json")
        XCTAssertEqual(result.code, 0)
        let failure = try JSONValue.parse(result.out)["outputs"]?["failure"]?.stringValue ?? ""
        XCTAssertTrue(failure.hasPrefix("GET http://127.0.0.1:9/ failed: "), failure)
    }
}
