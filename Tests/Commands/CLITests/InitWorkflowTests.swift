import TestSupport
import XCTest

/// The `init` project's workflow, its steps run here as a runner would run them, as far as they
/// run without GitHub: the package built from the sources at a pinned commit (from the programs
/// already built, not built again), installed (unpacked under a scratch root rather than by apt),
/// the sharded test step and the type check, in a project with a `render:` fixture; and the test
/// step in a project with a helper script.
final class InitWorkflowTests: XCTestCase {
    /// The lines of the `run: |` block of the step named `name`, unindented.
    static func runLines(of name: String, in workflow: String) throws -> [String] {
        let lines = workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try XCTUnwrap(lines.firstIndex { $0.trimmingSpaces == "- name: \(name)" }, "no step '\(name)'")
        let run = try XCTUnwrap(lines[(start + 1)...].firstIndex { $0.trimmingSpaces == "run: |" }, "step '\(name)' has no run block")
        let indent = lines[run].prefix { $0 == " " }.count + 2
        return lines[(run + 1)...].prefix { $0.prefix { $0 == " " }.count >= indent && !$0.trimmingSpaces.isEmpty }.map { $0.trimmingSpaces }
    }

    /// A step's script as the runner runs it (`bash -e`), in `folder`.
    static func shell(_ script: String, in folder: String) -> [String] {
        ["bash", "-e", "-c", "cd '\(folder)'\n" + script]
    }

    func testTheWorkflowsStepsRunLocallyWithARenderFixture() throws {
        _ = try Program.required("tsc")
        let folder = try TemporaryFolder("workflow")
        let project = folder.file("p")
        XCTAssertEqual(tool("init", project).code, 0)
        let workflow = try XCTUnwrap(Files.text(project + "/.github/workflows/widgethost.yml"))

        // Nothing fetched floats: the sources at a commit, the images by exact tag.
        XCTAssertTrue(workflow.contains("\n  WIDGETHOST_GIT: \"\"\n  WIDGETHOST_COMMIT: \"\"\n"), workflow)
        XCTAssertTrue(workflow.contains("    container: swift:6.3.1-bookworm\n"))
        XCTAssertTrue(workflow.contains("    container: debian:12.11\n"))
        XCTAssertFalse(workflow.contains("clone"), "the sources are fetched at the pinned commit")
        XCTAssertTrue(workflow.contains("key: widgethost-package-${{ env.WIDGETHOST_COMMIT }}-swift:6.3.1-bookworm\n"))
        XCTAssertTrue(workflow.contains("    needs: package\n"))

        // A render: fixture, with its golden picture as its author commits it.
        try Files.write(project + "/ring.js", """
            /*---
            description: the ring is drawn
            render: { size: 60x60 }
            expect:
              status: ok
              canvas: { diagnosticsExact: [] }
            ---*/
            const drawing = [{ op: "circle", x: 30, y: 30, radius: 20, stroke: "#0A59F7", lineWidth: 6 }]

            """)
        let golden = try binary(["test", project + "/ring.js", "--update"])
        XCTAssertEqual(golden.code, 0, golden.out + golden.err)
        XCTAssertNotNil(Files.read(project + "/ring.png"))

        // The package job: fetch the pinned commit, set up, package (from the built programs).
        let build = try Self.runLines(of: "Build the package", in: workflow)
        XCTAssertEqual(build.last, "widgethost-sources/Scripts/package --out widgethost-package")
        let runner = folder.file("runner")
        XCTAssertEqual(try Program.run(["mkdir", runner], searchPath: true).code, 0)
        let commit = String(try Program.run(["git", "-C", packageRoot, "rev-parse", "HEAD"], searchPath: true).out.dropLast())
        let script = (build.dropLast() + [build.last! + " --binaries '\(BuiltProgram.folder)' --gzip"]).joined(separator: "\n")
        let packaged = try Program.run(Self.shell(script, in: runner), environment: ["PATH=/usr/bin:/bin", "HOME=\(runner)", "WIDGETHOST_GIT=\(packageRoot)",
                                                                                  "WIDGETHOST_COMMIT=\(commit)", "SWIFT_BACKTRACE=enable=no"],
                                       searchPath: true, timeout: .seconds(300))
        XCTAssertEqual(packaged.code, 0, packaged.out + packaged.err)
        let made = Files.list(runner + "/widgethost-package")
        XCTAssertEqual(made.count, 1, "\(made)")
        XCTAssertTrue(made.first?.hasPrefix("widgethost_") ?? false, "\(made)")
        // Without the two values, the step stops at once and says what to set.
        let unset = try Program.run(Self.shell(build.joined(separator: "\n"), in: runner), environment: ["PATH=/usr/bin:/bin", "WIDGETHOST_GIT=", "WIDGETHOST_COMMIT="],
                                    searchPath: true)
        XCTAssertEqual(unset.code, 1)
        XCTAssertEqual(unset.out, "::error::set WIDGETHOST_GIT and WIDGETHOST_COMMIT in .github/workflows/widgethost.yml: where widgethost's sources are, and the commit to build\n")

        // A shard: the artifact where download-artifact puts it, installed (here unpacked).
        let install = try Self.runLines(of: "Install widgethost", in: workflow)
        XCTAssertEqual(install, ["rm -f /etc/apt/apt.conf.d/docker-clean", "apt-get update -qq",
                                 "apt-get install -y -qq --no-install-recommends ./.widgethost/package/widgethost_*.deb node-typescript"])
        XCTAssertTrue(workflow.contains("          path: .widgethost/package\n"))
        let root = folder.file("root")
        let unpacked = try Program.run(Self.shell("mkdir -p .widgethost/package && cp '\(runner)'/widgethost-package/*.deb .widgethost/package/ && dpkg-deb -x .widgethost/package/widgethost_*.deb '\(root)'", in: project),
                                       searchPath: true)
        XCTAssertEqual(unpacked.code, 0, unpacked.err)
        let environment = ["PATH=\(root)/usr/bin:/usr/bin:/bin", "HOME=\(project)", "CI=true", "NO_COLOR=1", "TZ=UTC", "SWIFT_BACKTRACE=enable=no"]

        let testStep = try XCTUnwrap(workflow.split(separator: "\n").first { $0.contains("run: widgethost test") })
        let command = String(testStep[testStep.firstRange(of: "run: ")!.upperBound...])
        func shards() throws -> [String] {
            try (1...2).map { shard in
                let line = command.replacing("${{ matrix.shard }}", with: "\(shard)").replacing("${{ strategy.job-total }}", with: "2")
                let result = try Program.run(Self.shell(line, in: project), environment: environment, searchPath: true)
                XCTAssertEqual(result.code, 0, "shard \(shard): " + result.out + result.err)
                return result.out
            }
        }
        XCTAssertEqual(try shards(), ["1 passed, 0 failed\n", "1 passed, 0 failed\n"], "the widget's fixture and the render: fixture, one in each shard")

        let typeCheck = try Self.runLines(of: "Type-check the scripts", in: workflow)
        let checked = try Program.run(Self.shell(typeCheck.joined(separator: "\n"), in: project), environment: environment, searchPath: true)
        XCTAssertEqual(checked.code, 0, checked.out + checked.err)
    }

