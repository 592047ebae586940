import ScriptSyntax
import XCTest

final class DeclarationListTests: XCTestCase {
    func testCommaListWithInitializersThatContainCommas() {
        XCTAssertEqual(bindingSummary("let a = 1, b, c = f(x, y)"), ["let:a", "let:b", "let:c"])
    }

    func testKindsOfEachKeyword() {
        XCTAssertEqual(bindingSummary("var v = 1; const c = 2; let l = 3;"), ["var:v", "const:c", "let:l"])
    }

    func testInitializersWithNestedStructures() {
        let source = """
        const config = { a: 1, b: [2, 3], c: { d: (4, 5) } }, next = 1
        let fn = (p, q) => { let hidden = p; return q }, after = new Foo(1, 2)
        var pick = flag ? one : two, tail = `x${a, b}y`, re = /,/g, last
        """
        XCTAssertEqual(bindingNames(source), ["config", "next", "fn", "after", "pick", "tail", "re", "last"])
    }

    func testNewlineSeparatedDeclarationsAreTwo() {
        XCTAssertEqual(bindingNames("let a = 1\nlet b = 2"), ["a", "b"])
        XCTAssertEqual(bindingNames("const a = f()\nconst b = [1]\nvar c"), ["a", "b", "c"])
    }

    func testMemberChainOnNextLineContinues() {
        let source = "let a = x\n  .map(f)\n  ?.filter(g)\nlet b = 1"
        XCTAssertEqual(bindingNames(source), ["a", "b"])
    }

    func testLeadingCommaOnNextLineDeclaresMore() {
        XCTAssertEqual(bindingNames("let a = 1\n, b = 2\n, c"), ["a", "b", "c"])
    }

    func testOperatorsAtLineStartContinueTheInitializer() {
        let source = "let total = a\n  + b\n  * c\n  ? d\n  : e\nvar y = 1"
        XCTAssertEqual(bindingNames(source), ["total", "y"])
    }

    func testCallOrIndexOnNextLineContinues() {
        // `let a = b\n(c)` is a call `b(c)` in JavaScript, so `c` is no declaration.
        XCTAssertEqual(bindingNames("let a = b\n(c)\nlet d = 1"), ["a", "d"])
        XCTAssertEqual(bindingNames("let a = b\n[0]\nlet d = 1"), ["a", "d"])
    }

    func testExpressionStatementAfterDeclarationIsNotABinding() {
        XCTAssertEqual(bindingNames("let a = 1\nb = 2\nlet c"), ["a", "c"])
        XCTAssertEqual(bindingNames("let a\nb = 2"), ["a"])
    }

    func testArrowFunctionBodyEndsTheInitializerAtLineBreak() {
        let source = "const f = () => {\n  return 1\n}\n(g)\nconst h = 2"
        XCTAssertEqual(bindingNames(source), ["f", "h"])
        XCTAssertEqual(bindingNames("const f = () => {}, g = 1"), ["f", "g"])
    }

    func testPostfixIncrementOnNextLineIsANewStatement() {
        XCTAssertEqual(bindingNames("let a = b\n++c\nlet d"), ["a", "d"])
    }

    func testLetAsIdentifierIsNotADeclaration() {
        XCTAssertEqual(bindingNames("let = 5\nlet.x = 1\nlet(3)\nlet in obj"), [])
        XCTAssertEqual(bindingNames("var let = 1"), ["let"])
    }

    func testContextualKeywordsAreBindingNames() {
        let source = "let await = 1, yield = 2, async = 3, of = 4, get = 5, set = 6, static = 7"
        XCTAssertEqual(bindingNames(source), ["await", "yield", "async", "of", "get", "set", "static"])
    }

    func testLetOnItsOwnLineBeforeName() {
        XCTAssertEqual(bindingNames("let\nvalue = 3"), ["value"])
    }

    func testUnderscoreNamesAreReportedAndFilteredOnlyByOutputNames() {
        let scan = ScriptScanner.scan("const _private = 1, visible = 2\nlet _x, y")
        XCTAssertEqual(scan.bindings.map(\.name), ["_private", "visible", "_x", "y"])
        XCTAssertEqual(scan.outputNames, ["visible", "y"])
    }

    func testNameOncePerDeclarationAndOutputNamesDeduplicated() {
        let scan = ScriptScanner.scan("var a = 1, a = 2\nvar a")
        XCTAssertEqual(scan.bindings.map(\.name), ["a", "a"])
        XCTAssertEqual(scan.outputNames, ["a"])
    }

    func testKeywordsAsPropertyNamesDoNotStartDeclarations() {
        XCTAssertEqual(bindingNames("obj.var = 1; obj.let = 2; obj?.const; x = { let: 1, var: 2 }"), [])
    }

    func testFunctionAndClassDeclarationsAreNotOutputs() {
        XCTAssertEqual(bindingNames("function f() {}\nclass C {}\nasync function g() {}\nconst k = 1"), ["k"])
    }

    func testDeclarationEndingAtEndOfInputAndSemicolon() {
        XCTAssertEqual(bindingNames("const a = 1;const b = 2"), ["a", "b"])
        XCTAssertEqual(bindingNames("let last ="), ["last"])
    }
}
