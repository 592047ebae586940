import JSONKit
import WidgetHost
import TestSupport
import XCTest

/// `Request` and `http` (A2, A3, A9), always from fixtures.
final class RequestTests: APITestCase {
    let api = "https://api.example.com/v1/now"

    func fixture(_ text: String, status: Int = 200, method: String = "GET", url: String? = nil, delayMs: Double = 0) -> NetworkFixture {
        NetworkFixture(method: method, url: url ?? api, status: status, body: Array(text.utf8), delayMs: delayMs)
    }

    func testANewRequestHasTheDocumentedDefaults() {
        let out = outputs(runAPI("""
            const _req = new Request("\(api)")
            let fields = [_req.url, _req.method, _req.headers, _req.body === undefined, _req instanceof Request]
            let missing; try { new Request() } catch (e) { missing = [e.name, e.message] }
            let called; try { Request("\(api)") } catch (e) { called = e.name }
            """))
        XCTAssertEqual(out["fields"], [.string(api), "GET", [:], true, true])
        XCTAssertEqual(out["missing"]?[0], "TypeError")
        XCTAssertEqual(out["missing"]?[1]?.stringValue?.hasPrefix("Request(url) needs the URL"), true)
        XCTAssertEqual(out["called"], "TypeError")
    }

    func testFetchJSONFetchStringAndFetchGiveTheirShapes() {
        let report = runAPI("""
            let obj = await new Request("\(api)").fetchJSON()
            let text = await new Request("\(api)").fetchString()
            const _bytes = await new Request("\(api)").fetch()
            let bytes = [_bytes instanceof Uint8Array, _bytes.length, _bytes[0], _bytes[_bytes.length - 1]]
            """, fixtures: [fixture("{\"temp\":21.5,\"city\":\"上海\"}")])
        let out = outputs(report)
        XCTAssertEqual(out["obj"], ["temp": 21.5, "city": "上海"])
        XCTAssertEqual(out["text"], "{\"temp\":21.5,\"city\":\"上海\"}")
        XCTAssertEqual(out["bytes"], [true, 29, 123, 125])
        XCTAssertEqual(report.diagnostics, [])
    }

    func testMethodsBodiesAndTheirMatching() {
        let fixtures = [
            NetworkFixture(method: "POST", url: api, requestBody: ["user": "ada", "n": 1], body: Array("json body".utf8)),
            NetworkFixture(method: "PUT", url: api, requestBody: "plain text", body: Array("text body".utf8)),
            NetworkFixture(method: "DELETE", url: api, body: Array("deleted".utf8)),
        ]
        let out = outputs(runAPI("""
            const _a = new Request("\(api)"); _a.method = "post"; _a.body = {n: 1, user: "ada"}
            const _b = new Request("\(api)"); _b.method = "PUT"; _b.body = "plain text"
            const _c = new Request("\(api)"); _c.method = "Delete"
            let answers = [await _a.fetchString(), await _b.fetchString(), await _c.fetchString()]
            """, fixtures: fixtures))
        XCTAssertEqual(out["answers"], ["json body", "text body", "deleted"])
    }

    func testAStatusOf400OrMoreRejectsNamingTheStatusAndURL() {
        let out = outputs(runAPI("""
            let failure
            try { await new Request("\(api)").fetchJSON() } catch (e) { failure = [e instanceof Error, e.message] }
            """, fixtures: [fixture("{\"error\":\"gone\"}", status: 404)]))
        XCTAssertEqual(out["failure"], [true, .string("HTTP 404 for GET \(api)")])
    }

    func testFetchJSONRejectsABodyThatIsNotJSON() {
        let out = outputs(runAPI("""
            let failure; try { await new Request("\(api)").fetchJSON() } catch (e) { failure = e.message }
            let text = await new Request("\(api)").fetchString()
            """, fixtures: [fixture("<html>oops</html>")]))
        XCTAssertEqual(out["failure"], .string("fetchJSON(): the response of GET \(api) is not valid JSON: \"<html>oops</html>\""))
        XCTAssertEqual(out["text"], "<html>oops</html>")
    }

