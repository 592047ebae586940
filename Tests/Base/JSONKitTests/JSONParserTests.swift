import JSONKit
import XCTest

final class JSONParserTests: XCTestCase {
    func testScalars() throws {
        XCTAssertEqual(try JSONValue.parse("null"), .null)
        XCTAssertEqual(try JSONValue.parse("true"), .bool(true))
        XCTAssertEqual(try JSONValue.parse("false"), .bool(false))
        XCTAssertEqual(try JSONValue.parse("0"), .number(0))
        XCTAssertEqual(try JSONValue.parse("-12"), .number(-12))
        XCTAssertEqual(try JSONValue.parse("3.25"), .number(3.25))
        XCTAssertEqual(try JSONValue.parse("1e3"), .number(1000))
        XCTAssertEqual(try JSONValue.parse("1E+3"), .number(1000))
        XCTAssertEqual(try JSONValue.parse("25e-1"), .number(2.5))
        XCTAssertEqual(try JSONValue.parse("-0.5e-2"), .number(-0.005))
        XCTAssertEqual(try JSONValue.parse("\"hi\""), .string("hi"))
        XCTAssertEqual(try JSONValue.parse(" \t\r\n 7 \n"), .number(7))
    }

    func testNegativeZeroKeepsItsSign() throws {
        let d = try XCTUnwrap(JSONValue.parse("-0").doubleValue)
        XCTAssertEqual(d, 0)
        XCTAssertEqual(d.sign, .minus)
    }

    func testLargeNumbers() throws {
        XCTAssertEqual(try JSONValue.parse("123456789012345678901234567890").doubleValue, 1.2345678901234568e29)
        XCTAssertEqual(try JSONValue.parse("9007199254740993").doubleValue, 9_007_199_254_740_992)
        XCTAssertEqual(try JSONValue.parse("1.7976931348623157e308").doubleValue, .greatestFiniteMagnitude)
        XCTAssertEqual(try JSONValue.parse("1e400").doubleValue, .infinity)
        XCTAssertEqual(try JSONValue.parse("-1e400").doubleValue, -.infinity)
        XCTAssertEqual(try JSONValue.parse("1e-400").doubleValue, 0)
        XCTAssertEqual(try JSONValue.parse("0.1").doubleValue, 0.1)
        XCTAssertEqual(try JSONValue.parse("999999999999999").doubleValue, 999_999_999_999_999)
    }

