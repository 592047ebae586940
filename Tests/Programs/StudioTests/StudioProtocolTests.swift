import HostSystem
import JSONKit
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The protocol of the app's VS Code extension as `widgethost studio` serves it, spoken over
/// sockets as the extension does (docs/studio.md, "Using the app's VS Code extension"): the Host
/// check on every route, pairing and its token, the limit on wrong codes, the bodies refused,
/// what `/code` writes and what `/run` answers. Every studio is stopped and every folder removed,
/// also when a test fails.
final class StudioProtocolTests: XCTestCase {
    /// Every route the studio serves, the page's and the extension's, and one it does not.
    static let routes: [(method: String, path: String, body: String?)] = [
        ("GET", "/", nil), ("GET", "/studio.js", nil), ("GET", "/studio.css", nil), ("GET", "/api/view", nil),
        ("GET", "/api/controls", nil), ("POST", "/api/controls", "{}"), ("POST", "/api/push", "{}"), ("GET", "/events/0", nil),
        ("GET", "/api/pairing", nil), ("POST", "/pair", "{\"code\":\"000000\"}"), ("GET", "/session", nil),
        ("POST", "/code", "{\"code\":\"this.x = 1\"}"), ("POST", "/run", "{\"code\":\"this.x = 1\"}"), ("GET", "/missing", nil),
    ]

