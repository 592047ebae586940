import JSONKit
import WidgetHostCLI
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class RunCommandTests: XCTestCase {
    let now = "--now=2026-11-29T08:00:00Z"

    func testJSONReportHasTheDocumentedShape() throws {
        let result = tool("run", example("every-30-minutes.js"), now, "--tz", "Europe/Berlin", "--format", "json")
        XCTAssertEqual(result.code, 0)
        let report = try JSONValue.parse(result.out)
        XCTAssertEqual(report["schema"], "widgethost.run/1")
        XCTAssertEqual(report["status"], "ok")
        XCTAssertEqual(report["outputs"], ["greeting": "Good morning", "updated": "09:00"])
        XCTAssertEqual(report["events"]?[0]?["type"], "setUpdateFreq")
        XCTAssertEqual(report["events"]?[0]?["at"], "2026-11-29T09:00:00.000+01:00")
        XCTAssertEqual(report["events"]?[0]?["args"], [30])
        XCTAssertEqual(report["events"]?[0]?["valid"], true)
        XCTAssertEqual(report["nextRefresh"]?["requested"], "2026-11-29T09:30:00.000+01:00")
        XCTAssertEqual(report["nextRefresh"]?["reason"], "frequency")
        XCTAssertEqual(report["console"]?[0], ["level": "log", "message": "refreshed at 09:00"])
        XCTAssertEqual(report["diagnostics"], [])
        XCTAssertEqual(report["error"], .null)
        XCTAssertEqual(report["limits"], ["timeoutSeconds": 10, "memoryMB": 30, "consoleEntries": 200])
        XCTAssertEqual(result.err, "")
    }

    func testTextReportAndDiagnosticsOnStderr() {
        let result = tool("run", example("frequency-mistakes.js"), now, "--tz", "UTC")
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.out.contains("Outputs (1)"))
        XCTAssertTrue(result.out.contains("setUpdateFreq(\"30\")  ignored"))
        XCTAssertTrue(result.out.contains("requested 2026-11-29T08:05:00.000+00:00"))
        XCTAssertTrue(result.out.contains("limits  10 s, 30 MB, 200 console entries"))
        let stderr = result.err.split(separator: "\n").map(String.init)
        XCTAssertTrue(stderr[0].hasPrefix("warning: \(example("frequency-mistakes.js")):13:1: setUpdateFreq(minutes) expects"))
        XCTAssertTrue(stderr[0].hasSuffix("[invalid-argument]"))
        XCTAssertEqual(stderr[1], "  13 | setUpdateFreq(\"30\")")
        XCTAssertEqual(stderr[2], "     | ^")
        XCTAssertFalse(result.out.contains("\u{1B}["), "no colour when not on a terminal")
    }

    func testT5LocaleFlag() throws {
        let script = Files.temporaryRoot + "/widgethost-locale-\(getpid()).js"
        writeFile(script, Array("let v = [(1234.5).toLocaleString(), Device.language()]".utf8))
        defer { unlink(script) }
        let german = tool("run", script, now, "--locale", "de-DE", "--format", "json")
        XCTAssertEqual(german.code, 0)
        XCTAssertTrue(german.out.contains("\"1.234,5\",\n      \"de\""), german.out)
        let bad = tool("run", script, now, "--locale", "de_DE")
        XCTAssertEqual(bad.code, 64)
        XCTAssertEqual(bad.err, "error: bad --locale 'de_DE'; use a BCP 47 language tag such as zh-CN, en-US or de-DE (see 'widgethost run --help')\n")
    }

    func testScriptErrorExitsOneWithLocation() {
        let result = tool("run", example("mistake.js"), now)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.err.contains("mistake.js:17:33: uncaught TypeError"))
        XCTAssertTrue(result.out.contains("none published"))
    }

    func testLiveActivityExampleEndsItself() throws {
        let result = tool("run", example("live-countdown.js"), "--kind", "live", "--now", "2026-11-29T19:05:00Z", "--tz", "UTC", "--format", "json")
        let report = try JSONValue.parse(result.out)
        XCTAssertEqual(report["liveActivity"]?["state"], "ended")
        XCTAssertEqual(report["liveActivity"]?["endedAt"], "2026-11-29T19:05:00.000+00:00")
        XCTAssertEqual(report["nextRefresh"], .null)
        XCTAssertEqual(report["outputs"]?["state"], "departed")
    }

    func testExamplesRunWithTheOutputsTheirCommentsPromise() throws {
        let outputs = try JSONValue.parse(tool("run", example("outputs.js"), now, "--format", "json").out)["outputs"]
        XCTAssertEqual(outputs?.objectValue.map { Set($0.keys) }, ["city", "temperature", "forecast", "high", "low", "updatedAt"])
        let night = try JSONValue.parse(
            tool("run", example("skip-the-night.js"), "--now", "2026-11-29T23:30:00", "--tz", "Europe/Berlin", "--format", "json").out)
        XCTAssertEqual(night["outputs"]?["mode"], "night")
        XCTAssertEqual(night["nextRefresh"]?["requested"], "2026-11-30T07:00:00.000+01:00")
        XCTAssertEqual(night["nextRefresh"]?["reason"], "updateTime")
    }

    func testBadInputGivesOneClearLineAndTheRightExitCode() {
        let directory = Files.temporaryRoot + "/widgethost-cli-\(getpid())"
        mkdir(directory, 0o755)
        defer { Files.removeTree(directory) }
        writeFile(directory + "/latin1.js", Array("let a = 'caf".utf8) + [0xE9, 0x27, 0x0A])
        writeFile(directory + "/broken.js", Array("let a = 1\nlet b = ;\n".utf8))
        let cases: [([String], Int32, String)] = [
            (["run", directory + "/missing.js"], 66, "missing.js: no such file"),
            (["run", directory], 66, "is a folder, not a file"),
            (["run", directory + "/latin1.js"], 65, "latin1.js:1:13: the file is not valid UTF-8 (byte 0xE9"),
            (["run", directory + "/broken.js"], 1, "broken.js:2:9: SyntaxError: Unexpected token ';'"),
            (["run", example("outputs.js"), "--colour"], 64, "unknown option '--colour'"),
            (["run", example("outputs.js"), "--now", "half past nine"], 64, "bad --now 'half past nine'"),
            (["run", example("outputs.js"), "--tz", "Mars/Olympus"], 64, "unknown time zone 'Mars/Olympus'"),
            (["run", example("outputs.js"), "--kind", "huge"], 64, "unknown kind 'huge'"),
            (["run", example("outputs.js"), "--seed", "-3"], 64, "bad --seed '-3'"),
            (["run", example("outputs.js"), "--timeout", "0"], 64, "bad --timeout '0'"),
            (["run"], 64, "missing the script to run"),
            (["walk"], 64, "unknown subcommand 'walk'"),
        ]
        for (arguments, code, message) in cases {
            let result = tool(arguments)
            XCTAssertEqual(result.code, code, "\(arguments)")
            let first = result.err.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertTrue(first.hasPrefix("error: "), "\(arguments): \(first)")
            XCTAssertTrue(first.contains(message), "\(arguments): \(first)")
            XCTAssertFalse(result.err.contains("Fatal error"), "\(arguments)")
            if code != 1 { XCTAssertEqual(result.err.split(separator: "\n").count, 1, "\(arguments): \(result.err)") }
        }
    }

    func testHelpAndVersion() {
        let top = tool("--help")
        XCTAssertEqual(top.code, 0)
        XCTAssertTrue(top.out.hasPrefix("OVERVIEW: A headless host for Omni widget and Live Activity scripts."))
        XCTAssertTrue(top.out.contains("  run "))
        let run = tool("run", "--help")
        XCTAssertEqual(run.code, 0)
        XCTAssertTrue(run.out.contains("USAGE: widgethost run <script>"))
        XCTAssertTrue(run.out.contains("--memory-limit <mb>"))
        XCTAssertEqual(tool("help", "run").out, run.out)
        XCTAssertEqual(tool("--version").out, "widgethost \(WidgetHostTool.version)\n")
    }

    func testTheBinaryBehavesTheSameEndToEnd() throws {
        let ok = try binary(["run", example("every-30-minutes.js"), now, "--format", "json"])
        XCTAssertEqual(ok.code, 0)
        XCTAssertEqual(try JSONValue.parse(ok.out)["status"], "ok")
        let missing = try binary(["run", "/nonexistent/widget.js"])
        XCTAssertEqual(missing.code, 66)
        XCTAssertEqual(missing.err, "error: /nonexistent/widget.js: no such file\n")
        let failing = try binary(["run", example("mistake.js"), now])
        XCTAssertEqual(failing.code, 1)
        XCTAssertFalse(failing.err.contains("Stack dump"))
    }

    func testRunMapsLibxml2OnlyWhenTheScriptParsesHTML() throws {
        // libxml2 is loaded on the first HTML parse (as libcurl on the first live request), so
        // a run that never makes an HTMLDoc never maps it; LD_DEBUG=files lists every object.
        let environment = ["NO_COLOR=1", "TZ=UTC", "LD_DEBUG=files"]
        let plain = try binary(["run", example("every-30-minutes.js"), now, "--format", "json"], environment: environment)
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertTrue(plain.err.contains("libjavascriptcoregtk"), "LD_DEBUG lists what is loaded")
        XCTAssertFalse(plain.err.contains("libxml2"), "widgethost run maps libxml2 for a script without HTMLDoc")
        XCTAssertFalse(plain.err.contains("libcurl"), "widgethost run maps libcurl for a script without live requests")

        let scrape = try binary(
            ["run", example("html-scrape.js"), "--fixtures", example("html-scrape.fixtures.json"), now, "--format", "json"],
            environment: environment)
        XCTAssertEqual(scrape.code, 0, scrape.err)
        XCTAssertTrue(scrape.err.contains("file=libxml2.so.2"), "the first HTMLDoc loads libxml2")
        XCTAssertFalse(scrape.err.contains("libcurl"), "a replayed request loads no libcurl")
        let report = try JSONValue.parse(scrape.out)
        XCTAssertEqual(report["outputs"]?["title"], "The Shawshank Redemption")
        XCTAssertEqual(report["outputs"]?["links"], 2)
    }

    func testT2ARunSaysWhenTheEngineCannotHaveTheSystemsZoneRules() throws {
        // A zoneinfo folder without tzdata.zi: the report's zone loads, the engine's rules cannot be made.
        let zoneinfo = try Files.makeTemporaryFolder("widgethost-no-tzdata")
        defer { _ = system("rm -rf '\(zoneinfo)'") }
        let environment = ["NO_COLOR=1", "TZ=UTC", "TZDIR=" + zoneinfo]
        let text = try binary(["run", example("every-30-minutes.js"), now], environment: environment)
        XCTAssertEqual(text.code, 0)
        XCTAssertTrue(text.err.hasPrefix("warning: " + example("every-30-minutes.js") + ": the script's Date and Intl use the engine's compiled-in time zone rules"), text.err)
        XCTAssertTrue(text.err.contains(zoneinfo + "/tzdata.zi"), text.err)
        XCTAssertTrue(text.err.hasSuffix("[zone-rules-not-current]\n"), text.err)
        let json = try JSONValue.parse(try binary(["run", example("every-30-minutes.js"), now, "--format", "json"], environment: environment).out)
        XCTAssertEqual(json["diagnostics"]?.arrayValue?.map { $0["code"] }, ["zone-rules-not-current"])
        XCTAssertEqual(json["diagnostics"]?.arrayValue?.first?["severity"], "warning")
        // With the system's tzdata the same run has nothing to say.
        XCTAssertEqual(try binary(["run", example("every-30-minutes.js"), now]).err, "")
    }
}
