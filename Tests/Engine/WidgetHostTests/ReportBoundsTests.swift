import JSONKit
import WidgetHost
import XCTest

/// Every text a run report carries is capped (S8): an error, a stack, a diagnostic or a console
/// entry of any size gives a report of bounded size, each cut text saying how much was cut.
final class ReportBoundsTests: HostTestCase {
    func testATwentyMegabyteErrorMessageGivesASmallReport() {
        let report = run("throw new Error('x'.repeat(20 * 1024 * 1024))")
        XCTAssertEqual(report.status, .error)
        let message = report.error?.message ?? ""
        XCTAssertEqual(message.unicodeScalars.count, ReportText.limit)
        XCTAssertTrue(message.hasPrefix("xxxx"))
        // The marker, " … (20961549 more characters)", is 29 characters of the 10,000.
        let cut = 20 * 1024 * 1024 - (ReportText.limit - 29)
        XCTAssertTrue(message.hasSuffix(" … (\(cut) more characters)"), String(message.suffix(60)))
        let size = report.json.serialized().utf8.count
        XCTAssertLessThan(size, 1 << 20, "the whole report")
    }

    func testLongConsoleEntriesStacksAndRejectionsAreCapped() {
        let report = run("""
            console.log('y'.repeat(50000))
            console.log('e' + '\\u0301'.repeat(50000))
            function deep(n) { if (n === 0) throw new RangeError('z'.repeat(30000)); return deep(n - 1) }
            Promise.reject(new TypeError('w'.repeat(40000)))
            deep(150)
            """)
        XCTAssertEqual(report.console.count, 2)
        for entry in report.console {
            XCTAssertEqual(entry.message.unicodeScalars.count, ReportText.limit)
            XCTAssertTrue(entry.message.hasSuffix(" more characters)"), String(entry.message.suffix(40)))
        }
        XCTAssertTrue(report.console[0].message.hasSuffix(" … (\(50000 - ReportText.limit + 26) more characters)"), String(report.console[0].message.suffix(40)))
        let failure = report.error
        XCTAssertEqual(failure?.name, "RangeError")
        XCTAssertEqual(failure?.message.unicodeScalars.count, ReportText.limit)
        XCTAssertLessThanOrEqual(failure?.stack.count ?? 0, ReportText.stackFrames)
        for diagnostic in report.diagnostics {
            XCTAssertLessThanOrEqual(diagnostic.message.unicodeScalars.count, ReportText.limit, diagnostic.code.rawValue)
        }
        XCTAssertLessThan(report.json.serialized().utf8.count, 200_000)
    }

    func testTheCap() {
        XCTAssertEqual(ReportText.capped("short"), "short")
        let exact = String(repeating: "a", count: ReportText.limit)
        XCTAssertEqual(ReportText.capped(exact), exact, "at the limit: kept whole")
        let long = String(repeating: "b", count: 12_345)
        let cut = ReportText.capped(long)
        XCTAssertEqual(cut.unicodeScalars.count, ReportText.limit)
        XCTAssertTrue(cut.hasSuffix(" … (2370 more characters)"), cut.suffix(30).description)
        XCTAssertEqual(ReportText.capped(cut), cut, "a capped text is not capped again")
        XCTAssertEqual(ReportText.capped("abcdef", limit: 30), "abcdef")
        let frames = (0..<500).map { "f\($0)" }
        let stack = ReportText.cappedStack(frames)
        XCTAssertEqual(stack.count, ReportText.stackFrames)
        XCTAssertEqual(stack.last, "… (401 more frames)")
        XCTAssertEqual(ReportText.cappedStack(["a", "b"]), ["a", "b"])
    }
}