    func testContainers() throws {
        let value = try JSONValue.parse(#"{"a": [1, 2, {"b": null}], "c": {"d": true}, "e": []}"#)
        XCTAssertEqual(value, ["a": [1, 2, ["b": nil]], "c": ["d": true], "e": []])
        XCTAssertEqual(value["a"]?[2]?["b"], .null)
        XCTAssertEqual(try JSONValue.parse("[]"), .array([]))
        XCTAssertEqual(try JSONValue.parse("{}"), .object([:]))
        XCTAssertEqual(try JSONValue.parse(" [ ] "), .array([]))
        XCTAssertEqual(try JSONValue.parse("{ }"), .object([:]))
        XCTAssertEqual(try JSONValue.parse("[[[]]]"), [[[]]])
    }

    func testDuplicateKeysLastWins() throws {
        let value = try JSONValue.parse(#"{"k": 1, "other": 2, "k": 3}"#)
        XCTAssertEqual(value, ["k": 3, "other": 2])
    }

    func testEscapes() throws {
        let value = try JSONValue.parse(#""a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u20ac""#)
        XCTAssertEqual(value, .string("a\"b\\c/d\u{8}\u{C}\n\r\tAé€"))
    }

    func testSurrogatePairs() throws {
        XCTAssertEqual(try JSONValue.parse(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(try JSONValue.parse(#""\uD834\uDD1E x""#), .string("𝄞 x"))
    }

    func testLoneSurrogatesBecomeReplacementCharacter() throws {
        XCTAssertEqual(try JSONValue.parse(#""\ud83d""#), .string("\u{FFFD}"))
        XCTAssertEqual(try JSONValue.parse(#""\ude00x""#), .string("\u{FFFD}x"))
        XCTAssertEqual(try JSONValue.parse(#""\ud83d\u0041""#), .string("\u{FFFD}A"))
        XCTAssertEqual(try JSONValue.parse(#""\ud83d\ud83d\ude00""#), .string("\u{FFFD}😀"))
        XCTAssertEqual(try JSONValue.parse(#""\ud83d\n""#), .string("\u{FFFD}\n"))
    }

    /// With `loneSurrogates: .reject`, a lone surrogate escape is an error naming the member
    /// that holds it (its text cannot be kept exactly, and U+FFFD would merge different texts).
    func testLoneSurrogatesCanBeRefusedWithTheirPath() throws {
        let cases: [(String, String)] = [
            (#""\ud800""#, ""), (#"{"nonce": "a\udfff"}"#, "nonce"), (#"{"a": {"b": ["x", "\ud83d\u0041"]}}"#, "a.b[1]"),
            (#"{"a": 1, "\ud800": 2}"#, ""), (#"{"o": {"k\udc00": 1}}"#, "o"), (#"["\ud83d\ud83d\ude00"]"#, "[0]"),
        ]
        for (text, path) in cases {
            XCTAssertThrowsError(try JSONValue.parse(text, loneSurrogates: .reject), text) { error in
                let failure = error as? JSONParseError
                XCTAssertEqual(failure?.loneSurrogatePath, path, text)
                XCTAssertTrue(failure?.message.contains("lone surrogate") ?? false, failure?.message ?? "")
            }
        }
        XCTAssertEqual(try JSONValue.parse(#"{"n": "\ud83d\ude00 \u00e9"}"#, loneSurrogates: .reject), ["n": "😀 é"])
        XCTAssertNil((try? JSONValue.parse("{", loneSurrogates: .reject)).flatMap { _ in 1 })
        do { _ = try JSONValue.parse("{", loneSurrogates: .reject) } catch { XCTAssertNil(error.loneSurrogatePath) }
    }

    func testRawUnicodeInStrings() throws {
        XCTAssertEqual(try JSONValue.parse("\"héllo wörld 日本 😀\""), .string("héllo wörld 日本 😀"))
        XCTAssertEqual(try JSONValue.parse("{\"ключ\": \"значение\"}"), ["ключ": "значение"])
    }

    func testParseBytes() throws {
        let bytes: [UInt8] = Array(#"{"x": [1, "y"]}"#.utf8)
        XCTAssertEqual(try JSONValue.parse(bytes: bytes), ["x": [1, "y"]])
        XCTAssertEqual(try JSONValue.parse(bytes: bytes[0...]), ["x": [1, "y"]])
        // A collection without contiguous storage.
        XCTAssertEqual(try JSONValue.parse(bytes: "[true]".utf8.reversed().reversed()), [true])
        let slice = Array("xx[1]yy".utf8)[2..<5]
        XCTAssertEqual(try JSONValue.parse(bytes: slice), [1])
    }

    func testRoundTrips() throws {
        let texts = [
            #"{"a":[1,2.5,-3,"x",null,true,false],"b":{"c":{}},"d":[]}"#,
            #"["\u0000\u001f","\"\\","😀é/",1e+21,1e-7,0.1]"#,
            #"{"":0," ":1,"A":2,"a":3,"é":4}"#,
            "[[[[[[[[[[1]]]]]]]]]]",
        ]
        for text in texts {
            let value = try JSONValue.parse(text)
            XCTAssertEqual(value.serialized(), text)
            XCTAssertEqual(try JSONValue.parse(value.serialized(pretty: true)), value)
        }
    }

    func testOneMegabyteString() throws {
        let body = String(repeating: "abcdefghij", count: 100_000) + "é😀\\n"
        let value = try JSONValue.parse("\"" + body + "\"")
        let s = try XCTUnwrap(value.stringValue)
        XCTAssertEqual(s.utf8.count, 1_000_000 + 2 + 4 + 1)
        XCTAssertTrue(s.hasSuffix("é😀\n"))
        XCTAssertTrue(s.hasPrefix("abcdefghijabc"))
    }

    func testLargeArray() throws {
        let text = "[" + Array(repeating: "{\"k\":[1,2,3]}", count: 50_000).joined(separator: ",") + "]"
        let value = try JSONValue.parse(text)
        XCTAssertEqual(value.arrayValue?.count, 50_000)
        XCTAssertEqual(value[49_999]?["k"]?[2], 3)
    }

    func testNestingUpToMaxDepthIsAccepted() throws {
        let depth = 512
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONValue.parse(text)
        var levels = 0
        while let inner = value.arrayValue {
            levels += 1
            guard let first = inner.first else { break }
            value = first
        }
        XCTAssertEqual(levels, depth)
        XCTAssertEqual(try JSONValue.parse("[[1]]", maxDepth: 2), [[1]])
        XCTAssertEqual(try JSONValue.parse("7", maxDepth: 0), 7)
    }

    func testHundredThousandOpenBracketsAreRefusedWithoutCrashing() {
        let text = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONValue.parse(text)) { error in
            let e = error as? JSONParseError
            XCTAssertEqual(e?.message, "expected at most 512 levels of nesting")
            XCTAssertEqual(e?.offset, 512)
            XCTAssertEqual(e?.line, 1)
            XCTAssertEqual(e?.column, 513)
        }
        let objects = String(repeating: "{\"a\":", count: 100_000)
        XCTAssertThrowsError(try JSONValue.parse(objects, maxDepth: 10)) { error in
            XCTAssertEqual((error as? JSONParseError)?.message, "expected at most 10 levels of nesting")
            XCTAssertEqual((error as? JSONParseError)?.offset, 50)
        }
    }

    func testDeepNestingBeyondMaxDepthIsRefused() {
        XCTAssertThrowsError(try JSONValue.parse("[[1]]", maxDepth: 1)) { error in
            XCTAssertEqual((error as? JSONParseError)?.offset, 1)
        }
        XCTAssertThrowsError(try JSONValue.parse("{}", maxDepth: 0))
        let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertThrowsError(try JSONValue.parse(text))
    }
}
