import JSONKit
import TestSupport
import WidgetHostCLI
import XCTest

/// `--edition harmony` on the commands (H1): usage errors with a did-you-mean, the commands
/// that refuse it, and api, types, init and simulate in that edition.
final class EditionCommandTests: XCTestCase {
    let script = example("harmony/city-counter.js")

    func testKindsAndDimensionsOfTheOtherEditionAreUsageErrors() {
        let cases: [([String], String)] = [
            (["--edition", "harmony", "--kind", "medium"], "kind 'medium' is an iOS widget; the harmony edition's cards are desk and lock (did you mean '--kind desk --dimension 2*4'?)"),
            (["--edition", "harmony", "--kind", "live"], "kind 'live' does not exist in the harmony edition, which has no Live Activities"),
            (["--kind", "desk"], "kind 'desk' is a card of the harmony edition (did you mean '--edition harmony --kind desk'?)"),
            (["--dimension", "2*4"], "--dimension '2*4' is a size of the harmony edition's cards (did you mean '--edition harmony --dimension 2*4'?)"),
            (["--edition", "harmony", "--kind", "desk", "--dimension", "lock_1*2"], "dimension 'lock_1*2' is a lock card's (did you mean '--kind lock --dimension lock_1*2'?)"),
            (["--edition", "harmony", "--dimension", "2x4"], "unknown dimension '2x4' (did you mean '2*4'?)"),
            (["--edition", "harmony", "--budget", "strict"], "--budget is the iOS edition's rolling budget"),
            (["--edition", "harmonyos"], "unknown edition 'harmonyos' (did you mean 'harmony'?)"),
            (["--kind", "Large"], "unknown kind 'Large' (did you mean 'large'?); use one of small,"),
        ]
        for (options, message) in cases {
            let result = tool(["run", script] + options)
            XCTAssertEqual(result.code, 64, options.joined(separator: " "))
            XCTAssertTrue(result.err.contains(message), "\(options): \(result.err)")
        }
    }

    func testADimensionAloneNamesItsKind() throws {
        // The state folder is kept until the run is done (a folder released at once would be made
        // again by the run, and left behind).
        let state = try TemporaryFolder()
        let result = withExtendedLifetime(state) {
            tool("run", script, "--edition", "harmony", "--dimension", "lock_1*2", "--format", "json",
                 "--profile", example("harmony/city-counter.profile.json"), "--state", state.path)
        }
        XCTAssertEqual(result.code, 0, result.err)
        let report = try JSONValue.parse(result.out)
        XCTAssertEqual(report["kind"], "lock")
        XCTAssertEqual(report["dimension"], "lock_1*2")
        XCTAssertEqual(report["edition"], "harmony")
    }

    func testCommandsWithoutTheEditionRefuseIt() {
        let push = tool("push", "start", "--edition", "harmony", "--user-id", "u", "--widget-id", "w", "--data", "{}")
        XCTAssertEqual(push.code, 64)
        XCTAssertTrue(push.err.contains("push is about Live Activities and their pushes, which the harmony edition does not have"), push.err)
        let preview = tool("preview", script, "--edition", "harmony")
        XCTAssertEqual(preview.code, 64)
        XCTAssertTrue(preview.err.contains("preview draws iOS widgets; HarmonyOS cards are not drawn yet"), preview.err)
        let pushes = tool("simulate", script, "--edition", "harmony", "--pushes", packageRoot + "/Fixtures/Push/match.pushes.jsonl")
        XCTAssertEqual(pushes.code, 64)
        XCTAssertTrue(pushes.err.contains("--pushes sends Live Activity pushes, which the harmony edition does not have"), pushes.err)
    }

