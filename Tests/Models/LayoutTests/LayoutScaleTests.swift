import JSONKit
import Layout
import XCTest

/// Large layouts are checked and rendered whole, every placeholder once. How fast is not a
/// test's business (a shared machine's wall time says little); the work done is.
final class LayoutScaleTests: XCTestCase {
    private func measured(_ body: () throws -> Void) rethrows { try body() }

    func testTenThousandLinesCheckQuickly() throws {
        var outputs: JSONObject = [:]
        for i in 0..<1_000 { outputs["name\(i)"] = .number(Double(i)) }
        var lines: [String] = []
        for i in 0..<10_000 {
            // Every tenth placeholder is misspelt, to exercise suggestions.
            lines.append(i % 10 == 0 ? "v${nmae\(i % 1_000)}" : "Item ${name\(i % 1_000)}!")
        }
        let text = lines.joined(separator: "\n")
        var report: LayoutReport?
        try measured {
            let doc = try LayoutDocument.parse(text: text)
            report = LayoutCheck.run(doc, outputs: outputs)
        }
        let r = try XCTUnwrap(report)
        XCTAssertEqual(r.placeholderCount, 10_000)
        XCTAssertEqual(r.entries.count, 10_000)
        XCTAssertEqual(r.entries[1].field, "Item 1!")
        XCTAssertEqual(r.findings.count, 1_000)
        XCTAssertEqual(r.findings[0].suggestion, "name0")
    }

    func testTenThousandPlaceholdersOnOneLineRenderQuickly() throws {
        let text = String(repeating: "${a.b[0]}-", count: 10_000)
        let outputs: JSONObject = ["a": ["b": ["x"]]]
        var rendered: JSONValue = .null
        var count = 0
        try measured {
            let doc = try LayoutDocument.parse(text: text)
            rendered = doc.render(outputs: outputs)
            count = LayoutCheck.run(doc, outputs: outputs).entries.count
        }
        XCTAssertEqual(rendered, [.string(String(repeating: "x-", count: 10_000))])
        XCTAssertEqual(count, 10_000)
    }

    func testLongPathsAndNames() throws {
        let name = String(repeating: "n", count: 10_000)
        let report = LayoutCheck.run(try LayoutDocument.parse(text: "${\(name)}"), outputs: [name: "long"])
        XCTAssertEqual(report.entries.first?.field, "long")
        let deep = "${a" + String(repeating: ".a", count: 999) + "}"
        var value: JSONValue = 7
        for _ in 0..<999 { value = .object(["a": value]) }
        let deepReport = LayoutCheck.run(try LayoutDocument.parse(text: deep), outputs: ["a": value])
        XCTAssertEqual(deepReport.entries.first?.field, 7)
        XCTAssertEqual(deepReport.findings, [])
    }
}
