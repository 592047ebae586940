import ScriptSyntax
import XCTest

final class TokenizerTests: XCTestCase {
    func testPunctuatorsUseLongestMatch() {
        XCTAssertEqual(tokenTexts("a >>>= b ?? c?.d ... e => f === g **= h"),
                       ["a", ">>>=", "b", "??", "c", "?.", "d", "...", "e", "=>", "f", "===", "g", "**=", "h"])
        XCTAssertEqual(tokenTexts("a?.5:b"), ["a", "?", ".5", ":", "b"])
    }

    func testNumbersAndPrivateNames() {
        let tokens = Tokenizer.tokenize("0xFF 1_000 1.5e-3 10n .25 #secret").tokens
        XCTAssertEqual(tokens.map(\.text), ["0xFF", "1_000", "1.5e-3", "10n", ".25", "#secret"])
        XCTAssertEqual(tokens.map(\.kind), [.number, .number, .number, .number, .number, .privateName])
    }

    func testUnicodeIdentifiers() {
        XCTAssertEqual(tokenTexts("const café = ünïcode + \\u0061b"), ["const", "café", "=", "ünïcode", "+", "\\u0061b"])
    }

    func testCommentsOnlyWhenRequested() {
        let source = "#!/usr/bin/env node\n/*--- title: Hi ---*/\nlet a // end"
        XCTAssertEqual(Tokenizer.tokenize(source).tokens.map(\.text), ["let", "a"])
        let all = Tokenizer.tokenize(source, includeComments: true).tokens
        XCTAssertEqual(all.map(\.kind), [.hashbang, .blockComment, .identifier, .identifier, .lineComment])
        XCTAssertEqual(all[1].text, "/*--- title: Hi ---*/")
        XCTAssertEqual(all[1].position, SourcePosition(line: 2, column: 1, offset: 20))
        XCTAssertEqual(all[1].end, SourcePosition(line: 2, column: 22, offset: 41))
    }

    func testLineBreakInsideCommentMarksNextToken() {
        let tokens = Tokenizer.tokenize("a /* \n */ b /* x */ c").tokens
        XCTAssertEqual(tokens.map(\.precededByLineBreak), [false, true, false])
    }

    func testIteratingLazily() {
        var tokenizer = Tokenizer("x = 'open")
        var texts: [String] = []
        while let token = tokenizer.next() { texts.append(token.text) }
        XCTAssertEqual(texts, ["x", "=", "'open"])
        XCTAssertEqual(tokenizer.problems.map(\.message), ["Unterminated string literal"])
        XCTAssertNil(tokenizer.next())
    }
}