    func testEveryRouteAnswersAForeignHost403WithAJSONReasonAndTheStudiosOwnHosts() throws {
        let example = try ExampleCopy("outputs.js")
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let before = Files.bytes(example.script)
        let port = studio.port
        for host in ["attacker.test", "attacker.test:\(port)", "127.0.0.1:\(port + 1)", "127.0.0.1", "localhost.:\(port)",
                     "127.0.0.1:\(port)@attacker.test"] {
            for route in Self.routes {
                let answer = try HTTPExchange.send(route.method, route.path, port: port, host: host,
                                                   headers: [("Content-Type", "application/json"), ("Authorization", "Bearer 00")],
                                                   body: route.body.map { Array($0.utf8) })
                XCTAssertEqual(answer.status, 403, "\(route.method) \(route.path) with Host \(host)")
                XCTAssertEqual(answer.json?["code"]?.stringValue, "foreign-host", "\(route.path) \(host)")
                XCTAssertEqual(answer.json?["ok"], .bool(false))
                XCTAssertTrue(answer.json?["error"]?.stringValue?.contains("http://127.0.0.1:\(port)") ?? false,
                              "the reason names the address to use: \(String(decoding: answer.body, as: UTF8.self))")
                XCTAssertNil(answer.header("Access-Control-Allow-Origin"))
            }
        }
        // HTTP/1.0 without a Host header names no host: refused too.
        XCTAssertEqual(try HTTPExchange.send("GET", "/api/view", port: port, host: nil, version: "HTTP/1.0").status, 403)
        // A body declared over the limit, whatever its Host, is refused by H2O before it is read
        // (its own 413, before the request reaches the studio); none of it is served.
        let large = try HTTPExchange.send("POST", "/code", port: port, host: "attacker.test",
                                          headers: [("Content-Type", "application/json")], body: [UInt8](repeating: 0x20, count: 2 << 20))
        XCTAssertEqual(large.status, 413)
        XCTAssertEqual(String(decoding: large.body, as: UTF8.self), "request entity is too large")
        // The studio's own names are answered (none of these is a 403).
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
            for route in Self.routes where route.method == "GET" && route.path != "/events/0" {
                let answer = try HTTPExchange.send(route.method, route.path, port: port, host: host)
                XCTAssertNotEqual(answer.status, 403, "\(route.path) with Host \(host)")
                XCTAssertNil(answer.header("Access-Control-Allow-Origin"))
            }
        }
        XCTAssertEqual(Files.bytes(example.script), before, "no refused request wrote the script")
        XCTAssertEqual(studio.stop(), 0)
    }

    func testPairingGivesATokenThatTheSyncRoutesNeedAndTheSessionDescribesTheScript() throws {
        let example = try ExampleCopy("weather.js")
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let host = "127.0.0.1:\(studio.port)"
        XCTAssertTrue(studio.lines.contains("VS Code: http://\(host) · pairing code \(studio.code)"), studio.lines.joined(separator: "\n"))
        XCTAssertNotNil(studio.code.wholeMatch(of: /[0-9]{6}/))
        // With no Avahi daemon to reach, it says it is not advertised, and how to connect.
        XCTAssertEqual(try studio.waitForLine(containing: "mDNS"),
                       "widgethost studio: not advertised over mDNS (through Avahi's daemon): Daemon not running; VS Code connects by address (Omni Widgets: Connect Manually)")
        for path in ["/session", "/code", "/run"] {
            let method = path == "/session" ? "GET" : "POST"
            for authorization in [[], [("Authorization", "Bearer " + String(repeating: "0", count: 64))], [("Authorization", "Basic eDp4")]] {
                let answer = try HTTPExchange.send(method, path, port: studio.port, host: host,
                                                   headers: [("Content-Type", "application/json")] + authorization,
                                                   body: method == "POST" ? Array("{\"code\":\"this.x=1\"}".utf8) : nil)
                XCTAssertEqual(answer.status, 401, "\(path) without the token")
                XCTAssertEqual(answer.json?["code"]?.stringValue, "not-paired")
            }
        }
        let paired = try Self.pair(studio)
        XCTAssertEqual(paired["endpoint"]?.stringValue, "http://\(host)")
        let token = try XCTUnwrap(paired["token"]?.stringValue)
        XCTAssertNotNil(token.wholeMatch(of: /[0-9a-f]{64}/), "256 random bits: \(token)")
        let session = try XCTUnwrap(paired["session"])
        XCTAssertEqual(session["widgetName"]?.stringValue, "weather")
        XCTAssertEqual(session["widgetType"]?.stringValue, "small")
        XCTAssertNotNil(session["widgetId"]?.stringValue?.wholeMatch(of: /[0-9A-F-]{36}/))
        XCTAssertEqual(session["code"]?.stringValue, Files.text(example.script))
        XCTAssertEqual(session["version"]?.doubleValue, 1)
        let id = try XCTUnwrap(session["id"]?.stringValue)
        let again = try Self.send("GET", "/session", studio, token: token)
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(again.json?["ok"], .bool(true))
        XCTAssertEqual(again.json?["session"]?["id"]?.stringValue, id, "the id stays")
        // The page says who is paired, and the code (the studio listens on the loopback).
        let pairing = try HTTPExchange.send("GET", "/api/pairing", port: studio.port, host: host).json
        XCTAssertEqual(pairing?["paired"], .bool(true))
        XCTAssertEqual(pairing?["client"]?["name"]?.stringValue, "VS Code")
        XCTAssertEqual(pairing?["code"]?.stringValue, studio.code)
        XCTAssertEqual(pairing?["address"]?.stringValue, "http://\(host)")
        // A new pairing replaces the token.
        let second = try XCTUnwrap(try Self.pair(studio)["token"]?.stringValue)
        XCTAssertEqual(try Self.send("GET", "/session", studio, token: token).status, 401)
        XCTAssertEqual(try Self.send("GET", "/session", studio, token: second).status, 200)
        // The wrong method is 405 JSON.
        let wrongMethod = try HTTPExchange.send("GET", "/pair", port: studio.port, host: host)
        XCTAssertEqual(wrongMethod.status, 405)
        XCTAssertEqual(wrongMethod.json?["ok"], .bool(false))
    }

    func testWrongCodesAreLimitedAndANewCodeIsPrinted() throws {
        let example = try ExampleCopy("outputs.js")
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let first = studio.code
        let wrong = first == "000000" ? "000001" : "000000"
        for left in [4, 3, 2, 1] {
            let answer = try Self.pairing(studio, code: wrong)
            XCTAssertEqual(answer.status, 401)
            XCTAssertEqual(answer.json?["code"]?.stringValue, "wrong-code")
            XCTAssertTrue(answer.json?["error"]?.stringValue?.contains("(\(left) more wrong") ?? false, "\(answer.json as Any)")
        }
        let fifth = try Self.pairing(studio, code: wrong)
        XCTAssertEqual(fifth.status, 429)
        XCTAssertEqual(fifth.header("Retry-After"), "60")
        XCTAssertEqual(fifth.json?["code"]?.stringValue, "too-many-wrong-codes")
        let line = try studio.waitForLine(containing: "new pairing code")
        let second = try XCTUnwrap(line.split(separator: " ").last.map(String.init))
        XCTAssertEqual(line, "VS Code: 5 wrong pairing codes: pairing waits 60 s · new pairing code \(second)")
        // Pairing waits: the new code and the old one are refused for now.
        XCTAssertEqual(try Self.pairing(studio, code: second).status, 429)
        XCTAssertEqual(try Self.pairing(studio, code: first).status, 429)
        XCTAssertEqual(try HTTPExchange.send("GET", "/api/pairing", port: studio.port, host: "127.0.0.1:\(studio.port)").json?["code"]?.stringValue, second)
    }

    func testBodiesOverOneMegabyteAreRefused413AndBodiesThatAreNotJSONOrLackTheCode400() throws {
        let example = try ExampleCopy("outputs.js")
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let token = try XCTUnwrap(try Self.pair(studio)["token"]?.stringValue)
        let before = Files.bytes(example.script)
        for path in ["/code", "/run"] {
            let script = "this.x = '" + String(repeating: "a", count: 1 << 20) + "'"
            let large = try Self.send("POST", path, studio, token: token, body: JSONValue.object(["code": .string(script)]).serialized())
            XCTAssertEqual(large.status, 413, path)
            // Its length is declared: H2O refuses it before reading it, with its own plain-text body.
            XCTAssertEqual(String(decoding: large.body, as: UTF8.self), "request entity is too large", path)
            for (body, code) in [("this.x = 1", "bad-body"), ("[\"this.x = 1\"]", "bad-body"), ("{}", "missing-code"),
                                 ("{\"code\": 1}", "missing-code"), ("{\"source\": \"this.x = 1\"}", "missing-code"), ("", "bad-body")] {
                let answer = try Self.send("POST", path, studio, token: token, body: body)
                XCTAssertEqual(answer.status, 400, "\(path) \(body)")
                XCTAssertEqual(answer.json?["code"]?.stringValue, code, "\(path) \(body)")
                XCTAssertEqual(answer.json?["ok"], .bool(false))
            }
            let text = try Self.send("POST", path, studio, token: token, body: "{\"code\":\"this.x=1\"}", contentType: "text/plain")
            XCTAssertEqual(text.status, 415, "a POST that is not JSON is refused, as on the page's routes")
        }
        for body in ["nope", "{}", "{\"code\": 123456}"] {
            XCTAssertEqual(try Self.send("POST", "/pair", studio, token: nil, body: body).status, 400, body)
        }
        XCTAssertEqual(Files.bytes(example.script), before, "a refused body writes nothing")
        // Just under the limit is taken whole.
        let fits = "this.x = '" + String(repeating: "b", count: (1 << 20) - 100) + "'"
        XCTAssertEqual(try Self.send("POST", "/code", studio, token: token, body: JSONValue.object(["code": .string(fits)]).serialized()).status, 200)
        XCTAssertEqual(Files.text(example.script), fits)
    }

    func testCodeReplacesOnlyTheScriptAndRaisesTheVersionAndAnEditOnDiskRaisesItToo() throws {
        let example = try ExampleCopy("outputs.js")
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let token = try XCTUnwrap(try Self.pair(studio)["token"]?.stringValue)
        let folder = example.scriptFolder
        var information = stat()
        XCTAssertEqual(stat(example.script, &information), 0)
        let inode = information.st_ino
        let changed = "this.title = 'from VS Code'\n"
        let answer = try Self.send("POST", "/code", studio, token: token, body: JSONValue.object(["code": .string(changed)]).serialized())
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.json?["session"]?["version"]?.doubleValue, 2)
        XCTAssertEqual(answer.json?["session"]?["code"]?.stringValue, changed)
        XCTAssertEqual(Files.text(example.script), changed)
        XCTAssertEqual(stat(example.script, &information), 0)
        XCTAssertNotEqual(information.st_ino, inode, "replaced by a rename, not written in place")
        XCTAssertEqual(information.st_mode & 0o777, 0o644 & ~Self.umask, "the file keeps its permissions")
        XCTAssertEqual(example.scriptFolder, folder, "nothing but the script is written, no temporary file is left")
        // The page updates as after a save.
        try studio.waitForLine(containing: "changed · version")
        // The same text again is no change; an edit on disk is one.
        XCTAssertEqual(try Self.send("POST", "/code", studio, token: token, body: JSONValue.object(["code": .string(changed)]).serialized())
            .json?["session"]?["version"]?.doubleValue, 2)
        try Files.write(example.script, "this.title = 'from another editor'\n")
        let session = try Self.send("GET", "/session", studio, token: token).json?["session"]
        XCTAssertEqual(session?["version"]?.doubleValue, 3)
        XCTAssertEqual(session?["code"]?.stringValue, "this.title = 'from another editor'\n")
        XCTAssertEqual(try Self.send("GET", "/session", studio, token: token).json?["session"]?["version"]?.doubleValue, 3)
    }

    func testCodeAndRunAnswerTheVersionOfTheirOwnTextWhileAnotherEditorWritesTheFile() throws {
        // The extension remembers the version /code answers and applies only higher ones: an
        // answer that named the text another editor wrote right after would make it skip that
        // edit for good.
        let example = try ExampleCopy("outputs.js")
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let token = try XCTUnwrap(try Self.pair(studio)["token"]?.stringValue)
        let writing = Atomic<Bool>(true)
        let script = example.script
        let editor = OSThread {
            var count = 0
            while writing.load(ordering: .relaxed) {
                count += 1
                try? AtomicFile.write(Array("this.disk = \(count)\n".utf8), toPath: script)
            }
        }
        var versions: [Int] = []
        for index in 0..<40 {
            let code = JSONValue.object(["code": .string("this.sent = \(index)\n")]).serialized()
            let answer = try Self.send("POST", "/code", studio, token: token, body: code)
            XCTAssertEqual(answer.json?["session"]?["code"]?.stringValue, "this.sent = \(index)\n")
            versions.append(Int(answer.json?["session"]?["version"]?.doubleValue ?? 0))
            // "Run" sends /code, then /run with the same text: the run's answer names that version too.
            let run = try Self.send("POST", "/run", studio, token: token, body: code)
            XCTAssertEqual(run.json?["session"]?["version"]?.doubleValue.map { Int($0) }, versions.last)
        }
        writing.store(false, ordering: .relaxed)
        editor.join()
        XCTAssertEqual(versions, versions.sorted())
        XCTAssertEqual(Set(versions).count, versions.count, "each text its own version: \(versions)")
    }

    func testRunAnswersTheRunsSectionsUnderTheControlsAndWritesNothing() throws {
        let example = try ExampleCopy("weather.js")
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let token = try XCTUnwrap(try Self.pair(studio)["token"]?.stringValue)
        let code = try XCTUnwrap(Files.text(example.script))
        let answer = try Self.send("POST", "/run", studio, token: token, body: JSONValue.object(["code": .string(code)]).serialized())
        XCTAssertEqual(answer.status, 200)
        let result = try XCTUnwrap(answer.json?["session"]?["result"])
        // The profile's rainy afternoon, as `widgethost run` gives it.
        XCTAssertEqual(result["content"], ["icon": "cloud.rain", "temp": 17, "text": "rain"])
        XCTAssertEqual(try JSONValue.parse(XCTUnwrap(result["dataJSON"]?.stringValue)), result["content"])
        XCTAssertEqual(result["structured"]?["schema"]?.stringValue, "widgethost.run/1")
        XCTAssertEqual(result["structured"]?["status"]?.stringValue, "ok")
        XCTAssertEqual(result["structured"]?["events"]?[0]?["type"]?.stringValue, "setUpdateFreq")
        XCTAssertEqual(result["logs"]?.stringValue, "")
        XCTAssertEqual(answer.json?["session"]?["version"]?.doubleValue, 1, "a run changes no file")
        // The controls are the run's: the kind follows the page.
        let controls = try HTTPExchange.send("POST", "/api/controls", port: studio.port, host: "127.0.0.1:\(studio.port)",
                                             headers: [("Content-Type", "application/json")], body: Array("{\"kind\":\"medium\"}".utf8))
        XCTAssertEqual(controls.status, 200)
        let medium = try Self.send("POST", "/run", studio, token: token, body: JSONValue.object(["code": .string(code)]).serialized())
        XCTAssertEqual(medium.json?["session"]?["widgetType"]?.stringValue, "medium")
        XCTAssertEqual(medium.json?["session"]?["result"]?["structured"]?["kind"]?.stringValue, "medium")
        // A script that fails is still ok, with the error, its line and column, in the logs.
        let broken = "console.log('before')\nthis.a = 1\nundefinedFunction()\n"
        let failed = try Self.send("POST", "/run", studio, token: token, body: JSONValue.object(["code": .string(broken)]).serialized())
        XCTAssertEqual(failed.status, 200)
        XCTAssertEqual(failed.json?["ok"], .bool(true))
        let logs = try XCTUnwrap(failed.json?["session"]?["result"]?["logs"]?.stringValue)
        XCTAssertEqual(logs, """
            [log] before
            error: \(example.script):3:18: uncaught ReferenceError: Can't find variable: undefinedFunction [uncaught-error]
              3 | undefinedFunction()
                |                  ^
            The run ended with error: ReferenceError: Can't find variable: undefinedFunction.
            """)
        XCTAssertEqual(failed.json?["session"]?["result"]?["status"]?.stringValue, "error")
        XCTAssertEqual(Files.text(example.script), code, "/run writes nothing, the script included")
    }

    func testRunKeepsWhatTheScriptStoresInMemory() throws {
        let example = try ExampleCopy("outputs.js")
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let token = try XCTUnwrap(try Self.pair(studio)["token"]?.stringValue)
        let state = example.folder.file("state")
        let listing = Files.listing(state)
        let contents = listing.map { Files.bytes(state + "/" + $0) }
        let storing = """
            setConfig('seen', 'yes'); setValue('count', '1'); Setting.set('name', 'x')
            const fm = FileManager.local(); fm.writeString(fm.documents() + 'note.txt', 'hello')
            this.config = Config.seen
            """
        let answer = try Self.send("POST", "/run", studio, token: token, body: JSONValue.object(["code": .string(storing)]).serialized())
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.json?["session"]?["result"]?["status"]?.stringValue, "ok", "\(answer.json as Any)")
        XCTAssertEqual(Files.listing(state), listing, "the state folder is as it was")
        XCTAssertEqual(listing.map { Files.bytes(state + "/" + $0) }, contents)
    }

    func testListenTakesAnAddressAndAnswersItsHostAndRefusesAnythingElse() throws {
        let example = try ExampleCopy("outputs.js")
        let bad = try Program.run([try BuiltProgram.path("widgethost"), "studio", example.script, "--listen", "my-laptop"],
                                  environment: StudioProcess.environment)
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(bad.err.contains("bad --listen 'my-laptop'; give an IP address"), bad.err)
        let studio = try StudioProcess([example.script, "--listen", "127.0.0.2"] + example.flags)
        defer { studio.stop() }
        XCTAssertTrue(studio.lines.contains("VS Code: http://127.0.0.2:\(studio.port) · pairing code \(studio.code)"), studio.lines.joined(separator: "\n"))
        let answer = try HTTPExchange.send("GET", "/api/pairing", port: studio.port, address: "127.0.0.2", host: "127.0.0.2:\(studio.port)")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.json?["address"]?.stringValue, "http://127.0.0.2:\(studio.port)")
        XCTAssertEqual(try HTTPExchange.send("GET", "/api/view", port: studio.port, address: "127.0.0.2", host: "attacker.test:\(studio.port)").status, 403)
        XCTAssertThrowsError(try HTTPExchange.send("GET", "/", port: studio.port, address: "127.0.0.1", host: "127.0.0.1:\(studio.port)"),
                             "it listens on 127.0.0.2 only")
    }

    // MARK: Helpers

    static let umask: mode_t = {
        let old = Glibc.umask(0o022)
        _ = Glibc.umask(old)
        return old
    }()

    /// `POST /pair` with the studio's code; the answer's object.
    static func pair(_ studio: StudioProcess) throws -> JSONValue {
        let answer = try pairing(studio, code: studio.code)
        XCTAssertEqual(answer.status, 200, String(decoding: answer.body, as: UTF8.self))
        XCTAssertEqual(answer.json?["ok"], .bool(true))
        return try XCTUnwrap(answer.json)
    }

    /// `POST /pair` with `code`, as the extension sends it.
    static func pairing(_ studio: StudioProcess, code: String) throws -> HTTPExchange {
        try send("POST", "/pair", studio, token: nil, body: JSONValue.object([
            "code": .string(code), "clientName": "VS Code", "clientVersion": "1.90.0",
        ]).serialized())
    }

    /// A request to the studio as the extension makes it (JSON, the bearer token when given).
    static func send(_ method: String, _ path: String, _ studio: StudioProcess, token: String?, body: String? = nil,
                     contentType: String = "application/json") throws -> HTTPExchange {
        var headers = [("Content-Type", contentType)]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        return try HTTPExchange.send(method, path, port: studio.port, host: "127.0.0.1:\(studio.port)", headers: headers,
                                     body: body.map { Array($0.utf8) })
    }
}
