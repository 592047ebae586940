import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost test` as a new project uses it: no path (the current folder's fixtures),
/// `--format json` like every reporting command, and a recap of the failures at the end.
final class TestCommandDefaultsTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = Files.temporaryRoot + "/widgethost-defaults-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(directory, 0o755)
        mkdir(directory + "/fixtures", 0o755)
        mkdir(directory + "/empty", 0o755)
        writeFile(directory + "/widget.js", Array("let title = \"not a fixture\"\n".utf8))
        writeFile(directory + "/fixtures/a-pass.js", Array("/*---\ndescription: passes\nexpect:\n  outputs: { a: 1 }\n---*/\nlet a = 1\n".utf8))
        writeFile(directory + "/fixtures/b-fail.js", Array("/*---\ndescription: wrong output\nexpect:\n  outputs: { a: 2 }\n---*/\nlet a = 1\n".utf8))
    }

    override func tearDown() {
        _ = try? spawn(["/bin/rm", "-rf", directory], environment: [])
    }

    /// Runs the built tool in `folder` through the shell, as a user would.
    private func inFolder(_ folder: String, _ arguments: String) throws -> ToolResult {
        let executable = try BuiltProgram.path("widgethost")
        return try spawn(["/bin/sh", "-c", "cd '\(folder)' && exec '\(executable)' \(arguments)"], environment: ["NO_COLOR=1", "TZ=UTC"])
    }

    func testNoPathRunsTheFixturesUnderTheCurrentFolderAndSaysSo() throws {
        let result = try inFolder(directory, "test")
        XCTAssertEqual(result.code, 1, result.err)
        XCTAssertEqual(result.err, "test: no path given: running the 2 fixtures under the current folder\n" + Self.notRun("widget.js"))
        XCTAssertTrue(result.out.contains("  ok   fixtures/a-pass.js"), result.out)
        XCTAssertTrue(result.out.contains("  FAIL fixtures/b-fail.js"), result.out)
        XCTAssertFalse(result.out.contains("widget.js"), "a script without a /*--- block is not a fixture")
        XCTAssertTrue(result.out.hasSuffix("1 passed, 1 failed\n"), result.out)
    }

    func testAFolderNamedRunsItsFixturesAndNotItsOtherScripts() throws {
        let result = try inFolder(directory, "test .")
        XCTAssertEqual(result.code, 1, result.err)
        XCTAssertEqual(result.err, Self.notRun("widget.js"), "how many scripts were left out, and why")
        XCTAssertTrue(result.out.contains("  ok   ./fixtures/a-pass.js"), result.out)
        XCTAssertTrue(result.out.contains("  FAIL ./fixtures/b-fail.js"), result.out)
        XCTAssertFalse(result.out.contains("widget.js"), "a script without a /*--- block is not a fixture")
        XCTAssertTrue(result.out.hasSuffix("1 passed, 1 failed\n"), result.out)
    }

    /// What `test` says of the scripts without front matter in the folders it runs.
    static func notRun(_ scripts: String, count: Int = 1) -> String {
        "test: not run: \(count) script\(count == 1 ? "" : "s") without a /*--- … ---*/ front-matter block (\(scripts)); a script is a fixture once such a block says how to run it and what it must do (docs/conformance.md)\n"
    }

    func testEveryScriptLeftOutIsCountedWithTheFirstFiveNamed() throws {
        for name in ["h1", "h2", "h3", "h4", "h5", "h6"] {
            writeFile(directory + "/fixtures/\(name).js", Array("let x = 1\n".utf8))
        }
        let result = try binary(["test", directory + "/fixtures"])
        XCTAssertEqual(result.code, 1, result.err)
        XCTAssertEqual(result.err, Self.notRun((1...5).map { "\(directory)/fixtures/h\($0).js" }.joined(separator: ", ") + " and 1 more", count: 6))
        // A file named is run or refused, never counted.
        XCTAssertEqual(try binary(["test", directory + "/fixtures/a-pass.js"]).err, "")
    }

    func testAFileNamedWithoutFrontMatterIsAnError() throws {
        let result = try binary(["test", directory + "/widget.js", directory + "/fixtures/a-pass.js"])
        XCTAssertEqual(result.code, 65, result.out)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.hasPrefix("error: \(directory)/widget.js: not a fixture: it has no /*--- … ---*/ front-matter block"), result.err)
        XCTAssertTrue(result.err.hasSuffix("[not-a-fixture]\n"), result.err)
        XCTAssertEqual(try binary(["test", directory + "/fixtures/a-pass.js"]).code, 0)
    }

    func testAFolderWithoutFixturesSaysWhatToDo() throws {
        writeFile(directory + "/empty/helper.js", Array("let x = 1\n".utf8))
        let result = try binary(["test", directory + "/empty"])
        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.hasPrefix("error: no fixtures in \(directory)/empty (a fixture is a .js file"), result.err)
        XCTAssertTrue(result.err.hasSuffix("[no-fixtures]\n"), result.err)
        XCTAssertEqual(try binary(["test", directory + "/nothing-here"]).code, 66)
    }

    func testNoPathAndNoFixturesSaysWhatToDo() throws {
        let result = try inFolder(directory + "/empty", "test")
        XCTAssertEqual(result.code, 66)
        XCTAssertTrue(result.err.hasPrefix("error: no fixtures under the current folder"), result.err)
        XCTAssertTrue(result.err.contains("widgethost test Fixtures/Conformance"), result.err)
    }

    func testTheSpecReportEndsWithARecapOfTheFailures() throws {
        let result = try binary(["test", directory + "/fixtures"])
        XCTAssertEqual(result.code, 1)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let recap = try XCTUnwrap(lines.firstIndex(of: "Failures:"), result.out)
        XCTAssertGreaterThan(recap, try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  FAIL ") }))
        XCTAssertTrue(lines[recap + 1].hasPrefix("  \(directory)/fixtures/b-fail.js — "), lines[recap + 1])
        XCTAssertTrue(lines[recap + 1].contains("a"), lines[recap + 1])
        XCTAssertEqual(lines[recap + 2], "")
        XCTAssertEqual(lines.suffix(2), ["1 passed, 1 failed", ""])
    }

    func testFormatJSONIsTheJSONReporter() throws {
        let viaFormat = try binary(["test", directory + "/fixtures", "--format", "json"])
        let viaReporter = try binary(["test", directory + "/fixtures", "--reporter", "json"])
        let format = try JSONValue.parse(viaFormat.out), reporter = try JSONValue.parse(viaReporter.out)
        XCTAssertEqual(format["schema"], "widgethost.test/1")
        XCTAssertEqual(format["schema"], reporter["schema"])
        XCTAssertEqual(format["summary"]?["failed"], reporter["summary"]?["failed"])
        XCTAssertEqual(try binary(["test", directory, "--format", "tap"]).code, 64)
        XCTAssertTrue(try binary(["test", directory, "--format", "json", "--reporter", "tap"]).err.contains("not both"))
    }
}
