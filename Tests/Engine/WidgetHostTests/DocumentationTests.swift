import Canvas
import TestSupport
import WidgetHost
import XCTest

/// The diagnostics page and the code agree (a run's codes: the page up to its first section;
/// WidgetGeometryTests checks "Layout geometry", CLITests the tool's codes).
final class DocumentationTests: XCTestCase {
    func testEveryDiagnosticCodeIsDocumentedAndNoOtherIs() throws {
        let path = packageRoot
        let page = String(decoding: try FileBytes.read(path: path + "/docs/diagnostics.md"), as: UTF8.self)
        // The run's codes: the page up to its first section (layout geometry, the tool's own codes).
        let lines = page.split(separator: "\n").prefix { !$0.hasPrefix("## ") }
        let documented = Set(lines.compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        })
        XCTAssertEqual(documented, Set(DiagnosticCode.all.map(\.rawValue) + CanvasDiagnostic.Code.allCases.map(\.rawValue)))
    }
}