    func testTheRunReportNamesTheCard() throws {
        let result = tool("run", example("harmony/new-year-countdown.js"), "--edition", "harmony", "--kind", "lock", "--dimension", "lock_1*2",
                          "--now", "2026-11-29T08:00:00Z", "--tz", "Asia/Shanghai")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains(": ok (HarmonyOS lock lock_1*2 card)"), result.out)
        XCTAssertTrue(result.out.contains("limits  4.5 s, 30 MB, 200 console entries"), result.out)
        XCTAssertTrue(result.out.contains("setUpdateTime asked for this time (at the earliest 5 minutes after the run)"), result.out)
    }

    func testSimulateSaysTheQuota() throws {
        let state = try TemporaryFolder()
        let result = withExtendedLifetime(state) {
            tool("simulate", example("every-5-minutes.js"), "--edition", "harmony", "--now", "2026-11-29T08:00:00Z", "--tz", "UTC",
                 "--summary", "--state", state.path)
        }
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("runs as a HarmonyOS desk 2*2 card"), result.out)
        XCTAssertTrue(result.out.contains("budget: 50 a day, reset at 00:00"), result.out)
        XCTAssertTrue(result.out.contains("at most 50 timed in one calendar day"), result.out)
    }

    func testAPIAndTypesOfTheEdition() throws {
        XCTAssertEqual(tool("api", "--edition", "harmony", "--markdown").out, Files.text(packageRoot + "/docs/api-harmony.md"))
        XCTAssertEqual(tool("types", "--edition", "harmony").out, Files.text(packageRoot + "/docs/omni-harmony.d.ts"))
        let json = try JSONValue.parse(tool("api", "--edition", "harmony", "--format", "json").out)
        XCTAssertEqual(json["edition"], "harmony")
        let names = json["globals"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        XCTAssertTrue(names.contains("Shared"))
        XCTAssertFalse(names.contains("Weather"))
        XCTAssertNil(try JSONValue.parse(tool("api", "--format", "json").out)["edition"])
    }

    func testTestRunsFixturesThatNameNoEditionInTheGivenOne() throws {
        let folder = try TemporaryFolder()
        try Files.write(folder.file("card.js"), "/*---\ndescription: a card\nrules: [H1]\nexpect:\n  outputs: { kind: desk, size: \"2*2\" }\n---*/\nconst kind = Widget.kind\nconst size = Widget.dimension\n")
        try Files.write(folder.file("widget.js"), "/*---\ndescription: an iOS widget\nrules: [S3]\nedition: ios\nkind: medium\nexpect:\n  outputs: { type: medium }\n---*/\nlet type = Widget.type\n")
        let harmony = tool("test", folder.path, "--edition", "harmony", "--jobs", "1")
        XCTAssertEqual(harmony.code, 0, harmony.out + harmony.err)
        XCTAssertTrue(harmony.out.contains("fixtures that name no edition ran in the harmony edition (--edition harmony); a fixture's own edition: wins\n2 passed, 0 failed"), harmony.out)
        let json = try JSONValue.parse(tool("test", folder.path, "--edition", "harmony", "--jobs", "1", "--format", "json").out)
        XCTAssertEqual(json["summary"]?["defaultEdition"], "harmony")
        XCTAssertEqual(json["summary"]?["passed"], 2)
        // Without it the card's fixture runs as an iOS widget, and the report says nothing of editions.
        let ios = tool("test", folder.path, "--jobs", "1")
        XCTAssertEqual(ios.code, 1)
        XCTAssertTrue(ios.out.contains("1 passed, 1 failed"), ios.out)
        XCTAssertFalse(ios.out.contains("ran in the"), ios.out)
        XCTAssertNil(try JSONValue.parse(tool("test", folder.path, "--jobs", "1", "--format", "json").out)["summary"]?["defaultEdition"])
    }

    func testInitMakesAHarmonyCardProjectWhoseFixturePasses() throws {
        let folder = try TemporaryFolder()
        let made = tool("init", folder.path + "/card", "--edition", "harmony", "--kind", "desk", "--dimension", "2*4")
        XCTAssertEqual(made.code, 0, made.err)
        XCTAssertTrue(made.out.contains("made a HarmonyOS desk 2*4 card project"), made.out)
        XCTAssertEqual(Files.text(folder.path + "/card/omni.d.ts"), Files.text(packageRoot + "/docs/omni-harmony.d.ts"))
        XCTAssertTrue(Files.text(folder.path + "/card/widget.js")?.contains("\nedition: harmony\nkind: desk\ndimension: \"2*4\"\n") ?? false)
        let tested = tool("test", folder.path + "/card")
        XCTAssertEqual(tested.code, 0, tested.out + tested.err)
        XCTAssertTrue(tested.out.contains("1 passed, 0 failed"), tested.out)
    }

    func testTheStudioOffersTheEditionAndSaysItsCardsAreNotDrawn() throws {
        let names = StudioProgram.controls.map(\.spec.name)
        XCTAssertEqual(Array(names.prefix(7)), ["now", "tz", "locale", "seed", "edition", "kind", "dimension"])
        let state = try TemporaryFolder()
        let build = try StudioProgram.build([
            script, "--edition", "harmony", "--kind", "desk", "--dimension", "2*4", "--now", "2026-11-29T08:00:00Z", "--tz", "UTC",
            "--profile", example("harmony/city-counter.profile.json"), "--layout", example("weather.layout.json"), "--state", state.path,
        ])
        XCTAssertEqual(build.document.primary?.status.rawValue, "ok")
        XCTAssertEqual(build.document.primary?.kindName, "desk")
        XCTAssertEqual(build.document.pictures?.problem, StudioProgram.harmonyNotDrawn)
        XCTAssertEqual(build.document.pictures?.families.count, 0)
        XCTAssertNil(build.refreshDrawing)
        XCTAssertEqual(build.document.timeline?.budget.name, "50-per-calendar-day")
    }
}