    func testAReplayWithNoMatchingFixtureRejectsAndSaysWhere() {
        let sent = LiveHTTP.requestsSent
        let report = runAPI("""
            let failure
            try {
              await new Request("https://other.example.com/x").fetchString()
            } catch (e) { failure = e.message }
            """, fixtures: [fixture("ok")])
        let message = "no fixture in test.fixtures.json answers GET https://other.example.com/x (replay mode never uses the network); add one, or record them with --network record"
        XCTAssertEqual(outputs(report)["failure"], .string(message))
        XCTAssertEqual(diagnostic(report, .fixtureMissing)?.message, message)
        XCTAssertEqual(diagnostic(report, .fixtureMissing)?.line, 3)
        XCTAssertEqual(LiveHTTP.requestsSent, sent, "replay never sends a request")
    }

    func testAFailureFixtureRejectsLikeABrokenNetwork() {
        let out = outputs(runAPI("""
            let failure; try { await new Request("\(api)").fetch() } catch (e) { failure = e.message }
            """, fixtures: [NetworkFixture(url: api, failure: "the connection was reset")]))
        XCTAssertEqual(out["failure"], .string("GET \(api) failed: the connection was reset"))
    }

    /// S2: a failed request names the line and column of the fetch call in the script, as
    /// other errors do, though it is made later by the host loop: uncaught, caught, on line 1
    /// (after the wrapper's prefix) and for an HTTP status.
    func testAFailedRequestCarriesTheLineAndColumnOfItsFetchCall() {
        let broken = [NetworkFixture(url: api, failure: "Could not resolve host")]
        let uncaught = runAPI("""
            const _req = new Request("\(api)")
            let before = 1
            const data = await _req.fetchJSON()
            """, fixtures: broken)
        XCTAssertEqual(uncaught.status, .error)
        XCTAssertEqual(uncaught.error?.message, "GET \(api) failed: Could not resolve host")
        XCTAssertEqual(uncaught.error?.line, 3)
        XCTAssertEqual(uncaught.error?.column, 25)
        XCTAssertEqual(uncaught.diagnostics.first?.code, .uncaughtError)
        XCTAssertEqual(uncaught.diagnostics.first?.line, 3)
        XCTAssertEqual(uncaught.diagnostics.first?.column, 25)

        let firstLine = runAPI("let a = await new Request(\"\(api)\").fetchString()", fixtures: broken)
        XCTAssertEqual(firstLine.error?.line, 1)
        XCTAssertEqual(firstLine.error?.column, 31 + api.utf16.count)

        let caught = outputs(runAPI("""
            let where
            try { await new Request("\(api)").fetch() } catch (e) { where = [e.line, e.column, e.stack] }
            """, fixtures: [fixture("gone", status: 404)]))
        XCTAssertEqual(caught["where"]?[0], 2)
        XCTAssertEqual(caught["where"]?[1], .number(Double(29 + api.utf16.count)))
        XCTAssertEqual(caught["where"]?[2], .string("fetch@widget.js:2:\(29 + api.utf16.count)"))
    }

    func testDelaysRunOnTheVirtualClock() {
        let fixtures = [
            fixture("slow", url: api + "?slow", delayMs: 300),
            fixture("fast", url: api + "?fast", delayMs: 100),
        ]
        let report = runAPI("""
            const _start = Date.now()
            const _order = []
            const [_a, _b] = await Promise.all([
              new Request("\(api)?slow").fetchString().then((v) => { _order.push(v); return Date.now() - _start }),
              new Request("\(api)?fast").fetchString().then((v) => { _order.push(v); return Date.now() - _start }),
            ])
            let arrivals = [_a, _b]
            let order = _order
            """, fixtures: fixtures)
        XCTAssertEqual(outputs(report)["arrivals"], [300, 100])
        XCTAssertEqual(outputs(report)["order"], ["fast", "slow"])
        XCTAssertEqual(report.finishedAt - report.startedAt, 300)
    }

