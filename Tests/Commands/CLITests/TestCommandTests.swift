import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost test` end to end: the binary, worker processes, and real consumers of its reports.
final class TestCommandTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = Files.temporaryRoot + "/widgethost-suite-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(directory, 0o755)
        func fixture(_ name: String, _ text: String) { writeFile(directory + "/" + name, Array(text.utf8)) }
        fixture("a-pass.js", "/*---\ndescription: passes\nrules: [C1]\nexpect:\n  status: ok\n  outputs: { a: 1 }\n---*/\nlet a = 1\n")
        fixture("b-wrong-output.js", "/*---\ndescription: wrong output\nexpect:\n  outputs: { a: 2 }\n---*/\nlet a = 1\n")
        fixture("c-wrong-status.js", "/*---\nexpect:\n  status: ok\n---*/\nnull.x\n")
        fixture("d-missing-diagnostic.js", "/*---\nexpect:\n  diagnostics: [freq-below-minimum]\n---*/\nsetUpdateFreq(30)\n")
        fixture("e-crash.js", "/*---\ninject: crash\nexpect:\n  status: ok\n---*/\n")
        fixture("f-hang.js", "/*---\ninject: hang\nexpect:\n  status: ok\n---*/\n")
        fixture("g-malformed.js", "/*---\nexpect:\n  status: ok\nrules: [S1\n---*/\n")
        fixture("h-pass.js", "/*---\nexpect:\n  status: error\n  error: { name: TypeError, line: 6 }\n---*/\nnull.x\n")
    }

    override func tearDown() { Files.removeTree(directory) }

    let environment = ["NO_COLOR=1", "TZ=UTC", "WIDGETHOST_FAULT_INJECTION=1"]

    func testFailuresCrashesAndHangsAreReportedEachAlone() throws {
        let result = try binary(["test", directory, "--jobs", "2", "--timeout", "2"], environment: environment)
        XCTAssertEqual(result.code, 1)
        let out = result.out
        XCTAssertTrue(out.contains("  ok   \(directory)/a-pass.js"))
        XCTAssertTrue(out.contains("  ok   \(directory)/h-pass.js"))
        XCTAssertTrue(out.contains("FAIL \(directory)/b-wrong-output.js"))
        XCTAssertTrue(out.contains("outputs.a: expected 2, got 1"))
        XCTAssertTrue(out.contains("status: expected \"ok\", got \"error\""))
        XCTAssertTrue(out.contains("diagnostics: expected a 'freq-below-minimum' diagnostic, got none"))
        XCTAssertTrue(out.contains("the host crashed while running this fixture (killed by signal 6)"), out)
        XCTAssertTrue(out.contains("the fixture hung: no result after 2 s"), out)
        XCTAssertTrue(out.contains("malformed fixture: \(directory)/g-malformed.js:4: a '[' list is not closed with ']'"), out)
        XCTAssertEqual(out.split(separator: "\n").last, "2 passed, 6 failed")
    }

    /// A worker holds the fixture after the one it runs: when that one crashes or hangs, the
    /// fixture behind it runs in the next worker and is reported for itself.
    func testTheFixtureBehindACrashOrAHangRunsInTheNextWorker() throws {
        let folder = directory + "/behind"
        mkdir(folder, 0o755)
        func fixture(_ name: String, _ text: String) { writeFile(folder + "/" + name, Array(text.utf8)) }
        fixture("a-crash.js", "/*---\ninject: crash\nexpect:\n  status: ok\n---*/\n")
        fixture("b-pass.js", "/*---\nexpect:\n  outputs: { b: 2 }\n---*/\nlet b = 2\n")
        fixture("c-hang.js", "/*---\ninject: hang\nexpect:\n  status: ok\n---*/\n")
        fixture("d-pass.js", "/*---\nexpect:\n  outputs: { d: 4 }\n---*/\nlet d = 4\n")
        let result = try binary(["test", folder, "--jobs", "1", "--timeout", "1"], environment: environment)
        XCTAssertEqual(result.code, 1)
        let out = result.out
        XCTAssertTrue(out.contains("FAIL \(folder)/a-crash.js"), out)
        XCTAssertTrue(out.contains("  ok   \(folder)/b-pass.js"), out)
        XCTAssertTrue(out.contains("FAIL \(folder)/c-hang.js"), out)
        XCTAssertTrue(out.contains("  ok   \(folder)/d-pass.js"), out)
        XCTAssertTrue(out.contains("the host crashed while running this fixture (killed by signal 6)"), out)
        XCTAssertTrue(out.contains("the fixture hung: no result after 1 s"), out)
        XCTAssertEqual(out.split(separator: "\n").last, "2 passed, 2 failed")
    }

    /// TAP 14 checked by a TAP consumer. Debian 12's `prove` (Test::Harness 3.44)
    /// predates TAP 14 and refuses the version line, so the consumer is tappy
    /// (Debian's `tappy`, tap.py), which Scripts/setup installs.
    func testTAPIsAcceptedByATAPConsumer() throws {
        let tappy = try Program.required("tappy")
        let result = try binary(["test", directory, "--filter", "pass", "--reporter", "tap", "--output", directory + "/report.tap"], environment: environment)
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.out, "2 passed, 0 failed\n")
        let passing = try spawn([tappy, directory + "/report.tap"], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(passing.code, 0, passing.out + passing.err)
        XCTAssertTrue(passing.err.contains("Ran 2 tests"), passing.err)
        let failing = try binary(["test", directory, "--filter", "wrong", "--reporter", "tap", "--output", directory + "/report.tap"], environment: environment)
        XCTAssertEqual(failing.code, 1)
        let consumer = try spawn([tappy, directory + "/report.tap"], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(consumer.code, 1)
        XCTAssertTrue(consumer.err.contains("FAILED (failures=2)"), consumer.err)
    }

    /// X2: a report file that cannot be written is 73 (cannot create), not a missing input.
    func testAReportThatCannotBeWrittenExits73() throws {
        let result = try binary(["test", directory, "--filter", "pass", "--output", directory], environment: environment)
        XCTAssertEqual(result.code, 73, result.err)
        XCTAssertTrue(result.err.hasPrefix("error: cannot write \(directory): "), result.err)
    }

    func testJUnitIsWellFormedXML() throws {
        let xmllint = try Program.required("xmllint")
        let result = try binary(["test", directory, "--reporter", "junit", "--output", directory + "/report.xml", "--timeout", "2"], environment: environment)
        XCTAssertEqual(result.code, 1)
        let lint = try spawn([xmllint, "--noout", directory + "/report.xml"], environment: [])
        XCTAssertEqual(lint.code, 0, lint.err)
        let count = try spawn([xmllint, "--xpath", "count(//testcase/failure)", directory + "/report.xml"], environment: [])
        XCTAssertEqual(count.out.trimmingNewline, "6")
    }

    func testJSONReporterShardsAndUpdateUnderCI() throws {
        let shard = try binary(["test", directory, "--shard", "1/4", "--reporter", "json", "--timeout", "2"], environment: environment)
        let report = try JSONValue.parse(shard.out)
        XCTAssertEqual(report["schema"], "widgethost.test/1")
        XCTAssertEqual(report["results"]?.arrayValue?.compactMap { $0["path"]?.stringValue }, ["\(directory)/a-pass.js", "\(directory)/e-crash.js"])
        let update = try binary(["test", directory, "--update"], environment: environment + ["CI=true"])
        XCTAssertEqual(update.code, 64)
        XCTAssertTrue(update.err.hasPrefix("error: --update is refused when CI is set"))
        let badShard = try binary(["test", directory, "--shard", "5/4"], environment: environment)
        XCTAssertEqual(badShard.code, 64)
    }
}

extension String {
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
