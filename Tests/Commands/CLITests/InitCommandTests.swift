import JSONKit
@testable import WidgetHostCLI
import TestSupport
import XCTest

/// `widgethost init`: a project that runs, tests, previews and type-checks as made, whose
/// workflow's commands work as written, and that never overwrites a file.
final class InitCommandTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try Files.makeTemporaryFolder("widgethost-init") }
    override func tearDown() { Files.removeTree(folder) }

    static let files = ["widget.js", "widget.layout.json", "widget.profile.json", "widget.fixtures.json", "omni.d.ts",
                        "jsconfig.json", ".gitignore", ".github/workflows/widgethost.yml"]

    func testANewProjectRunsAndItsFixturePasses() throws {
        let made = try sh("widgethost init my-widget", in: folder)
        XCTAssertEqual(made.code, 0, made.err)
        XCTAssertTrue(made.out.hasPrefix("made a small widget project in my-widget: widget.js, widget.layout.json,"), made.out)
        XCTAssertTrue(made.out.contains("\n      widgethost studio widget.js --kind small --layout widget.layout.json --profile widget.profile.json --fixtures widget.fixtures.json\n"), made.out)
        let project = folder + "/my-widget"
        for file in Self.files { XCTAssertNotNil(Files.text(project + "/" + file), file) }
        XCTAssertEqual(Files.text(project + "/omni.d.ts"), tool("types").out)

        let test = try sh("widgethost test .", in: project)
        XCTAssertEqual(test.code, 0, test.out + test.err)
        XCTAssertTrue(test.out.contains("  ok   ./widget.js"), test.out)
        XCTAssertTrue(test.out.hasSuffix("1 passed, 0 failed\n"), test.out)
        XCTAssertTrue(test.out.contains("\n1 fixture in "), test.out)

        let run = try sh("widgethost run widget.js --profile widget.profile.json --fixtures widget.fixtures.json --now 2026-11-29T08:00:00Z --format json", in: project)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(run.err, "")
        let report = try JSONValue.parse(run.out)
        XCTAssertEqual(report["status"], "ok")
        XCTAssertEqual(report["outputs"]?.objectValue.map { Set($0.keys) }, ["title", "open", "tint", "city", "checked"])
        XCTAssertEqual(report["outputs"]?["title"], "All systems go")
        XCTAssertEqual(report["outputs"]?["open"], 2)
        XCTAssertEqual(report["outputs"]?["city"], "Lisbon")
        XCTAssertEqual(report["outputs"]?["checked"], "2026-11-29T08:00:00.000Z")
        XCTAssertEqual(report["nextRefresh"]?["requested"], "2026-11-29T08:30:00.000+00:00")

        let preview = try sh("widgethost preview widget.js --profile widget.profile.json --fixtures widget.fixtures.json --layout widget.layout.json", in: project)
        XCTAssertEqual(preview.code, 0, preview.out + preview.err)
        XCTAssertTrue(preview.out.contains("\n  /children/1/children/0/content  ${title}  \"All systems go\"\n"), preview.out)
    }

    func testEveryKindMakesAProjectWhoseFixturePasses() throws {
        for kind in ["small", "medium", "large", "circular", "rectangular", "inline", "button", "toggle", "live"] {
            let made = try sh("widgethost init \(kind) --kind \(kind) && cd \(kind) && widgethost test . && widgethost run widget.js --kind \(kind) --profile widget.profile.json --fixtures widget.fixtures.json", in: folder)
            XCTAssertEqual(made.code, 0, "\(kind): \(made.out)\(made.err)")
            XCTAssertTrue(made.out.contains("1 passed, 0 failed\n"), kind)
            XCTAssertTrue(Files.text("\(folder)/\(kind)/widget.js")?.contains("\nkind: \(kind)\n") ?? false, kind)
        }
        XCTAssertEqual(tool("init", folder + "/x", "--kind", "Large").code, 64)
        XCTAssertEqual(tool("init", folder + "/x", folder + "/y").code, 64)
        XCTAssertNil(Files.text(folder + "/x/widget.js"))
    }

    /// The layout `init` writes is a component tree, so `studio` and `preview --layout` draw it
    /// at once: every family is drawn, the kind's own without a warning, and its placeholders
    /// all resolve against the script's outputs.
    func testTheLayoutIsDrawnAtOnceForEveryKind() throws {
        let families = ["small": "small", "medium": "medium", "large": "large", "circular": "circular", "rectangular": "rectangular",
                        "inline": "inline", "button": "small", "toggle": "small", "live": "live-activity"]
        for (kind, family) in families.sorted(by: { $0.key < $1.key }) {
            let project = folder + "/" + kind
            XCTAssertEqual(tool("init", project, "--kind", kind).code, 0, kind)
            let now = kind == "live" ? " --now 2026-11-29T18:40:00Z" : ""
            let preview = try sh("widgethost preview widget.js --kind \(kind) --layout widget.layout.json --profile widget.profile.json --fixtures widget.fixtures.json\(now) --format json", in: project)
            XCTAssertEqual(preview.code, 0, "\(kind): \(preview.err)")
            let json = try JSONValue.parse(preview.out)
            XCTAssertEqual(json["layout"]?["format"], "tree", kind)
            XCTAssertEqual(json["layout"]?["findings"], [], kind)
            XCTAssertEqual(json["pictures"]?["problem"], .null, kind)
            let drawn = json["pictures"]?["families"]?.arrayValue ?? []
            XCTAssertEqual(drawn.count, 7, kind)
            let own = drawn.first { $0["family"]?.stringValue == family }
            XCTAssertEqual(own?["diagnostics"], [], "\(kind): \(own?["diagnostics"]?.serialized() ?? "not drawn")")
        }
    }

    /// `init --kind live` writes a Live Activity: it counts down to the delivery in the recorded
    /// answer, asks for an update every 5 minutes and ends itself once delivered.
    func testALiveProjectIsALiveActivityThatEndsItself() throws {
        let made = try sh("widgethost init live --kind live", in: folder)
        XCTAssertEqual(made.code, 0, made.err)
        XCTAssertTrue(made.out.hasPrefix("made a Live Activity project in live: "), made.out)
        XCTAssertTrue(made.out.contains("--fixtures widget.fixtures.json --now 2026-11-29T18:40:00Z\n"), made.out)
        let project = folder + "/live"
        let script = try XCTUnwrap(Files.text(project + "/widget.js"))
        XCTAssertTrue(script.contains("endLiveActivity()"), script)
        XCTAssertFalse(script.contains("status.example.com/api/summary"), "not the status widget's script")
        let run = try sh("widgethost run widget.js --kind live --profile widget.profile.json --fixtures widget.fixtures.json --now 2026-11-29T18:55:00Z --format json", in: project)
        XCTAssertEqual(run.code, 0, run.err)
        let report = try JSONValue.parse(run.out)
        XCTAssertEqual(report["outputs"], ["title": "Order 1042", "stage": "On its way", "minutesLeft": 5, "progress": 0.875])
        XCTAssertEqual(report["liveActivity"]?["state"], "active")
        let simulation = try sh("widgethost simulate widget.js --kind live --profile widget.profile.json --fixtures widget.fixtures.json --now 2026-11-29T18:40:00Z --format json", in: project)
        XCTAssertEqual(simulation.code, 0, simulation.err)
        let timeline = try JSONValue.parse(simulation.out)
        XCTAssertEqual(timeline["summary"]?["refreshCount"], 5)
        XCTAssertEqual(timeline["summary"]?["liveActivities"]?[0]?["ending"], "script")
        XCTAssertEqual(timeline["summary"]?["liveActivities"]?[0]?["ended"], "2026-11-29T19:00:00.000+00:00")
        XCTAssertEqual(timeline["outputs"]?["stage"], "Delivered")
        // Its date arithmetic (new Date(eta) - Date.now()) type-checks as the workflow runs it.
        let tsc = try Program.required("tsc")
        let check = try sh("widgethost types --wrap .widgethost/typecheck *.js && \(tsc) -p .widgethost/typecheck/jsconfig.json", in: project)
        XCTAssertEqual(check.code, 0, check.out + check.err)
    }

    /// The workflow's test step, run as GitHub Actions would for each shard of its matrix: every
    /// fixture runs in exactly one shard, and each shard writes a JUnit report.
    func testTheWorkflowsShardedTestStepAndTypeCheckWorkAsWritten() throws {
        let xmllint = try Program.required("xmllint")
        _ = try Program.required("tsc")
        let project = folder + "/p"
        XCTAssertEqual(tool("init", project).code, 0)
        // A second fixture, so that the two shards each have one.
        let copy = try sh("sed 's/^description: .*/description: a second copy/' widget.js > second.js", in: project)
        XCTAssertEqual(copy.code, 0)
        let workflow = try XCTUnwrap(Files.text(project + "/.github/workflows/widgethost.yml"))
        XCTAssertTrue(workflow.contains("        shard: [1, 2]\n"))
        let lines = workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let testStep = try XCTUnwrap(lines.first { $0.contains("run: widgethost test") })
        let command = String(testStep[testStep.firstRange(of: "run: ")!.upperBound...])
        XCTAssertEqual(command, "widgethost test . --shard ${{ matrix.shard }}/${{ strategy.job-total }} --reporter junit --output junit-${{ matrix.shard }}.xml")
        XCTAssertTrue(workflow.contains("path: junit-${{ matrix.shard }}.xml"))
        var names: [String] = []
        for shard in 1...2 {
            let line = command.replacing("${{ matrix.shard }}", with: "\(shard)").replacing("${{ strategy.job-total }}", with: "2")
            let result = try sh(line, in: project, extraEnvironment: ["CI=true"])
            XCTAssertEqual(result.code, 0, result.out + result.err)
            XCTAssertEqual(result.out, "1 passed, 0 failed\n")
            let lint = try spawn([xmllint, "--noout", "\(project)/junit-\(shard).xml"], environment: [])
            XCTAssertEqual(lint.code, 0, lint.err)
            let name = try spawn([xmllint, "--xpath", "string(//testcase/@name)", "\(project)/junit-\(shard).xml"], environment: [])
            names.append(name.out)
        }
        XCTAssertEqual(Set(names).count, 2, "each shard ran a different fixture: \(names)")

        // The type-check step's lines, as written.
        let start = try XCTUnwrap(lines.firstIndex { $0.contains("- name: Type-check the scripts") })
        let body = lines[(start + 3)...].prefix { $0.hasPrefix("          ") }.map { $0.trimmingSpaces }
        XCTAssertEqual(body, ["widgethost types --wrap .widgethost/typecheck *.js", "tsc -p .widgethost/typecheck/jsconfig.json"])
        let check = try sh(body.joined(separator: " && "), in: project)
        XCTAssertEqual(check.code, 0, check.out + check.err)
        // And again, as on a second push: the check folder is the command's own.
        XCTAssertEqual(try sh(body.joined(separator: " && "), in: project).code, 0)
    }

    /// What the tools write in a project unasked is ignored by git: the state folder with the
    /// type check's copies, the shards' reports, the receiver's store.
    func testTheProjectsGitignoreCoversWhatTheToolsWrite() throws {
        let project = folder + "/g"
        XCTAssertEqual(tool("init", project).code, 0)
        let made = try sh("cd g && git init -q . && widgethost types --wrap .widgethost/typecheck >/dev/null && touch junit-1.xml widgethost-push.db widgethost-push.db-wal && git add -A && git status --porcelain --untracked-files=all", in: folder)
        XCTAssertEqual(made.code, 0, made.err)
        let added = made.out.split(separator: "\n").map { String($0.dropFirst(3)) }.sorted()
        XCTAssertEqual(added, [".github/workflows/widgethost.yml", ".gitignore", "jsconfig.json", "omni.d.ts", "widget.fixtures.json",
                               "widget.js", "widget.layout.json", "widget.profile.json"])
    }

    func testInitNeverOverwritesAFileAndWritesNothingThen() throws {
        writeFile(folder + "/widget.js", Array("this.mine = 1\n".utf8))
        let refused = try sh("widgethost init", in: folder)
        XCTAssertEqual(refused.code, 73)
        XCTAssertEqual(refused.out, "")
        XCTAssertEqual(refused.err, "error: widget.js already exists; init never overwrites a file and wrote nothing (choose an empty folder, or move it away) [file-exists]\n")
        XCTAssertEqual(Files.text(folder + "/widget.js"), "this.mine = 1\n")
        XCTAssertNil(Files.text(folder + "/omni.d.ts"))
        XCTAssertNil(Files.text(folder + "/.github/workflows/widgethost.yml"))

        XCTAssertEqual(try sh("rm widget.js && widgethost init", in: folder).code, 0)
        let again = try sh("widgethost init .", in: folder)
        XCTAssertEqual(again.code, 73)
        XCTAssertTrue(again.err.hasPrefix("error: widget.js, widget.layout.json, "), again.err)
        XCTAssertTrue(again.err.hasSuffix("move them away) [file-exists]\n"), again.err)
        // A file where a folder would go.
        writeFile(folder + "/plain", [])
        let blocked = tool("init", folder + "/plain/sub")
        XCTAssertEqual(blocked.code, 73)
        XCTAssertTrue(blocked.err.hasSuffix("plain: is not a folder [cannot-write]\n"), blocked.err)
    }
}

