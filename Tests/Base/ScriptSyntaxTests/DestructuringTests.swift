import ScriptSyntax
import XCTest

final class DestructuringTests: XCTestCase {
    func testObjectPatternWithRenamesDefaultsNestingAndRest() {
        let source = "const {a, b: c, d = 1, e: {f, g: [h]}, ...rest} = obj"
        XCTAssertEqual(bindingNames(source), ["a", "c", "d", "f", "h", "rest"])
    }

    func testArrayPatternWithHolesDefaultsAndRest() {
        XCTAssertEqual(bindingNames("const [x, , y = 2, ...z] = arr"), ["x", "y", "z"])
        XCTAssertEqual(bindingNames("let [, , third] = list"), ["third"])
    }

    func testQuotedComputedAndNumericKeys() {
        let source = "const {'quoted': q, [computed]: r, 1: s, \"dq\": t, [a[0] + f(1, 2)]: u} = o"
        XCTAssertEqual(bindingNames(source), ["q", "r", "s", "t", "u"])
    }

    func testDefaultsContainingCommasArrowsAndObjects() {
        let source = """
        const { a = f(1, 2), b = (x, y) => { return x + y }, c = { k: [1, 2] }, d = `${p, q}` } = o,
              [e = [1, 2], g = new Map([[1, 2]])] = arr
        """
        XCTAssertEqual(bindingNames(source), ["a", "b", "c", "d", "e", "g"])
    }

    func testKeywordKeysNeedRenaming() {
        XCTAssertEqual(bindingNames("const { default: fallback, class: klass, new: fresh } = m"), ["fallback", "klass", "fresh"])
    }

    func testArrayInsideObjectInsideArray() {
        XCTAssertEqual(bindingNames("let [{ a: [b, { c }] }, [d, [e]]] = deep"), ["b", "c", "d", "e"])
    }

    func testPatternFollowedByMoreDeclaratorsAndNextLine() {
        let source = "let {a} = o, [b] = p, c\nconst {d: {e = 1} = {}} = q"
        XCTAssertEqual(bindingSummary(source), ["let:a", "let:b", "let:c", "const:e"])
    }

    func testPositionsOfPatternNames() {
        let scan = ScriptScanner.scan("const {a, b: c} = o")
        XCTAssertEqual(scan.bindings.map(\.position), [
            SourcePosition(line: 1, column: 8, offset: 7),
            SourcePosition(line: 1, column: 14, offset: 13),
        ])
    }

    func testPathologicallyDeepPatternIsAbandonedWithoutCrashing() {
        let deep = "let " + String(repeating: "[", count: 5_000) + "a" + String(repeating: "]", count: 5_000) + " = x\nlet b"
        XCTAssertEqual(bindingNames(deep), ["b"])
        let fine = "let " + String(repeating: "[", count: 50) + "a" + String(repeating: "]", count: 50) + " = x"
        XCTAssertEqual(bindingNames(fine), ["a"])
    }
}
