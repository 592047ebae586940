import JSONKit
import XCTest

final class JSONWriterTests: XCTestCase {
    func testCompactScalars() {
        XCTAssertEqual(JSONValue.null.serialized(), "null")
        XCTAssertEqual(JSONValue.bool(true).serialized(), "true")
        XCTAssertEqual(JSONValue.bool(false).serialized(pretty: true), "false")
        XCTAssertEqual(JSONValue.number(30.5).serialized(), "30.5")
        XCTAssertEqual(JSONValue.string("a").serialized(pretty: true), "\"a\"")
        XCTAssertEqual(JSONValue.array([]).serialized(), "[]")
        XCTAssertEqual(JSONValue.object([:]).serialized(), "{}")
    }

    func testKeysAreSortedAtEveryLevel() {
        let value: JSONValue = [
            "zeta": ["y": 1, "x": ["b": 2, "a": 1]],
            "alpha": [["d": 4, "c": 3]],
            "Mid": 0,
        ]
        XCTAssertEqual(value.serialized(), #"{"Mid":0,"alpha":[{"c":3,"d":4}],"zeta":{"x":{"a":1,"b":2},"y":1}}"#)
    }

    func testKeysSortByUTF16CodeUnits() {
        // "Z" < "a" < "é" < "€" < "😀" (0xD83D); "a" < "ab". JSONObjectKeyTests has the rest.
        let value: JSONValue = ["😀": 5, "€": 4, "é": 3, "ab": 2, "a": 1, "Z": 0, "": -1]
        XCTAssertEqual(value.serialized(), #"{"":-1,"Z":0,"a":1,"ab":2,"é":3,"€":4,"😀":5}"#)
    }

    func testPrettyMatchesJSONStringifyWithTwoSpaces() {
        let value: JSONValue = ["b": [1, ["z": nil, "a": []]], "a": [:], "c": "x\ny", "é": true]
        let expected = """
        {
          "a": {},
          "b": [
            1,
            {
              "a": [],
              "z": null
            }
          ],
          "c": "x\\ny",
          "é": true
        }
        """
        XCTAssertEqual(value.serialized(pretty: true), expected)
        XCTAssertEqual(JSONValue.array([1, 2]).serialized(pretty: true), "[\n  1,\n  2\n]")
    }

    func testQuoteEscapesLikeJSONStringify() {
        XCTAssertEqual(JSONValue.quote(""), #""""#)
        XCTAssertEqual(JSONValue.quote("plain text"), #""plain text""#)
        XCTAssertEqual(JSONValue.quote("say \"hi\""), #""say \"hi\"""#)
        XCTAssertEqual(JSONValue.quote("back\\slash"), #""back\\slash""#)
        XCTAssertEqual(JSONValue.quote("a/b</script>"), #""a/b</script>""#)
        XCTAssertEqual(JSONValue.quote("\u{8}\u{C}\n\r\t"), #""\b\f\n\r\t""#)
        // node: JSON.stringify("\u0000\u0001\u001f\u007f") === '"\\u0000\\u0001\\u001f\u007f"'
        XCTAssertEqual(JSONValue.quote("\u{0}\u{1}\u{1F}\u{7F}"), "\"\\u0000\\u0001\\u001f\u{7F}\"")
        XCTAssertEqual(JSONValue.quote("\u{B}\u{E}\u{1B}"), #""\u000b\u000e\u001b""#)
        XCTAssertEqual(JSONValue.quote("é日本😀👩‍👩‍👧\u{2028}"), "\"é日本😀👩‍👩‍👧\u{2028}\"")
    }

    func testEveryControlCharacter() {
        let named: [UInt8: String] = [8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r"]
        for code in UInt8(0)..<0x20 {
            let s = String(UnicodeScalar(code))
            let hex = String(code, radix: 16)
            let expected = named[code] ?? "\\u00" + (hex.count == 1 ? "0" + hex : hex)
            XCTAssertEqual(JSONValue.quote(s), "\"" + expected + "\"")
            XCTAssertEqual(try JSONValue.parse(JSONValue.quote(s)), .string(s))
        }
    }

    func testStringsRoundTripThroughTheParser() throws {
        let samples = ["", "a\"b", "\\", "\u{0}\u{1F}", "tab\there", "😀 emoji 👍🏽", "Ω≈ç√∫", "/slash/", "\u{FFFD}"]
        for s in samples {
            XCTAssertEqual(try JSONValue.parse(JSONValue.quote(s)), .string(s))
            let value: JSONValue = .object([s: .array([.string(s)])])
            XCTAssertEqual(try JSONValue.parse(value.serialized()), value)
        }
    }
}
