import JSONKit
import TestSupport
import WidgetHost
import XCTest

/// The case through the tool as users run it: `widgethost run data.js --timeout 2` on a
/// 24 MB array literal ran 9 to 10 s (a release build) and peaked at 2.7 GB, scanning it, under
/// a 30 MB memory limit. It is refused from its size before anything parses it (S6): status
/// `memory`, `script-too-large`, within the time limit and ``HostileCase/margin``, at the size
/// of the process with the file read and its text (under 256 MB).
final class ScriptSizeLimitTests: XCTestCase {
    func testRunRefusesAScriptLargerThanItParsesWithoutParsingIt() throws {
        let hostile = try XCTUnwrap(HostileCase.all.first { $0.name == "a 24 MB array literal" })
        let folder = try TemporaryFolder("hostile")
        try Files.write(folder.file("data.js"), hostile.script)
        let child = try ToolProcess.runMeasured(["run", folder.file("data.js"), "--format", "json", "--state", folder.file("state")] + hostile.options)
        let report = try JSONValue.parse(child.out)
        XCTAssertEqual(report["status"], "memory", child.err)
        XCTAssertEqual(report["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }, ["script-too-large"])
        XCTAssertEqual(child.code, 1, child.err)
        XCTAssertLessThanOrEqual(child.seconds, hostile.allowedSeconds, "the run took \(child.seconds) s")
        XCTAssertLessThanOrEqual(child.peakResident, 256 << 20, "\(child.peakResident >> 20) MB at the peak")
    }
}