extension InitCommandTests {
    /// A folder on the way that is a symbolic link to a folder outside the project (`.github`
    /// -> elsewhere) was followed, and the workflow written there; it is refused before anything
    /// is written, and a link at a file's name is never written through.
    func testInitNeverWritesThroughALinkOutOfItsFolder() throws {
        let project = folder + "/project", elsewhere = folder + "/elsewhere"
        XCTAssertEqual(mkdir(project, 0o755), 0)
        XCTAssertEqual(mkdir(elsewhere, 0o755), 0)
        XCTAssertEqual(symlink(elsewhere, project + "/.github"), 0)
        let refused = tool("init", project)
        XCTAssertEqual(refused.code, 73)
        XCTAssertEqual(refused.err, "error: cannot write \(project)/.github/workflows/widgethost.yml: is reached through a symbolic link (\(project)/.github is a symbolic link); the host does not follow links; init writes only inside its folder and wrote nothing (remove the link, or choose another folder) [cannot-write]\n")
        XCTAssertEqual(Files.listing(elsewhere), [])
        XCTAssertEqual(Files.listing(project), [".github"])

        // A link at a file's name, even one that leads nowhere yet, is something there.
        XCTAssertEqual(unlink(project + "/.github"), 0)
        XCTAssertEqual(symlink(elsewhere + "/stolen.js", project + "/widget.js"), 0)
        let linked = tool("init", project)
        XCTAssertEqual(linked.code, 73)
        XCTAssertEqual(linked.err, "error: \(project)/widget.js already exists; init never overwrites a file and wrote nothing (choose an empty folder, or move it away) [file-exists]\n")
        XCTAssertEqual(Files.listing(elsewhere), [])
        XCTAssertEqual(Files.listing(project), ["widget.js"])
    }

    func testTheToolsCodesAreTheOnesDocumented() throws {
        let text = try XCTUnwrap(Files.text(packageRoot + "/docs/diagnostics.md"))
        let section = try XCTUnwrap(text.split(separator: "\n## Codes of the tool's", maxSplits: 1).last)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.split(separator: "|").map { $0.trimmingSpaces } }
        XCTAssertEqual(rows.map { $0[0] }, ToolCode.allCases.map { "`\($0.rawValue)`" })
        XCTAssertEqual(rows.map { $0[1] }, ["73", "73"])
    }
}

extension StringProtocol {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
