import JSONKit
import WidgetHost
import WidgetHostCLI
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class SimulateCommandTests: XCTestCase {
    let now = "--now=2026-11-29T00:00:00Z"
    let utc = ["--tz", "UTC"]

    private func simulate(_ arguments: String...) -> ToolResult {
        tool(["simulate"] + arguments)
    }

    private func json(_ result: ToolResult) throws -> JSONValue {
        XCTAssertEqual(result.code, 0, result.err)
        return try JSONValue.parse(result.out)
    }

    private func read(_ path: String) -> String? {
        (try? FileBytes.read(path: path)).map { String(decoding: $0, as: UTF8.self) }
    }

    private func files(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A countdown that ran 6 times, 5 minutes apart, and ended: its summary says it asked for
    /// about 5 refreshes, within the budget, not 288 a day.
    func testTheSummaryOfAnActivityThatEndedJudgesWhatItAskedFor() throws {
        let result = simulate(example("live-countdown.js"), "--kind", "live", "--now", "2026-11-29T18:35:00Z", "--tz", "UTC", "--summary")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("\(example("live-countdown.js")): 6 runs as a Live Activity\n"), result.out)
        XCTAssertTrue(result.out.contains("  budget:       The script asked for a refresh about every 5m 00s while its Live Activity was active (25m 00s): about 5 refreshes, within the typical budget of 55 a day, so refreshes can come when requested.\n"), result.out)
        XCTAssertFalse(result.out.contains("288"), result.out)
    }

    // MARK: - Formats

    func testTapsRunTheButtonsActionBeforeTheirRefresh() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-simulate-action")
        defer { Files.removeTree(folder) }
        let result = tool(["simulate", example("liked-toggle.js"), now, "--hours", "2", "--tap", "+30m",
                           "--action", example("liked-toggle.button.js"), "--state", folder, "--format", "json"] + utc)
        XCTAssertEqual(result.code, 0, result.err)
        let json = try JSONValue.parse(result.out)
        XCTAssertEqual(json["outputs"]?["state"], "heart.fill")
        let refreshes = json["refreshes"]?.arrayValue ?? []
        XCTAssertEqual(refreshes.first { $0["trigger"] == "tap" }?["outputsChanged"], .bool(true))

        let text = tool(["simulate", example("liked-toggle.js"), now, "--hours", "2", "--tap", "+30m",
                         "--action", example("liked-toggle.button.js")] + utc)
        XCTAssertTrue(text.out.hasPrefix("\(example("liked-toggle.js")): "), text.out)
        XCTAssertTrue(text.out.split(separator: "\n")[0].hasSuffix(", 1 button action before taps"), text.out)

        let noTap = tool(["simulate", example("liked-toggle.js"), now, "--action", example("liked-toggle.button.js")])
        XCTAssertEqual(noTap.code, 64)
        XCTAssertTrue(noTap.err.contains("--action runs on a tap; add --tap TIME"), noTap.err)
    }

    func testTextReportShowsTheTableAndTheSummary() {
        let result = simulate(example("every-30-minutes.js"), now, "--tz", "Europe/Berlin")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.err, "")
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "\(example("every-30-minutes.js")): 48 runs as a small widget")
        XCTAssertTrue(result.out.contains("span:   2026-11-29 01:00:00 to 2026-11-30 01:00:00 (Europe/Berlin, 1d 00h)"))
        XCTAssertTrue(result.out.contains("budget: typical (55 a day), ideal mode"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("   #  trigger    requested       granted         delay  why delayed  status  outputs  budget left") })
        XCTAssertTrue(lines.contains("   1  scheduled  11-29 01:30:00  11-29 01:30:00      -  -            ok      changed           53"))
        XCTAssertTrue(result.out.contains("refreshes:    48 (48 charged, 0 free, 0 failed, 0 delayed)"))
        XCTAssertTrue(result.out.contains("within the typical budget of 55"))
    }

    func testJSONReportHasTheTimelineSchema() throws {
        let report = try json(simulate(example("every-30-minutes.js"), now, "--tz", "UTC", "--format", "json"))
        XCTAssertEqual(report["schema"], "widgethost.timeline/1")
        XCTAssertEqual(report["start"], "2026-11-29T00:00:00.000+00:00")
        XCTAssertEqual(report["end"], "2026-11-30T00:00:00.000+00:00")
        XCTAssertEqual(report["budget"], "typical")
        XCTAssertEqual(report["budgetPerDay"], 55)
        XCTAssertEqual(report["seed"], 0)
        XCTAssertEqual(report["refreshes"]?.arrayValue?.count, 48)
        XCTAssertEqual(report["refreshes"]?[47]?["granted"], "2026-11-29T23:30:00.000+00:00")
        XCTAssertEqual(report["summary"]?["refreshCount"], 48)
        XCTAssertEqual(report["summary"]?["budgetVerdict"]?["askedPerDay"], 48)
        XCTAssertEqual(report["outputs"], ["greeting": "Good evening", "updated": "23:30"])
        XCTAssertEqual(report["events"]?.arrayValue?.count, 48)
    }

    func testJSONLinesEveryLineParses() throws {
        let result = simulate(example("live-countdown.js"), "--kind", "live", "--now", "2026-11-29T18:00:00Z", "--tz", "UTC",
                              "--hours", "6", "--format", "jsonl")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.hasSuffix("}\n"))
        let lines = try result.out.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        XCTAssertEqual(lines.first?["type"], "simulation")
        XCTAssertEqual(lines.first?["schema"], "widgethost.timeline/1")
        XCTAssertEqual(lines.last?["type"], "summary")
        XCTAssertTrue(lines.allSatisfy { $0["type"] != nil && $0["at"] != nil })
        let types = lines.compactMap { $0["type"]?.stringValue }
        XCTAssertEqual(types.filter { $0 == "refresh" }.count, 13)
        XCTAssertEqual(types.filter { $0 == "live-activity-end" }.count, 1)
        let dismissed = try XCTUnwrap(lines.first { $0["type"] == "live-activity-dismissed" })
        XCTAssertEqual(dismissed["at"], "2026-11-29T23:00:00.000+00:00")
    }

    func testSVGRendersToPNG() throws {
        let rsvg = try Program.required("rsvg-convert")
        let directory = try Files.makeTemporaryFolder("widgethost-simulate")
        defer { Files.removeTree(directory) }
        let result = simulate(example("live-score.js"), "--kind", "live", "--now", "2026-11-29T12:00:00Z", "--tz", "UTC",
                              "--tap", "+2h10m", "--format", "svg", "--out", directory + "/live.svg")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(result.out, "wrote \(directory)/live.svg (svg, 17 refreshes)\n")
        let svg = try XCTUnwrap(read(directory + "/live.svg"))
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains("Live Activity"))
        let status = system("\(rsvg) --format=png --output='\(directory)/live.png' '\(directory)/live.svg' 2>'\(directory)/err.txt'")
        XCTAssertEqual(status, 0, read(directory + "/err.txt") ?? "")
        let png = Array(try XCTUnwrap(read(directory + "/live.png")).utf8.prefix(4))
        XCTAssertEqual(png.count, 4)
        XCTAssertEqual(read(directory + "/err.txt"), "")
        let header = try XCTUnwrap(fopen(directory + "/live.png", "rb"))
        var signature = [UInt8](repeating: 0, count: 8)
        _ = fread(&signature, 1, 8, header)
        fclose(header)
        XCTAssertEqual(signature, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testOutWritesTheChosenFormatAtomically() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-simulate")
        defer { Files.removeTree(directory) }
        let path = directory + "/timeline.json"
        writeFile(path, Array("old contents".utf8))
        let result = simulate(example("every-30-minutes.js"), now, "--tz", "UTC", "--format", "json", "--out", path)
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(result.out, "wrote \(path) (json, 48 refreshes)\n")
        let written = try XCTUnwrap(read(path))
        XCTAssertEqual(try JSONValue.parse(written)["schema"], "widgethost.timeline/1")
        // Same bytes as stdout would have had; no temporary file left behind.
        XCTAssertEqual(written, simulate(example("every-30-minutes.js"), now, "--tz", "UTC", "--format", "json").out)
        XCTAssertEqual(files(in: directory), ["timeline.json"])
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertNotEqual(info.st_mode & 0o044, 0, "readable like any new file, not 0600")

        let text = simulate(example("every-30-minutes.js"), now, "--tz", "UTC", "--out", directory + "/t.txt")
        XCTAssertEqual(text.code, 0)
        XCTAssertTrue(read(directory + "/t.txt")?.contains("Refresh timeline for a widget script") ?? false)

        // A symbolic link is followed (the link stays); /dev/null is written in place, not replaced.
        XCTAssertEqual(symlink(path, directory + "/link.json"), 0)
        let linked = simulate(example("every-30-minutes.js"), now, "--tz", "UTC", "--hours", "1", "--format", "json",
                              "--out", directory + "/link.json")
        XCTAssertEqual(linked.code, 0, linked.err)
        var linkInfo = stat()
        XCTAssertEqual(lstat(directory + "/link.json", &linkInfo), 0)
        XCTAssertEqual(linkInfo.st_mode & S_IFMT, S_IFLNK)
        XCTAssertEqual(try JSONValue.parse(read(path) ?? "")["summary"]?["refreshCount"], 2)
        XCTAssertEqual(files(in: directory), ["link.json", "t.txt", "timeline.json"])
        let devNull = simulate(example("every-30-minutes.js"), now, "--hours", "1", "--out", "/dev/null")
        XCTAssertEqual(devNull.code, 0, devNull.err)
        var nullInfo = stat()
        XCTAssertEqual(stat("/dev/null", &nullInfo), 0)
        XCTAssertEqual(nullInfo.st_mode & S_IFMT, S_IFCHR)
        let folder = simulate(example("every-30-minutes.js"), now, "--out", directory)
        XCTAssertEqual(folder.code, 73)
        XCTAssertEqual(folder.err, "error: cannot write \(directory): is a folder; name a file\n")

        let missing = simulate(example("every-30-minutes.js"), now, "--out", directory + "/no/such/folder.json")
        XCTAssertEqual(missing.code, 73)
        XCTAssertTrue(missing.err.hasPrefix("error: cannot write \(directory)/no/such/folder.json: "), missing.err)
        XCTAssertEqual(missing.err.split(separator: "\n").count, 1)
    }

    // MARK: - Flags

    func testDurationBudgetAndRealisticFlags() throws {
        let twoDays = try json(simulate(example("every-5-minutes.js"), now, "--tz", "UTC", "--days", "2", "--format", "json"))
        XCTAssertEqual(twoDays["summary"]?["refreshCount"], 110)
        XCTAssertEqual(twoDays["summary"]?["budgetVerdict"]?["askedPerDay"], 288)
        XCTAssertEqual(twoDays["summary"]?["budgetVerdict"]?["verdict"], "over-budget")
        let unlimited = try json(simulate(example("every-5-minutes.js"), now, "--tz", "UTC", "--budget", "unlimited",
                                          "--format", "json"))
        XCTAssertEqual(unlimited["summary"]?["refreshCount"], 288)
        XCTAssertEqual(unlimited["budgetPerDay"], .null)
        let hours = try json(simulate(example("every-30-minutes.js"), now, "--tz", "UTC", "--hours", "1.5", "--format", "json"))
        XCTAssertEqual(hours["summary"]?["refreshCount"], 3)
        XCTAssertEqual(hours["end"], "2026-11-29T01:30:00.000+00:00")
        // A script that asks for nothing follows 1440 / budget minutes.
        let strict = try json(simulate(example("outputs.js"), now, "--tz", "UTC", "--budget", "strict", "--format", "json"))
        XCTAssertEqual(strict["summary"]?["refreshCount"], 40)
        XCTAssertEqual(strict["refreshes"]?[1]?["granted"], "2026-11-29T00:36:00.000+00:00")
        let custom = try json(simulate(example("outputs.js"), now, "--tz", "UTC", "--budget", "24", "--format", "json"))
        XCTAssertEqual(custom["summary"]?["refreshCount"], 24)
        XCTAssertEqual(custom["budget"], "24")

        let realistic = ["simulate", example("every-30-minutes.js"), now, "--tz", "UTC", "--realistic", "--seed", "3",
                         "--format", "json"]
        let first = tool(realistic)
        XCTAssertEqual(first.out, tool(realistic).out, "same inputs and seed: the same bytes")
        let report = try json(first)
        XCTAssertEqual(report["realistic"], true)
        XCTAssertEqual(report["seed"], 3)
        let jitter = report["refreshes"]?.arrayValue?.compactMap { $0["jitterMs"]?.doubleValue } ?? []
        XCTAssertTrue(jitter.contains { $0 > 0 })
        XCTAssertTrue(jitter.allSatisfy { $0 <= 600_000 })
        var otherSeed = realistic
        otherSeed[otherSeed.firstIndex(of: "3")!] = "4"
        XCTAssertNotEqual(tool(otherSeed).out, first.out)
    }

    func testTapsAndForegroundsAcceptOffsetsISOAndEpochMilliseconds() throws {
        let report = try json(simulate(
            example("every-30-minutes.js"), now, "--tz", "UTC", "--tap", "+10m", "--tap", "+1h30m",
            "--foreground", "2026-11-29T05:00:00Z", "--tap", "1795939200000", "--foreground", "+0.5d", "--format", "json"))
        let free = report["refreshes"]?.arrayValue?.filter { $0["charged"] == false } ?? []
        XCTAssertEqual(free.compactMap { $0["granted"]?.stringValue }, [
            "2026-11-29T00:10:00.000+00:00", "2026-11-29T01:30:00.000+00:00", "2026-11-29T05:00:00.000+00:00",
            "2026-11-29T08:00:00.000+00:00", "2026-11-29T12:00:00.000+00:00",
        ])
        XCTAssertEqual(free.compactMap { $0["trigger"]?.stringValue }, ["tap", "tap", "foreground", "tap", "foreground"])
        XCTAssertEqual(report["summary"]?["freeCount"], 5)
        // An ISO time without an offset is read in --tz.
        let berlin = try json(simulate(example("every-30-minutes.js"), now, "--tz", "Europe/Berlin", "--tap",
                                       "2026-11-29T09:00", "--format", "json"))
        let tap = berlin["refreshes"]?.arrayValue?.first { $0["trigger"] == "tap" }
        XCTAssertEqual(tap?["granted"], "2026-11-29T09:00:00.000+01:00")
    }

    func testFailingRunsAreDataNotAToolFailure() {
        let result = simulate(example("flaky-api.js"), now, "--tz", "UTC", "--hours", "4")
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.out.hasPrefix("\(example("flaky-api.js")): 8 runs as a small widget, 4 failed\n"))
        XCTAssertTrue(result.out.contains("error   kept"))
        XCTAssertEqual(result.err, "error: \(example("flaky-api.js")):19:18: uncaught Error: the weather API timed out "
            + "[uncaught-error] (in 4 of 8 runs, first run 1)\n")
        let mistake = simulate(example("mistake.js"), now, "--tz", "UTC", "--format", "json")
        XCTAssertEqual(mistake.code, 0)
        XCTAssertTrue(mistake.err.contains("mistake.js:17:33: uncaught TypeError"), mistake.err)
        XCTAssertTrue(mistake.err.contains("(in all 55 runs)"), mistake.err)
        let warnings = simulate(example("frequency-mistakes.js"), now, "--tz", "UTC", "--hours", "1")
        XCTAssertEqual(warnings.code, 0)
        XCTAssertTrue(warnings.err.contains("warning: \(example("frequency-mistakes.js")):13:1: setUpdateFreq(minutes) expects"))
        XCTAssertTrue(warnings.err.contains("[invalid-argument] (in all 12 runs)"), warnings.err)
    }

    func testLiveActivityKind() throws {
        let result = simulate(example("live-countdown.js"), "--kind", "live", "--now", "2026-11-29T18:00:00Z", "--tz", "UTC",
                              "--hours", "6")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("\(example("live-countdown.js")): 13 runs as a Live Activity\n"))
        XCTAssertTrue(result.out.contains("11-29 19:00:00  live activity 1 ended by script"))
        XCTAssertTrue(result.out.contains("11-29 23:00:00  live activity 1 dismissed"))
        XCTAssertTrue(result.out.contains("activity 1:   started by script at 2026-11-29 18:00:00, ended by script at "
            + "2026-11-29 19:00:00 (active 1h 00m), dismissed at 2026-11-29 23:00:00"))
    }

    // MARK: - Bad input

    func testBadInputGivesOneClearLineAndExit64() {
        let script = example("every-30-minutes.js")
        let cases: [([String], String)] = [
            (["--days", "100000"], "bad --days '100000': a simulation spans at most 366 days"),
            (["--days", "367"], "bad --days '367': a simulation spans at most 366 days"),
            (["--hours", "-1"], "bad --hours '-1'; use a number of hours above 0"),
            (["--hours", "abc"], "bad --hours 'abc'"),
            (["--hours", "0"], "bad --hours '0'"),
            (["--hours", "nan"], "bad --hours 'nan'"),
            (["--days", "1e3"], "bad --days '1e3'"),
            (["--hours", "9000"], "bad --hours '9000': a simulation spans at most 366 days (8784 hours)"),
            (["--hours", "2", "--days", "1"], "give --hours or --days, not both"),
            (["--budget", "lavish"], "unknown budget 'lavish'; use strict (40 a day), typical (55), generous (70), unlimited"),
            (["--budget", "0"], "unknown budget '0'"),
            (["--budget", "1441"], "unknown budget '1441'"),
            (["--tap", "+25h"], "bad --tap '+25h': the tap at 2026-11-30T01:00:00.000+00:00 lies outside the simulated span, 2026-11-29T00:00:00.000+00:00 to 2026-11-30T00:00:00.000+00:00 (end excluded)"),
            (["--tap", "+24h"], "bad --tap '+24h': the tap at 2026-11-30T00:00:00.000+00:00 lies outside"),
            (["--tap", "2026-11-28T23:59:00Z"], "bad --tap '2026-11-28T23:59:00Z': the tap at 2026-11-28T23:59:00.000+00:00 lies outside"),
            (["--foreground", "+3d"], "bad --foreground '+3d': the foreground at"),
            (["--tap", "+2x"], "bad --tap '+2x'; an offset from the start is + and a number with a unit d, h, m, s or ms"),
            (["--tap", "+"], "bad --tap '+'"),
            (["--tap", "+99999999999999999999d"], "bad --tap '+99999999999999999999d'; an offset from the start is +"),
            (["--tap", "+nan"], "bad --tap '+nan'"),
            (["--tap", "+-0s"], "bad --tap '+-0s'"),
            (["--tap", ""], "bad --tap ''"),
            (["--hours", "99999999999999999999"], "bad --hours '99999999999999999999': a simulation spans at most 366 days"),
            (["--hours", "-0"], "bad --hours '-0'"),
            (["--hours", ""], "bad --hours ''"),
            (["--days", "1e400"], "bad --days '1e400'"),
            (["--tap", "soon"], "bad --tap 'soon': expected an ISO 8601 date-time"),
            (["--format", "xml"], "unknown format 'xml'; use text, json, jsonl or svg"),
            (["--seed", "9007199254740992"], "the seed must be a whole number from 0 to 9007199254740991"),
            (["--seed", "-1"], "bad --seed '-1'"),
            (["--kind", "huge"], "unknown kind 'huge'"),
            (["--out", ""], "bad --out ''"),
            (["--weeks", "2"], "unknown option '--weeks'"),
            (["extra.js"], "unexpected argument 'extra.js'; simulate takes one script"),
        ]
        for (extra, message) in cases {
            let result = tool(["simulate", script, now] + utc + extra)
            XCTAssertEqual(result.code, 64, "\(extra): \(result.err)")
            XCTAssertEqual(result.out, "", "\(extra)")
            let lines = result.err.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(extra): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix("error: " + message), "\(extra): \(result.err)")
            XCTAssertTrue(result.err.hasSuffix(" (see 'widgethost simulate --help')\n"), "\(extra): \(result.err)")
        }
        for (arguments, message) in [
            (["--tz", "Mars/Olympus"], "unknown time zone 'Mars/Olympus'"),
            (["--now", "yesterday"], "bad --now 'yesterday'"),
        ] {
            let result = tool(["simulate", script] + arguments)
            XCTAssertEqual(result.code, 64, "\(arguments): \(result.err)")
            XCTAssertEqual(result.err.split(separator: "\n").count, 1, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix("error: " + message), "\(arguments): \(result.err)")
        }
        let missing = simulate()
        XCTAssertEqual(missing.code, 64)
        XCTAssertTrue(missing.err.hasPrefix("error: missing the script to simulate"))
    }

    func testUnreadableScriptsUseTheFileExitCodes() {
        let directory = Files.temporaryRoot + "/widgethost-simulate-\(getpid())"
        mkdir(directory, 0o755)
        defer { _ = system("rm -rf '\(directory)'") }
        writeFile(directory + "/latin1.js", Array("let a = 'caf".utf8) + [0xE9, 0x27, 0x0A])
        let missing = simulate(directory + "/missing.js", now)
        XCTAssertEqual(missing.code, 66)
        XCTAssertEqual(missing.err, "error: \(directory)/missing.js: no such file\n")
        let latin1 = simulate(directory + "/latin1.js", now)
        XCTAssertEqual(latin1.code, 65)
        XCTAssertTrue(latin1.err.hasPrefix("error: \(directory)/latin1.js:1:13: the file is not valid UTF-8"), latin1.err)
    }

    // MARK: - Help and run --budget

    func testHelpDocumentsTimesAndExitStatus() {
        let help = simulate("--help")
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Simulate hours or days of refreshes under the iOS budget"))
        XCTAssertTrue(help.out.contains("USAGE: widgethost simulate <script> [<options>]\n"))
        for part in ["+90m, +2h, +1d, +1h30m", "EXIT CODES:\n  0     the simulation ran, even if runs inside it failed", "--summary",
                     "--tap <time> ...", "--foreground <time> ...", "--budget <profile>", "--realistic", "--out <file>",
                     "jsonl", "widgethost.timeline/1", "--strict", "--timeout <seconds>"] {
            XCTAssertTrue(help.out.contains(part), part)
        }
        XCTAssertEqual(tool("help", "simulate").out, help.out)
        XCTAssertTrue(tool("--help").out.contains("  simulate "))
    }

    /// The issue's own case: a day of every-5-minutes is stale for 19 h 30 min after the budget is spent.
    func testTheLongestGapOfEveryFiveMinutesIsTheStaleEvening() {
        let result = simulate(example("every-5-minutes.js"), "--now", "2026-11-29T00:00:00Z", "--tz", "UTC", "--summary")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("  longest gap:  19h 30m from 2026-11-29 04:30:00 to 2026-11-30 00:00:00 (the last refresh to the next one granted)\n"), result.out)
    }

    func testSummaryPrintsTheHeadingAndTheSummaryOnly() {
        let full = simulate(example("every-30-minutes.js"), "--now", "2026-11-29T00:00:00Z", "--tz", "UTC")
        let summary = simulate(example("every-30-minutes.js"), "--now", "2026-11-29T00:00:00Z", "--tz", "UTC", "--summary")
        XCTAssertEqual(summary.code, 0, summary.err)
        XCTAssertFalse(summary.out.contains(" scheduled "), summary.out)
        XCTAssertTrue(summary.out.contains("\nSummary\n  refreshes:    48 "), summary.out)
        let tail = full.out[full.out.range(of: "\nSummary\n")!.lowerBound...]
        XCTAssertTrue(summary.out.hasSuffix(String(tail)), summary.out)
        let json = simulate(example("every-30-minutes.js"), "--summary", "--format", "json")
        XCTAssertEqual(json.code, 64)
        XCTAssertTrue(json.err.contains("--summary shortens the text report"), json.err)
    }

    func testDatesCarryTheYearWhenTheSpanCrossesOne() {
        let crossing = simulate(example("every-30-minutes.js"), "--now", "2026-12-31T22:00:00Z", "--tz", "UTC", "--hours", "4")
        XCTAssertEqual(crossing.code, 0, crossing.err)
        XCTAssertTrue(crossing.out.contains("\n  0  start      2026-12-31 22:00:00  2026-12-31 22:00:00"), crossing.out)
        XCTAssertTrue(crossing.out.contains("2027-01-01 01:30:00"), crossing.out)
        let within = simulate(example("every-30-minutes.js"), "--now", "2026-12-30T22:00:00Z", "--tz", "UTC", "--hours", "4")
        XCTAssertTrue(within.out.contains("\n  0  start      12-30 22:00:00  12-30 22:00:00"), within.out)
    }

    func testFailedRefreshesAreRedOnATerminalOnly() {
        func run(color: Bool) -> String {
            let capture = Capture()
            let terminal = Terminal(writeOut: { capture.out += $0 }, writeErr: { capture.err += $0 }, colorOut: color)
            _ = WidgetHostTool.main(arguments: ["simulate", example("flaky-api.js"), "--now", "2026-11-29T00:00:00Z", "--hours", "4", "--tz", "UTC"],
                                    terminal: terminal)
            return capture.out
        }
        let plain = run(color: false), coloured = run(color: true)
        XCTAssertFalse(plain.contains("\u{1B}["))
        let red = coloured.split(separator: "\n").filter { $0.hasPrefix("\u{1B}[31m") }
        XCTAssertFalse(red.isEmpty, coloured)
        XCTAssertTrue(red.allSatisfy { $0.contains(" error ") }, "\(red)")
        let failedRows = plain.split(separator: "\n").filter { $0.contains(" error ") && $0.contains(" kept") }
        XCTAssertEqual(red.count, failedRows.count)
    }

    func testRunTakesABudgetThatSetsTheDefaultCadence() throws {
        let strict = try JSONValue.parse(tool("run", example("outputs.js"), now, "--tz", "UTC", "--budget", "strict",
                                              "--format", "json").out)
        XCTAssertEqual(strict["nextRefresh"]?["requested"], "2026-11-29T00:36:00.000+00:00")
        XCTAssertEqual(strict["nextRefresh"]?["reason"], "default")
        let text = tool("run", example("outputs.js"), now, "--tz", "UTC", "--budget", "strict")
        XCTAssertTrue(text.out.contains("the system's default cadence for a budget of 40, 1440/40 minutes (36 min)"), text.out)
        let typical = tool("run", example("outputs.js"), now, "--tz", "UTC")
        XCTAssertTrue(typical.out.contains("budget of 55, 1440/55 minutes (about 26 min)"), typical.out)
        let unlimited = tool("run", example("outputs.js"), now, "--tz", "UTC", "--budget", "unlimited")
        XCTAssertTrue(unlimited.out.contains("with an unlimited budget the system keeps the typical default cadence"))
        let bad = tool("run", example("outputs.js"), now, "--budget", "lots")
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(bad.err.hasPrefix("error: unknown budget 'lots'"))
    }

    // MARK: - The binary

    func testTheBinarySimulatesThirtyDaysWithoutProgressWhenStderrIsNotATerminal() throws {
        let result = try binary(["simulate", example("every-30-minutes.js"), now, "--days", "30", "--format", "json"])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.err, "", "no progress line when stderr is a pipe")
        let report = try JSONValue.parse(result.out)
        XCTAssertEqual(report["summary"]?["refreshCount"], 1440)
        XCTAssertEqual(report["zone"], "UTC")
        let bad = try binary(["simulate", example("every-30-minutes.js"), "--days", "100000"])
        XCTAssertEqual(bad.code, 64)
        XCTAssertEqual(bad.err, "error: bad --days '100000': a simulation spans at most 366 days (see 'widgethost simulate --help')\n")
    }

    func testOnATerminalALongSimulationShowsProgressAndClearsIt() throws {
        // util-linux `script` runs the binary with stdout and stderr on a pseudo-terminal.
        let script = try Program.required("script")
        let probe = try binary(["--version"])
        XCTAssertEqual(probe.code, 0)
        let executable = try BuiltProgram.path("widgethost")
        let directory = try Files.makeTemporaryFolder("widgethost-simulate")
        defer { Files.removeTree(directory) }
        // About 1,150 refreshes: long enough for the progress line to appear.
        let command = "'\(executable)' simulate '\(example("every-5-minutes.js"))' \(now) --budget unlimited --days 4 "
            + "--format json --out '\(directory)/out.json'"
        let result = try spawn([script, "--quiet", "--return", "--command", command, "/dev/null"],
                               environment: ["TZ=UTC", "TERM=xterm"])
        XCTAssertEqual(result.code, 0, result.err)
        let screen = result.out
        XCTAssertTrue(screen.contains("\r\u{1B}[Ksimulating: "), screen)
        XCTAssertTrue(screen.contains(" refreshes, at 2026-"), screen)
        // The line is cleared before the closing message, on the same line: no newline in between.
        let beforeMessage = try XCTUnwrap(screen.range(of: "wrote ")).lowerBound
        XCTAssertTrue(screen[..<beforeMessage].hasSuffix("\r\u{1B}[K"), String(screen.suffix(120)))
        XCTAssertFalse(screen[..<beforeMessage].contains("\n"), "a single updating line")
        XCTAssertEqual(try JSONValue.parse(read(directory + "/out.json") ?? "")["summary"]?["refreshCount"], 1152)
    }
}
