import WidgetHost
import XCTest

/// The diagnostics page and the code agree.
final class DocumentationTests: XCTestCase {
    func testEveryDiagnosticCodeIsDocumentedAndNoOtherIs() throws {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        guard let file = fopen(path + "/docs/diagnostics.md", "r") else { return XCTFail("docs/diagnostics.md is missing") }
        defer { fclose(file) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil { text += String(cString: buffer) }
        let documented = Set(text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        })
        XCTAssertEqual(documented, Set(DiagnosticCode.all.map(\.rawValue)))
    }
}