    func testTimesLetARetrySucceed() {
        let fixtures = [
            NetworkFixture(url: api, failure: "timed out", times: 1),
            fixture("second try"),
        ]
        let out = outputs(runAPI("""
            let attempts = []
            for (let i = 0; i < 3; i++) {
              try { attempts.push(await new Request("\(api)").fetchString()); break } catch (e) { attempts.push(e.message) }
            }
            """, fixtures: fixtures))
        XCTAssertEqual(out["attempts"], .array([.string("GET \(api) failed: timed out"), "second try"]))
    }

    func testARequestStillPendingWhenTheScriptEndsIsCancelled() {
        let report = runAPI("""
            new Request("\(api)").fetchString().then((v) => console.log(v))
            let done = true
            """, fixtures: [fixture("late", delayMs: 1000)])
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.console, [])
        XCTAssertEqual(diagnostic(report, .pendingWorkCancelled)?.message.hasPrefix("1 request or API call was still pending"), true)
    }

    func testBadRequestsRejectWithATypeError() {
        let out = outputs(runAPI("""
            async function _reason(make) { try { await make().fetchString(); return "resolved" } catch (e) { return e.name + ": " + e.message } }
            let scheme = await _reason(() => new Request("ftp://example.com/file"))
            let method = await _reason(() => { const r = new Request("\(api)"); r.method = "GE T"; return r })
            let headers = await _reason(() => { const r = new Request("\(api)"); r.headers = "Accept: */*"; return r })
            let header = await _reason(() => { const r = new Request("\(api)"); r.headers = {"X-A": "line\\nbreak"}; return r })
            """, fixtures: [fixture("ok")]))
        XCTAssertEqual(out["scheme"], "TypeError: req.fetchString(): the URL must be an http:// or https:// address; got the string \"ftp://example.com/file\"")
        XCTAssertEqual(out["method"]?.stringValue?.hasPrefix("TypeError: req.fetchString(): the method must be an HTTP method"), true)
        XCTAssertEqual(out["headers"]?.stringValue?.hasPrefix("TypeError: req.fetchString(): headers must be a plain object"), true)
        XCTAssertEqual(out["header"]?.stringValue?.hasPrefix("TypeError: req.fetchString(): header \"X-A\" must have"), true)
    }

    func testAResponseAboveTheLimitRejects() {
        let report = runAPI("""
            let failure; try { await new Request("\(api)").fetch() } catch (e) { failure = e.message }
            """, fixtures: [fixture(String(repeating: "x", count: 2 * 1024 * 1024))]) { configuration in
            configuration.network.maximumResponseBytes = 1024 * 1024
        }
        XCTAssertEqual(outputs(report)["failure"], .string("GET \(api) failed: the response is larger than 1 MB"))
    }

    func testDeprecatedHTTPHelpersResolveToTextWithAnInfo() {
        let report = runAPI("""
            let got = await http.get("\(api)", {headers: {Accept: "text/plain"}})
            let again = await http.get("\(api)")
            let posted = await http.post("\(api)", {body: {a: 1}})
            """, fixtures: [fixture("plain"), NetworkFixture(method: "POST", url: api, requestBody: ["a": 1], body: Array("created".utf8))])
        let out = outputs(report)
        XCTAssertEqual(out["got"], "plain")
        XCTAssertEqual(out["again"], "plain")
        XCTAssertEqual(out["posted"], "created")
        let infos = report.diagnostics.filter { $0.code == .deprecatedAPI }
        XCTAssertEqual(infos.map(\.severity), [.info, .info], "once per function")
        XCTAssertEqual(infos.first?.line, 1)
        XCTAssertEqual(infos.first?.message, "http.get(url, options) is deprecated and will be removed from the app; use await new Request(url).fetchString()")
    }

    func testTheFixtureFileFormat() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-fixtures")
        defer { Files.removeTree(directory) }
        try Files.write(directory + "/body.bin", [0, 1, 2, 255])
        let set = try NetworkFixtures(json: json("""
            {"schema": "widgethost.fixtures/1", "fixtures": [
              {"request": {"url": "https://a.example/"}, "response": {"json": {"b": [1, 2]}}, "delayMs": 5},
              {"request": {"method": "post", "url": "https://a.example/", "body": "x"}, "response": {"status": 201, "text": "t", "headers": {"X-Id": "7"}}},
              {"request": {"url": "https://a.example/bin"}, "response": {"file": "body.bin"}},
              {"request": {"url": "https://a.example/b64"}, "response": {"base64": "AAEC/w=="}},
              {"request": {"url": "https://a.example/down"}, "failure": "offline", "times": 2}
            ]}
            """), source: "f.json", folder: directory)
        XCTAssertEqual(set.fixtures.count, 5)
        XCTAssertEqual(set.fixtures[0].body, Array("{\"b\":[1,2]}".utf8))
        XCTAssertEqual(set.fixtures[0].headers, ["content-type": "application/json"])
        XCTAssertEqual(set.fixtures[0].delayMs, 5)
        XCTAssertEqual(set.fixtures[1].method, "POST")
        XCTAssertEqual(set.fixtures[1].status, 201)
        XCTAssertEqual(set.fixtures[1].headers, ["x-id": "7"])
        XCTAssertEqual(set.fixtures[1].requestBody, "x")
        XCTAssertEqual(set.fixtures[2].body, [0, 1, 2, 255])
        XCTAssertEqual(set.fixtures[3].body, [0, 1, 2, 255])
        XCTAssertEqual(set.fixtures[4].failure, "offline")
        XCTAssertEqual(set.fixtures[4].times, 2)
    }

    func testMalformedFixtureFilesNameTheProblem() {
        let cases: [(String, String)] = [
            (#"{"fixtures": [{"request": {"url": "https://a/"}, "response": {"status": "ok"}}]}"#,
             #"f.json: fixtures[0].response.status must be a number from 100 to 599; got the string "ok"; see docs/network.md"#),
            (#"{"fixtures": [{"request": {"url": "https://a/"}, "respnse": {}}]}"#,
             "f.json: unknown key 'fixtures[0].respnse' (did you mean 'fixtures[0].response'?); see docs/network.md"),
            (#"{"fixtures": [{"request": {"method": "GET"}}]}"#, "f.json: fixtures[0].request.url is missing"),
            (#"{"fixtures": [{"request": {"url": "file:///etc/passwd"}}]}"#,
             #"f.json: fixtures[0].request.url must start with http:// or https://; got "file:///etc/passwd""#),
            (#"{"fixtures": [{"request": {"url": "https://a/"}, "response": {"text": "a", "json": 1}}]}"#,
             "f.json: fixtures[0].response has 'json' and 'text'; give the body one way"),
            (#"{"fixtures": [{"request": {"url": "https://a/"}, "response": {}, "failure": "x"}]}"#,
             "f.json: fixtures[0] has both 'response' and 'failure'; a fixture answers or fails, not both"),
            (#"{"fixtures": [{"request": {"url": "https://a/"}, "response": {"file": "nope.bin"}}]}"#,
             "f.json: fixtures[0].response.file 'nope.bin' cannot be read (no such file)"),
            (#"{"fixtures": [{"request": {"url": "https://a/"}, "response": {"base64": "***"}}]}"#,
             "f.json: fixtures[0].response.base64 is not valid base64"),
            (#"[]"#, "f.json: the top level must be an object; got an array; see docs/network.md"),
        ]
        for (text, message) in cases {
            do {
                _ = try NetworkFixtures(json: json(text), source: "f.json", folder: "/nonexistent")
                XCTFail("accepted \(text)")
            } catch {
                XCTAssertEqual(error.description, message)
                XCTAssertEqual(error.kind, .malformed)
            }
        }
    }
}
