import ScriptSyntax
import XCTest

final class LargeScriptTests: XCTestCase {
    func testTwentyThousandLineScript() {
        var lines: [String] = []
        for index in 0..<5_000 {
            lines.append("const value\(index) = { id: \(index), label: `item ${\(index)}`, re: /x\(index)/g }")
            lines.append("function helper\(index)(a, b) { let inner = a / b; return inner }")
            lines.append("if (value\(index).id > 3) { var nested\(index) = [1, 2, 3].map(v => v * 2) }")
            lines.append("let [first\(index), ...others\(index)] = list // trailing comment")
        }
        let scan = ScriptScanner.scan(lines.joined(separator: "\n"))
        XCTAssertEqual(scan.bindings.count, 15_000)
        XCTAssertEqual(scan.bindings.last?.name, "others4999")
        XCTAssertEqual(scan.bindings.last?.position.line, 20_000)
        XCTAssertEqual(scan.topLevelReturns, [])
        XCTAssertEqual(scan.problems, [])
    }

    func testDeeplyNestedBrackets() {
        let depth = 10_000
        let source = "let a = " + String(repeating: "[(", count: depth) + String(repeating: ")]", count: depth) + "\nlet b"
        XCTAssertEqual(ScriptScanner.scan(source).bindings.map(\.name), ["a", "b"])
    }
}
