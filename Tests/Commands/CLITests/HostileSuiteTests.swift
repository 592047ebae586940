import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Suites a careless or hostile author hands to `widgethost test`, run by the built program as a
/// user runs it: each ends with every fixture reported, nothing written outside the suite and no
/// hang or crash.
final class HostileSuiteTests: XCTestCase {
    let passing = "/*---\ndescription: passes\nexpect:\n  status: ok\n  outputs: { a: 1 }\n---*/\nlet a = 1\n"

    /// The JSON report of `test ARGS… --reporter json`, by path: each fixture's outcome and its
    /// first failure.
    func results(_ arguments: [String], environment: [String] = Program.defaultEnvironment) throws -> (code: Int32, results: [String: (outcome: String, failure: String)], err: String) {
        let run = try Program.run([try BuiltProgram.path("widgethost"), "test"] + arguments + ["--reporter", "json", "--jobs", "1"],
                                  environment: environment, timeout: .seconds(60))
        let report = try JSONValue.parse(run.out)
        var found: [String: (String, String)] = [:]
        for result in try XCTUnwrap(report["results"]?.arrayValue, run.out + run.err) {
            let path = try XCTUnwrap(result["path"]?.stringValue)
            XCTAssertNil(found[path], "\(path) is reported twice")
            found[path] = (result["outcome"]?.stringValue ?? "", result["failures"]?[0]?.stringValue ?? "")
        }
        return (run.code, found, run.err)
    }

    // MARK: Deep front matter (issue 40, item 6)

    /// A front matter nested 100,000 levels, as a flow list or map, is a malformed fixture at its
    /// line (it overflowed the stack of the runner, which then reported nothing), and the good
    /// fixture beside it still passes.
    func testDeepFrontMatterIsAMalformedFixtureAndTheOthersStillRun() throws {
        let suite = try TemporaryFolder("deep")
        try Files.write(suite.file("good.js"), passing)
        let levels = 100_000
        try Files.write(suite.file("lists.js"), "/*---\ndescription: deep\nx: " + String(repeating: "[", count: levels)
                        + String(repeating: "]", count: levels) + "\nexpect:\n  status: ok\n---*/\n")
        try Files.write(suite.file("maps.js"), "/*---\ndescription: deep\nx: " + String(repeating: "{a: ", count: levels)
                        + String(repeating: "}", count: levels) + "\nexpect:\n  status: ok\n---*/\n")
        let run = try results([suite.path])
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertEqual(run.results.count, 3)
        XCTAssertEqual(run.results[suite.file("good.js")]?.outcome, "passed")
        for name in ["lists.js", "maps.js"] {
            XCTAssertEqual(run.results[suite.file(name)]?.outcome, "failed", name)
            XCTAssertEqual(run.results[suite.file(name)]?.failure,
                           "malformed fixture: \(suite.file(name)):3: maps and lists nest more than 512 levels deep, the most a front matter may")
        }
    }
}
