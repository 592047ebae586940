import ScriptSyntax
import XCTest

final class LiteralSkippingTests: XCTestCase {
    func testStringsContainingDeclarationsAndCommentMarkers() {
        let source = """
        const s = "let x = 1 // not a comment", t = 'var y /* nor this */', u = "it's \\" let z"
        let v = '}' + "{" + ')'
        """
        XCTAssertEqual(bindingNames(source), ["s", "t", "u", "v"])
        XCTAssertEqual(ScriptScanner.scan(source).problems, [])
    }

    func testNestedTemplateLiterals() {
        let source = "const a = `outer ${ `${'let y'}` } and ${ { k: `in\\`ner ${ [1, `}`] }` }.k } done`, b = 2\nlet c"
        XCTAssertEqual(bindingNames(source), ["a", "b", "c"])
        XCTAssertEqual(ScriptScanner.scan(source).problems, [])
    }

    func testTemplateTokenParts() {
        let tokens = Tokenizer.tokenize("`a${b}c${`d`}e`").tokens
        XCTAssertEqual(tokens.map(\.kind), [.templateHead, .identifier, .templateMiddle, .noSubstitutionTemplate, .templateTail])
        XCTAssertEqual(tokens.map(\.text), ["`a${", "b", "}c${", "`d`", "}e`"])
    }

    func testRegexLiteralsContainingCommentMarkersAndKeywords() {
        let source = #"""
        const r1 = /\/\/ let x/g, r2 = /a*\/*b/, r3 = /[/]let y/, r4 = /[\]/]+/i
        let after = /\/*/.test(s)
        """#
        XCTAssertEqual(bindingNames(source), ["r1", "r2", "r3", "r4", "after"])
        XCTAssertEqual(ScriptScanner.scan(source).problems, [])
    }

    func testDivisionVersusRegex() {
        XCTAssertEqual(Tokenizer.tokenize("a / b / c").tokens.map(\.kind),
                       [.identifier, .punctuator, .identifier, .punctuator, .identifier])
        XCTAssertEqual(tokenTexts("x = /re/g.test(s)"), ["x", "=", "/re/g", ".", "test", "(", "s", ")"])
        XCTAssertEqual(tokenTexts("(a + b)/2/c"), ["(", "a", "+", "b", ")", "/", "2", "/", "c"])
        XCTAssertEqual(tokenTexts("return /x/"), ["return", "/x/"])
        XCTAssertEqual(tokenTexts("if (ok) /y/.test(s)"), ["if", "(", "ok", ")", "/y/", ".", "test", "(", "s", ")"])
        XCTAssertEqual(tokenTexts("a[0] /2/ b"), ["a", "[", "0", "]", "/", "2", "/", "b"])
        XCTAssertEqual(tokenTexts("x.return / 2 / y"), ["x", ".", "return", "/", "2", "/", "y"])
        XCTAssertEqual(tokenTexts("n++ / 2 / m"), ["n", "++", "/", "2", "/", "m"])
        XCTAssertEqual(tokenTexts("a /= 2"), ["a", "/=", "2"])
    }

    func testRegexAfterBlockButDivisionAfterObjectLiteral() {
        XCTAssertEqual(tokenTexts("{}\n/a/g.exec(s)"), ["{", "}", "/a/g", ".", "exec", "(", "s", ")"])
        XCTAssertEqual(tokenTexts("x = {} / 2 / 1"), ["x", "=", "{", "}", "/", "2", "/", "1"])
        XCTAssertEqual(tokenTexts("`${a}` / 2 / b"), ["`${", "a", "}`", "/", "2", "/", "b"])
    }

    func testCommentsEverywhere() {
        let source = """
        /* let hidden1 */ let /* inline */ a /* x */ = /* y */ 1, // let hidden2
        /* multi
           line let hidden3 */ b = 2 // trailing
        // const hidden4 = 5
        const c = 3 /* end */
        """
        XCTAssertEqual(bindingNames(source), ["a", "b", "c"])
    }

    func testBlockCommentWithLineBreakCountsForSemicolonInsertion() {
        XCTAssertEqual(bindingNames("let a = 1 /*\n*/ let b = 2"), ["a", "b"])
        XCTAssertEqual(bindingNames("let a = 1 /* same line */ + 2, b"), ["a", "b"])
    }

    func testHashbangFirstLineIsSkipped() {
        let scan = ScriptScanner.scan("#!/usr/bin/env node\nlet a = 1")
        XCTAssertEqual(scan.bindings.map(\.name), ["a"])
        XCTAssertEqual(scan.bindings.first?.position, SourcePosition(line: 2, column: 5, offset: 24))
    }
}
