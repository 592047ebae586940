import JSONKit
import XCTest

/// Object keys are kept exactly as written: compared by their Unicode scalars, never merged
/// by canonical equivalence, and written in ascending order of their UTF-16 code units (O6).
final class JSONObjectKeyTests: XCTestCase {
    /// "é" precomposed (U+00E9) and "e" with a combining acute accent (U+0065 U+0301).
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"

    func testKeysDifferingOnlyInNormalizationAreTwoKeysWhenParsed() throws {
        for text in [#"{"\u00e9": 1, "e\u0301": 2}"#, "{\"\u{E9}\": 1, \"e\u{301}\": 2}"] {
            let value = try JSONValue.parse(text)
            XCTAssertEqual(value.objectValue?.count, 2, text)
            XCTAssertEqual(value[composed], 1, text)
            XCTAssertEqual(value[decomposed], 2, text)
        }
    }

    func testKeysDifferingOnlyInNormalizationAreTwoKeysInALiteral() {
        let value: JSONValue = [composed: 1, decomposed: 2]
        XCTAssertEqual(value.objectValue?.count, 2)
        XCTAssertEqual(value[composed], 1)
        XCTAssertEqual(value[decomposed], 2)
    }

    func testASubscriptMatchesTheKeyExactly() throws {
        let value = try JSONValue.parse(#"{"\u00e9": 1}"#)
        XCTAssertEqual(value[composed], 1)
        XCTAssertNil(value[decomposed])
        // U+212B ANGSTROM SIGN is canonically equivalent to U+00C5, and to "A" + U+030A.
        let angstrom = try JSONValue.parse(#"{"\u212b": 1}"#)
        XCTAssertNil(angstrom["\u{C5}"])
        XCTAssertNil(angstrom["A\u{30A}"])
        XCTAssertEqual(angstrom["\u{212B}"], 1)
    }

    func testObjectsWhoseKeysDifferOnlyInNormalizationAreNotEqual() throws {
        let a = try JSONValue.parse(#"{"\u00e9": 1}"#)
        let b = try JSONValue.parse(#"{"e\u0301": 1}"#)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(Set([a, b, a]).count, 2)
        XCTAssertEqual(a, try JSONValue.parse(#"{"é": 1}"#))
    }

    func testTheWriterKeepsBothKeysInUTF16Order() throws {
        let value = try JSONValue.parse(#"{"\u00e9": 1, "e\u0301": 2}"#)
        // "e" (U+0065) comes before "é" (U+00E9).
        XCTAssertEqual(Array(value.serialized().utf8), Array(#"{"e"#.utf8) + [0xCC, 0x81] + Array(#"":2,""#.utf8) + [0xC3, 0xA9] + Array(#"":1}"#.utf8))
        assertBytes(value.serialized(pretty: true), "{\n  \"e\u{301}\": 2,\n  \"\u{E9}\": 1\n}")
        XCTAssertEqual(try JSONValue.parse(value.serialized()), value)
    }

    /// UTF-16 order and scalar (UTF-8) order differ only between characters above U+FFFF,
    /// written as surrogates (0xD800–0xDFFF), and U+E000–U+FFFF: RFC 8785 and JavaScript's
    /// default `sort()` put the surrogates first.
    func testKeysSortByUTF16CodeUnitsAsRFC8785Does() throws {
        let value: JSONValue = ["\u{FF61}": 3, "\u{1F600}": 2, "\u{E000}": 4, "\u{D7FF}": 1, "\u{10000}": 1.5, "\u{FFFF}": 5]
        assertBytes(value.serialized(), "{\"\u{D7FF}\":1,\"\u{10000}\":1.5,\"\u{1F600}\":2,\"\u{E000}\":4,\"\u{FF61}\":3,\"\u{FFFF}\":5}")
        // RFC 8785 section 3.2.3's example keys, in its order.
        let rfc = try JSONValue.parse(#"{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}"#)
        let order = ["\r", "1", "\u{80}", "\u{F6}", "\u{20AC}", "\u{1F600}", "\u{FB33}"]
        XCTAssertEqual(try Self.keysInTextOrder(rfc.serialized()).map { Array($0.utf16) }, order.map { Array($0.utf16) })
    }

    func testTheWriterOrderIsTheOrderOfUTF16CodeUnitsForManyKeys() throws {
        let pieces = ["", "a", "A", "é", "e\u{301}", "\u{301}", "€", "\u{FFFD}", "\u{E000}", "😀", "𝄞", "\u{10FFFF}", "z", "\u{7F}"]
        var keys: [String] = []
        for first in pieces { for second in pieces { keys.append(first + second) } }
        var object = "{"
        for (index, key) in keys.enumerated() {
            object += (index == 0 ? "" : ",") + JSONValue.quote(key) + ":" + String(index)
        }
        let value = try JSONValue.parse(object + "}")
        // Distinct by their scalars, whatever their normalization.
        let distinct = Set(keys.map { Array($0.unicodeScalars.map(\.value)) })
        XCTAssertEqual(value.objectValue?.count, distinct.count)
        let expected = Set(keys.map { Array($0.utf16) }).sorted { $0.lexicographicallyPrecedes($1) }
        XCTAssertEqual(try Self.keysInTextOrder(value.serialized()).map { Array($0.utf16) }, expected)
    }

    func testExactDuplicateKeysInATextKeepTheLastValue() throws {
        let value = try JSONValue.parse(#"{"\u00e9": 1, "e\u0301": 2, "é": 3, "a": 0, "a": 4}"#)
        XCTAssertEqual(value.objectValue?.count, 3)
        XCTAssertEqual(value[composed], 3)
        XCTAssertEqual(value[decomposed], 2)
        XCTAssertEqual(value["a"], 4)
        assertBytes(value.serialized(), "{\"a\":4,\"e\u{301}\":2,\"\u{E9}\":3}")
    }

    func testExactDuplicateKeysInALiteralKeepTheLastValue() {
        let value: JSONValue = ["k": 1, composed: 2, "k": 3]
        XCTAssertEqual(value, ["k": 3, composed: 2])
    }

    /// Equal as bytes: `XCTAssertEqual` on two `String`s compares them by canonical equivalence.
    func assertBytes(_ actual: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Array(actual.utf8), Array(expected.utf8), "\(actual) is not \(expected)", file: file, line: line)
    }

    /// The keys of the top-level object in compact JSON text as `serialized()` writes it, in
    /// the order they appear; its values hold no strings. Read as bytes: a key may begin with
    /// a combining mark, which would join the quote before it into one `Character`.
    static func keysInTextOrder(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        var keys: [String] = []
        var index = 1
        while index < bytes.count, bytes[index] == 0x22 {
            var end = index + 1
            while bytes[end] != 0x22 { end += bytes[end] == 0x5C ? 2 : 1 }
            guard case .string(let key) = try JSONValue.parse(bytes: bytes[index...end]) else { break }
            keys.append(key)
            index = end + 1
            while index < bytes.count, bytes[index] != 0x2C { index += 1 }
            index += 1
        }
        return keys
    }
}
