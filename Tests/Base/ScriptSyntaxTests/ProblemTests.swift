import ScriptSyntax
import XCTest

final class ProblemTests: XCTestCase {
    func problem(_ source: String) -> SyntaxProblem? {
        ScriptScanner.scan(source).problems.first
    }

    func testValidScriptHasNoProblems() {
        XCTAssertEqual(ScriptScanner.scan("let a = [1, (2), {b: `${c}`}]; function f() { return /}/ }").problems, [])
    }

    func testUnterminatedString() {
        XCTAssertEqual(problem("let a = 1\nlet s = 'abc\nlet b"),
                       SyntaxProblem(message: "Unterminated string literal", position: SourcePosition(line: 2, column: 9, offset: 18)))
    }

    func testStringLineContinuationIsNotUnterminated() {
        XCTAssertEqual(ScriptScanner.scan("let s = 'abc\\\ndef'; let t").bindings.map(\.name), ["s", "t"])
        XCTAssertEqual(ScriptScanner.scan("let s = 'abc\\\r\ndef'").problems, [])
    }

    func testUnterminatedTemplate() {
        XCTAssertEqual(problem("x = 1\nconst t = `abc ${ d } ef"),
                       SyntaxProblem(message: "Unterminated template literal", position: SourcePosition(line: 2, column: 11, offset: 16)))
        XCTAssertEqual(problem("const t = `abc ${ d "),
                       SyntaxProblem(message: "Unterminated template literal", position: SourcePosition(line: 1, column: 11, offset: 10)))
    }

    func testUnterminatedBlockComment() {
        XCTAssertEqual(problem("let a\n  /* open\n let b"),
                       SyntaxProblem(message: "Unterminated comment", position: SourcePosition(line: 2, column: 3, offset: 8)))
    }

    func testUnterminatedRegex() {
        XCTAssertEqual(problem("let r = /abc\nlet b"),
                       SyntaxProblem(message: "Unterminated regular expression literal", position: SourcePosition(line: 1, column: 9, offset: 8)))
        XCTAssertEqual(problem("let r = /[/\n"),
                       SyntaxProblem(message: "Unterminated regular expression literal", position: SourcePosition(line: 1, column: 9, offset: 8)))
    }

    func testStrayClosingBraceAtTopLevel() {
        XCTAssertEqual(problem("let a = 1\n}\nlet b = 2"),
                       SyntaxProblem(message: "Unexpected '}' with nothing open to close", position: SourcePosition(line: 2, column: 1, offset: 10)))
    }

    func testStrayBraceParenThatWouldCloseTheWrapper() {
        let problems = ScriptScanner.scan("foo()\n  })\nbar()").problems
        XCTAssertEqual(problems, [
            SyntaxProblem(message: "Unexpected '}' with nothing open to close", position: SourcePosition(line: 2, column: 3, offset: 8)),
            SyntaxProblem(message: "Unexpected ')' with nothing open to close", position: SourcePosition(line: 2, column: 4, offset: 9)),
        ])
    }

    func testMismatchedBrackets() {
        XCTAssertEqual(problem("f(a, [b)]"),
                       SyntaxProblem(message: "Unexpected ')': '[' opened at 1:6 is not closed", position: SourcePosition(line: 1, column: 8, offset: 7)))
    }

    func testParenLeftOpenInsideTemplateSubstitution() {
        XCTAssertEqual(problem("x = `a${ f( }`"),
                       SyntaxProblem(message: "Unexpected '}': '(' opened at 1:11 is not closed", position: SourcePosition(line: 1, column: 13, offset: 12)))
    }

    func testUnclosedBraceAtEnd() {
        XCTAssertEqual(problem("function f() {\n  if (x) {\n  }\n"),
                       SyntaxProblem(message: "'{' is never closed", position: SourcePosition(line: 1, column: 14, offset: 13)))
        XCTAssertEqual(problem("call(1, 2"),
                       SyntaxProblem(message: "'(' is never closed", position: SourcePosition(line: 1, column: 5, offset: 4)))
    }

    func testProblemsInsideLiteralsAreNotBracketProblems() {
        XCTAssertEqual(ScriptScanner.scan("let a = '})', b = `)]}`, c = /[)}]/, d = \"{\" // })\n/* }) */").problems, [])
    }
}
