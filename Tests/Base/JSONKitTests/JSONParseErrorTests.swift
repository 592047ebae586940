import JSONKit
import XCTest

final class JSONParseErrorTests: XCTestCase {
    /// Parses `text`, which must fail, and returns the error.
    private func failure(_ text: String, maxDepth: Int = 512, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        do {
            let value = try JSONValue.parse(text, maxDepth: maxDepth)
            XCTFail("parsed \(value) from \(text)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func assertError(
        _ text: String, _ message: String, offset: Int, line: Int, column: Int,
        file: StaticString = #filePath, line sourceLine: UInt = #line
    ) {
        guard let e = failure(text, file: file, line: sourceLine) else { return }
        XCTAssertEqual(e.message, message, "message for \(text)", file: file, line: sourceLine)
        XCTAssertEqual(e.offset, offset, "offset for \(text)", file: file, line: sourceLine)
        XCTAssertEqual(e.line, line, "line for \(text)", file: file, line: sourceLine)
        XCTAssertEqual(e.column, column, "column for \(text)", file: file, line: sourceLine)
    }

    func testEmptyInput() {
        assertError("", "expected a JSON value", offset: 0, line: 1, column: 1)
        assertError("  \n ", "expected a JSON value", offset: 4, line: 2, column: 2)
    }

    func testDescriptionIncludesPosition() {
        let e = failure("{\n  \"a\": 1,\n  \"b\" 2\n}")
        XCTAssertEqual(e?.description, "line 3, column 7: expected ':' after an object key")
        XCTAssertEqual(e?.offset, 18)
    }

    func testObjectErrors() {
        assertError("{\"a\": 1 \"b\": 2}", "expected ',' or '}' after an object member", offset: 8, line: 1, column: 9)
        assertError("{\"a\": 1,}", "expected a string key after ',' in an object", offset: 8, line: 1, column: 9)
        assertError("{a: 1}", "expected a string key or '}' after '{'", offset: 1, line: 1, column: 2)
        assertError("{\"a\" 1}", "expected ':' after an object key", offset: 5, line: 1, column: 6)
        assertError("{\"a\":}", "expected a JSON value after ':'", offset: 5, line: 1, column: 6)
        assertError("{\"a\":1", "expected ',' or '}' after an object member", offset: 6, line: 1, column: 7)
        assertError("{", "expected a string key or '}' after '{'", offset: 1, line: 1, column: 2)
        assertError("{'a': 1}", "expected a string key or '}' after '{'", offset: 1, line: 1, column: 2)
        assertError("{\"a\": 1]", "expected ',' or '}' after an object member", offset: 7, line: 1, column: 8)
    }

    func testArrayErrors() {
        assertError("[1,]", "expected a JSON value after ','", offset: 3, line: 1, column: 4)
        assertError("[1 2]", "expected ',' or ']' after an array element", offset: 3, line: 1, column: 4)
        assertError("[,1]", "expected a JSON value or ']'", offset: 1, line: 1, column: 2)
        assertError("[1", "expected ',' or ']' after an array element", offset: 2, line: 1, column: 3)
        assertError("[", "expected a JSON value or ']'", offset: 1, line: 1, column: 2)
        assertError("[1}", "expected ',' or ']' after an array element", offset: 2, line: 1, column: 3)
    }

    func testLiteralErrors() {
        assertError("tru", "expected 'true'", offset: 0, line: 1, column: 1)
        assertError("[truE]", "expected 'true'", offset: 1, line: 1, column: 2)
        assertError("fals", "expected 'false'", offset: 0, line: 1, column: 1)
        assertError("nul", "expected 'null'", offset: 0, line: 1, column: 1)
        assertError("NaN", "expected a JSON value", offset: 0, line: 1, column: 1)
        assertError("Infinity", "expected a JSON value", offset: 0, line: 1, column: 1)
        assertError("[-Infinity]", "expected a digit after '-'", offset: 2, line: 1, column: 3)
        assertError("undefined", "expected a JSON value", offset: 0, line: 1, column: 1)
    }

    func testNumberErrors() {
        assertError("01", "expected '.', 'e' or the end of the number after a leading '0'", offset: 1, line: 1, column: 2)
        assertError("-01", "expected '.', 'e' or the end of the number after a leading '0'", offset: 2, line: 1, column: 3)
        assertError("-", "expected a digit after '-'", offset: 1, line: 1, column: 2)
        assertError("1.", "expected a digit after the decimal point", offset: 2, line: 1, column: 3)
        assertError("1.e5", "expected a digit after the decimal point", offset: 2, line: 1, column: 3)
        assertError("1e", "expected a digit in the exponent", offset: 2, line: 1, column: 3)
        assertError("1e+", "expected a digit in the exponent", offset: 3, line: 1, column: 4)
        assertError(".5", "expected a JSON value", offset: 0, line: 1, column: 1)
        assertError("+1", "expected a JSON value", offset: 0, line: 1, column: 1)
        assertError("0x10", "expected end of input after the JSON value", offset: 1, line: 1, column: 2)
    }

    func testStringErrors() {
        assertError("\"abc", "expected '\"' to close the string", offset: 4, line: 1, column: 5)
        assertError("\"a\tb\"", "expected an escape sequence such as \\n or \\u001f instead of a raw control character in a string", offset: 2, line: 1, column: 3)
        assertError("\"line\nbreak\"", "expected an escape sequence such as \\n or \\u001f instead of a raw control character in a string", offset: 5, line: 1, column: 6)
        assertError(#""\x""#, "expected one of \" \\ / b f n r t u after '\\'", offset: 2, line: 1, column: 3)
        assertError(#""\'""#, "expected one of \" \\ / b f n r t u after '\\'", offset: 2, line: 1, column: 3)
        assertError(#""\u12""#, "expected 4 hexadecimal digits after '\\u'", offset: 3, line: 1, column: 4)
        assertError(#""\u12G4""#, "expected 4 hexadecimal digits after '\\u'", offset: 3, line: 1, column: 4)
        assertError("\"\\", "expected an escape character after '\\'", offset: 2, line: 1, column: 3)
        assertError("'single'", "expected a JSON value", offset: 0, line: 1, column: 1)
    }

    func testTrailingContentAndComments() {
        assertError("{} x", "expected end of input after the JSON value", offset: 3, line: 1, column: 4)
        assertError("1 2", "expected end of input after the JSON value", offset: 2, line: 1, column: 3)
        assertError("[1] // note", "expected end of input after the JSON value", offset: 4, line: 1, column: 5)
        assertError("/* c */ 1", "expected a JSON value", offset: 0, line: 1, column: 1)
        assertError("[1, /* c */ 2]", "expected a JSON value after ','", offset: 4, line: 1, column: 5)
        assertError("nullx", "expected end of input after the JSON value", offset: 4, line: 1, column: 5)
        assertError("1\u{0}", "expected end of input after the JSON value", offset: 1, line: 1, column: 2)
    }

    func testByteOrderMarkIsRefused() {
        assertError("\u{FEFF}{}", "expected a JSON value, not a byte order mark", offset: 0, line: 1, column: 1)
        XCTAssertThrowsError(try JSONValue.parse(bytes: [0xEF, 0xBB, 0xBF, 0x31]))
    }

    func testInvalidUTF8IsRefused() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22],             // never valid
            [0x22, 0xC3, 0x22],             // truncated two-byte sequence
            [0x22, 0xC0, 0xAF, 0x22],       // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22], // overlong three-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22], // encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
            [0x22, 0x80, 0x22],             // lone continuation byte
            [0x22, 0xF0, 0x9F, 0x98],       // truncated at end of input
        ]
        for bytes in cases {
            XCTAssertThrowsError(try JSONValue.parse(bytes: bytes), "\(bytes)") { error in
                let e = error as? JSONParseError
                XCTAssertEqual(e?.message, "expected valid UTF-8 in a string")
                XCTAssertEqual(e?.offset, 1)
            }
        }
        XCTAssertThrowsError(try JSONValue.parse(bytes: [0x5B, 0xFF, 0x5D])) { error in
            XCTAssertEqual((error as? JSONParseError)?.message, "expected a JSON value or ']'")
        }
        // Valid multi-byte sequences of every length are accepted.
        XCTAssertEqual(try JSONValue.parse(bytes: [0x22, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x22]), "é€😀")
    }

    func testLineAndColumnCounting() {
        // Columns count Unicode scalars, not bytes.
        assertError("[\"é😀\" x]", "expected ',' or ']' after an array element", offset: 10, line: 1, column: 7)
        // "\r\n" ends one line; a lone "\r" ends a line too.
        assertError("[1,\r\n 2,\r\n x]", "expected a JSON value after ','", offset: 11, line: 3, column: 2)
        assertError("[1,\r\r x]", "expected a JSON value after ','", offset: 6, line: 3, column: 2)
        assertError("\n\n\n   @", "expected a JSON value", offset: 6, line: 4, column: 4)
    }

    func testErrorsAreValues() {
        let a = JSONParseError(message: "expected x", offset: 3, line: 1, column: 4)
        XCTAssertEqual(a.description, "line 1, column 4: expected x")
        XCTAssertEqual(failure("[1,]"), JSONParseError(message: "expected a JSON value after ','", offset: 3, line: 1, column: 4))
    }
}
