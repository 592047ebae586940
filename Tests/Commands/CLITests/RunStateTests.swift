import JSONKit
import TestSupport
import XCTest

/// The state folder a run reads and writes: every report of `run` names it, `--fresh-state`
/// starts from empty storage and keeps nothing, and `push --script` runs the script as `run`
/// does, with the same folder.
final class RunStateTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = try Files.makeTemporaryFolder("widgethost-run-state")
        try Files.write(folder + "/counter.js", """
            const count = (Config.get("count") ?? 0) + 1
            Config.set("count", count)
            const label = $params.label ?? "none"
            setUpdateFreq(30)

            """)
    }

    override func tearDown() { Files.removeTree(folder) }

    static let kept = "  state   .widgethost, kept between runs (--fresh-state: start empty)\n"
    static let fresh = "  state   none kept (--fresh-state: storage starts empty)\n"

    private func count(_ command: String) throws -> JSONValue? {
        let result = try sh(command + " --format json", in: folder)
        XCTAssertEqual(result.code, 0, command + ": " + result.err)
        return try JSONValue.parse(result.out)["outputs"]?["count"]
    }

    func testEveryRunReportNamesTheStateFolderAndFreshStateStartsClean() throws {
        let first = try sh("widgethost run counter.js --now 2026-11-29T08:00:00Z --tz UTC", in: folder)
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertTrue(first.out.contains("  limits  10 s, 30 MB, 200 console entries\n" + Self.kept), first.out)
        XCTAssertTrue(first.out.contains("\n  count  1\n"), first.out)
        XCTAssertEqual(try count("widgethost run counter.js"), 2, "the stored count is read again")

        // --fresh-state: from empty storage, and what it stores is kept nowhere.
        let fresh = try sh("widgethost run counter.js --fresh-state", in: folder)
        XCTAssertEqual(fresh.code, 0, fresh.err)
        XCTAssertTrue(fresh.out.contains(Self.fresh), fresh.out)
        XCTAssertTrue(fresh.out.contains("\n  count  1\n"), fresh.out)
        XCTAssertEqual(try count("widgethost run counter.js"), 3, "the folder is as the last run that kept state left it")

        let json = try JSONValue.parse(try sh("widgethost run counter.js --format json", in: folder).out)
        XCTAssertEqual(json["stateFolder"], ".widgethost")
        XCTAssertEqual(try JSONValue.parse(try sh("widgethost run counter.js --fresh-state --format json", in: folder).out)["stateFolder"], .null)
        XCTAssertEqual(try JSONValue.parse(try sh("widgethost run counter.js --state other --format json", in: folder).out)["stateFolder"], "other")
        XCTAssertEqual(try count("widgethost run counter.js --state other"), 2)

        let both = try sh("widgethost run counter.js --state other --fresh-state", in: folder)
        XCTAssertEqual(both.code, 64)
        XCTAssertTrue(both.err.hasPrefix("error: give --state other or --fresh-state, not both"), both.err)

        // A button's action and its refresh: both name it.
        try Files.write(folder + "/tap.js", "Config.set(\"count\", 100)\n")
        let action = try sh("widgethost run counter.js --action tap.js", in: folder)
        XCTAssertEqual(action.code, 0, action.err)
        XCTAssertEqual(action.out.components(separatedBy: Self.kept).count, 3, action.out)
        XCTAssertTrue(action.out.contains("\n  count  101\n"), action.out)
    }

    /// `simulate` and `preview` read and write the same folder as `run`, and their reports name
    /// it as `run`'s do: a `state` line in the text, `stateFolder` in the JSON; `--fresh-state`
    /// starts them clean and keeps nothing.
    func testSimulateAndPreviewNameTheStateFolderAsRunDoes() throws {
        let simulate = try sh("widgethost simulate counter.js --now 2026-11-29T08:00:00Z --tz UTC --hours 1 --summary", in: folder)
        XCTAssertEqual(simulate.code, 0, simulate.err)
        XCTAssertTrue(simulate.out.contains("\n  state:  .widgethost, kept between runs (--fresh-state: start empty)\n"), simulate.out)
        XCTAssertEqual(try count("widgethost run counter.js"), 3, "the simulation's 2 runs kept their count in the folder")
        let simulateJSON = try JSONValue.parse(try sh("widgethost simulate counter.js --hours 1 --format json", in: folder).out)
        XCTAssertEqual(simulateJSON["schema"], "widgethost.timeline/1")
        XCTAssertEqual(simulateJSON["stateFolder"], ".widgethost")
        let freshSimulation = try sh("widgethost simulate counter.js --hours 1 --fresh-state --summary", in: folder)
        XCTAssertTrue(freshSimulation.out.contains("\n  state:  none kept (--fresh-state: storage starts empty)\n"), freshSimulation.out)
        XCTAssertEqual(try JSONValue.parse(try sh("widgethost simulate counter.js --hours 1 --fresh-state --format json", in: folder).out)["stateFolder"], .null)
        XCTAssertEqual(try JSONValue.parse(try sh("widgethost simulate counter.js --hours 1 --state other --format json", in: folder).out)["stateFolder"], "other")

        let preview = try sh("widgethost preview counter.js --now 2026-11-29T08:00:00Z --tz UTC", in: folder)
        XCTAssertEqual(preview.code, 0, preview.err)
        XCTAssertTrue(preview.out.contains("\nstate  .widgethost, kept between runs (--fresh-state: start empty)\n"), preview.out)
        let previewJSON = try JSONValue.parse(try sh("widgethost preview counter.js --format json", in: folder).out)
        XCTAssertEqual(previewJSON["schema"], "widgethost.preview/1")
        XCTAssertEqual(previewJSON["stateFolder"], ".widgethost")
        XCTAssertEqual(previewJSON["runs"]?[0]?["outputs"]?["count"], 7, "read from the folder the simulations, the run and the preview before it wrote")
        let freshPreview = try sh("widgethost preview counter.js --fresh-state", in: folder)
        XCTAssertTrue(freshPreview.out.contains("\nstate  none kept (--fresh-state: storage starts empty)\n"), freshPreview.out)
        let freshJSON = try JSONValue.parse(try sh("widgethost preview counter.js --fresh-state --format json", in: folder).out)
        XCTAssertEqual(freshJSON["stateFolder"], .null)
        XCTAssertEqual(freshJSON["runs"]?[0]?["outputs"]?["count"], 1)
        XCTAssertEqual(try JSONValue.parse(try sh("widgethost preview counter.js --state other --format json", in: folder).out)["stateFolder"], "other")
    }

    /// `push --script` runs the script as `run` does: the state folder (read and written), the
    /// run flags of the script API, and it says which folder.
    func testPushScriptAgreesWithRun() throws {
        XCTAssertEqual(try count("widgethost run counter.js"), 1)
        let push = try sh("widgethost push update --user-id u --widget-id w --script counter.js --param label=pushed --print json", in: folder)
        XCTAssertEqual(push.code, 0, push.err)
        let data = try XCTUnwrap(JSONValue.parse(push.out)["content_state"]?["data"]?.stringValue)
        XCTAssertEqual(try JSONValue.parse(data), ["count": 2, "label": "pushed"])
        XCTAssertTrue(push.err.contains("push: ran counter.js as 'widgethost run' does; state .widgethost, kept between runs (--fresh-state: start empty)\n"), push.err)
        XCTAssertEqual(try count("widgethost run counter.js"), 3, "the push's run kept its state as a run does")

        let fresh = try sh("widgethost push update --user-id u --widget-id w --script counter.js --fresh-state --print json", in: folder)
        XCTAssertEqual(fresh.code, 0, fresh.err)
        let freshData = try XCTUnwrap(JSONValue.parse(fresh.out)["content_state"]?["data"]?.stringValue)
        XCTAssertEqual(try JSONValue.parse(freshData)["count"], 1)
        XCTAssertTrue(fresh.err.contains("state none kept (--fresh-state: storage starts empty)"), fresh.err)
    }
}