    /// The workflow's test step in a project with a helper script beside the widget: a `.js`
    /// file without a front-matter block is not a fixture, so each shard passes.
    func testTheWorkflowsTestStepLeavesAHelperScriptWithoutFrontMatterOut() throws {
        let folder = try TemporaryFolder("workflow")
        let project = folder.file("p")
        XCTAssertEqual(tool("init", project).code, 0)
        try Files.write(project + "/second.js", try XCTUnwrap(Files.text(project + "/widget.js")))
        try Files.write(project + "/helper.js", "const shared = 1\n")
        let workflow = try XCTUnwrap(Files.text(project + "/.github/workflows/widgethost.yml"))
        let testStep = try XCTUnwrap(workflow.split(separator: "\n").first { $0.contains("run: widgethost test") })
        let command = String(testStep[testStep.firstRange(of: "run: ")!.upperBound...])
        for shard in 1...2 {
            let line = command.replacing("${{ matrix.shard }}", with: "\(shard)").replacing("${{ strategy.job-total }}", with: "2")
            let result = try Program.run(Self.shell(line, in: project), environment: ["PATH=\(BuiltProgram.folder):/usr/bin:/bin", "CI=true", "NO_COLOR=1", "TZ=UTC"],
                                         searchPath: true)
            XCTAssertEqual(result.code, 0, "shard \(shard): " + result.out + result.err)
            XCTAssertEqual(result.out, "1 passed, 0 failed\n", "shard \(shard)")
        }
    }
}

extension InitWorkflowTests {
    /// `init` by a widgethost installed under `root` with `record` as its package's source record.
    private func initialise(_ folder: TemporaryFolder, record: String) throws -> (out: String, workflow: String) {
        let root = folder.file("root")
        let made = try Program.run(["sh", "-c", "mkdir -p '\(root)/usr/bin' '\(root)/usr/share/widgethost' && cp '\(try BuiltProgram.path("widgethost"))' '\(root)/usr/bin/'"], searchPath: true)
        XCTAssertEqual(made.code, 0, made.err)
        try Files.write(root + "/usr/share/widgethost/source", record)
        let project = folder.file("p-\(Files.list(folder.path).count)")
        let result = try spawn([root + "/usr/bin/widgethost", "init", project], environment: ["NO_COLOR=1"])
        XCTAssertEqual(result.code, 0, result.err)
        return (result.out, try XCTUnwrap(Files.text(project + "/.github/workflows/widgethost.yml")))
    }

    func testAPackagesSourceRecordIsWrittenIntoTheWorkflowSoThereIsNothingToFillIn() throws {
        let folder = try TemporaryFolder("workflow")
        let commit = "0123456789abcdef0123456789abcdef01234567"
        let made = try initialise(folder, record: "https://git.example.org/widgethost.git\n\(commit)\n")
        XCTAssertTrue(made.workflow.contains("\n  WIDGETHOST_GIT: \"https://git.example.org/widgethost.git\"\n  WIDGETHOST_COMMIT: \"\(commit)\"\n"), made.workflow)
        XCTAssertTrue(made.workflow.contains("the commit WIDGETHOST_COMMIT (below).\n"), made.workflow)
        XCTAssertFalse(made.out.contains("WIDGETHOST_GIT"), made.out)

        // A record that is not a remote URL and a commit is not used: the two values are to fill in, and init says so.
        for record in ["/home/me/widgethost\n\(commit)\n", "https://git.example.org/w.git\nmain\n", "https://git.example.org/\"x\n\(commit)\n", "https://git.example.org/w.git\n"] {
            let bad = try initialise(folder, record: record)
            XCTAssertTrue(bad.workflow.contains("\n  WIDGETHOST_GIT: \"\"\n  WIDGETHOST_COMMIT: \"\"\n"), record)
            XCTAssertTrue(bad.out.hasSuffix("for CI, set WIDGETHOST_GIT and WIDGETHOST_COMMIT in .github/workflows/widgethost.yml: where widgethost's sources are, and the commit to build\n"), bad.out)
        }
    }
}
