import ScriptSyntax
import XCTest

final class PositionTests: XCTestCase {
    func testAstralCharacterCountsTwoUTF16Units() {
        // c o n s t _ s _ = _ ' 😀 😀 ' ; _ l e t _ t : the emoji is 2 UTF-16 units
        // and 4 UTF-8 bytes, so `t` is at column 21 and byte offset 22.
        let scan = ScriptScanner.scan("const s = '😀'; let t")
        XCTAssertEqual(scan.bindings.map(\.name), ["s", "t"])
        XCTAssertEqual(scan.bindings[1].position, SourcePosition(line: 1, column: 21, offset: 22))
    }

    func testBMPNonASCIICountsOneUnit() {
        // "é" is 1 UTF-16 unit but 2 UTF-8 bytes; "€" is 1 unit and 3 bytes.
        let scan = ScriptScanner.scan("var é = '€'; let x")
        XCTAssertEqual(scan.bindings.map(\.name), ["é", "x"])
        XCTAssertEqual(scan.bindings[1].position, SourcePosition(line: 1, column: 18, offset: 20))
    }

    func testCRLFLineEndings() {
        let scan = ScriptScanner.scan("// header\r\nconst a = 1\r\n\r\n  let b = 2\r\n")
        XCTAssertEqual(scan.bindings.map(\.name), ["a", "b"])
        XCTAssertEqual(scan.bindings[0].position, SourcePosition(line: 2, column: 7, offset: 17))
        XCTAssertEqual(scan.bindings[1].position, SourcePosition(line: 4, column: 7, offset: 32))
    }

    func testLoneCarriageReturnAndUnicodeLineSeparators() {
        let scan = ScriptScanner.scan("let a = 1\rlet b = 2\u{2028}let c = 3\u{2029}let d")
        XCTAssertEqual(scan.bindings.map(\.name), ["a", "b", "c", "d"])
        XCTAssertEqual(scan.bindings.map(\.position.line), [1, 2, 3, 4])
        XCTAssertEqual(scan.bindings[3].position, SourcePosition(line: 4, column: 5, offset: 38))
    }

    func testPositionsAfterMultiLineTemplateAndComment() {
        let source = "const t = `a\n😀b`, /* c\nd */ u = 1"
        let scan = ScriptScanner.scan(source)
        XCTAssertEqual(scan.bindings.map(\.name), ["t", "u"])
        XCTAssertEqual(scan.bindings[1].position, SourcePosition(line: 3, column: 6, offset: 31))
    }

    func testTokenEndPositions() {
        let tokens = Tokenizer.tokenize("x = 'ab'\n  y").tokens
        XCTAssertEqual(tokens[2].position, SourcePosition(line: 1, column: 5, offset: 4))
        XCTAssertEqual(tokens[2].end, SourcePosition(line: 1, column: 9, offset: 8))
        XCTAssertEqual(tokens[3].position, SourcePosition(line: 2, column: 3, offset: 11))
        XCTAssertEqual(tokens.map(\.precededByLineBreak), [false, false, false, true])
    }

    func testNonBreakingSpaceAndBOMAreWhitespace() {
        let scan = ScriptScanner.scan("\u{FEFF}let\u{00A0}a = 1")
        XCTAssertEqual(scan.bindings.first?.position, SourcePosition(line: 1, column: 6, offset: 8))
    }
}
