import WidgetHost
import XCTest

/// The diagnostics page and the code agree.
final class DocumentationTests: XCTestCase {
    func testEveryDiagnosticCodeIsDocumentedAndNoOtherIs() throws {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        let text = String(decoding: try FileBytes.read(path: path + "/docs/diagnostics.md"), as: UTF8.self)
        // The run's codes: the page up to the section on the tool's own codes.
        let runCodes = text.split(separator: "\n## Codes of the tool's", maxSplits: 1).first ?? Substring(text)
        let documented = Set(runCodes.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        })
        XCTAssertEqual(documented, Set(DiagnosticCode.all.map(\.rawValue)))
    }
}
