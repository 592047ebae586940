import HostSystem
import XCTest

/// A path is its bytes; `shown` is one line, the same for the same bytes and different for
/// different ones.
final class SystemPathTests: XCTestCase {
    func testNamesAreShownEscapedOnOneLine() {
        let cases: [([UInt8], String)] = [
            (Array("widget.js".utf8), "widget.js"),
            (Array("Fixtures/Conformance/S/a b.js".utf8), "Fixtures/Conformance/S/a b.js"),
            (Array("é 漢字 🙂.js".utf8), "é 漢字 🙂.js"),
            (Array("caf".utf8) + [0xE9] + Array(".js".utf8), "caf\\xe9.js"),
            (Array("a\nb\rc\td.js".utf8), "a\\nb\\rc\\td.js"),
            (Array("back\\slash".utf8), "back\\\\slash"),
            ([0x00, 0x1B, 0x7F], "\\x00\\x1b\\x7f"),
            (Array("\u{85}|\u{2028}|\u{2029}".utf8), "\\xc2\\x85|\\xe2\\x80\\xa8|\\xe2\\x80\\xa9"),
            // Truncated, overlong and surrogate sequences: each byte escaped alone.
            ([0xE2, 0x82], "\\xe2\\x82"),
            ([0xC0, 0xAF], "\\xc0\\xaf"),
            ([0xED, 0xA0, 0x80], "\\xed\\xa0\\x80"),
            ([0xF5, 0x80, 0x80, 0x80], "\\xf5\\x80\\x80\\x80"),
            ([0xE9, 0x41], "\\xe9A"),
        ]
        for (bytes, shown) in cases {
            XCTAssertEqual(SystemPath.escape(bytes), shown)
            XCTAssertEqual(SystemPath(bytes: bytes).shown, shown)
            XCTAssertFalse(shown.contains("\n"))
        }
        // Different bytes are shown differently: a literal backslash-x is not an escaped byte.
        XCTAssertNotEqual(SystemPath.escape(Array("caf\\xe9.js".utf8)), SystemPath.escape(Array("caf".utf8) + [0xE9] + Array(".js".utf8)))
        XCTAssertEqual(SystemPath.escape("a\nb.js"), "a\\nb.js")
    }

    func testComponentsAreSplitAtSlashBytes() {
        let path = SystemPath(bytes: Array("suite/caf".utf8) + [0xE9] + Array(".js".utf8))
        XCTAssertEqual(path.name, Array("caf".utf8) + [0xE9] + Array(".js".utf8))
        XCTAssertEqual(path.folder, "suite")
        XCTAssertNil(path.text)
        XCTAssertEqual(SystemPath("x.js").folder, ".")
        XCTAssertEqual(SystemPath("/x.js").folder, "/")
        XCTAssertEqual(SystemPath("a").appending(Array("b".utf8)), "a/b")
        XCTAssertEqual(SystemPath("a/").appending(Array("b".utf8)), "a/b")
        XCTAssertEqual([SystemPath("b"), SystemPath(bytes: [0x61, 0xE9]), SystemPath("a")].sorted(), [SystemPath("a"), SystemPath(bytes: [0x61, 0xE9]), SystemPath("b")])
    }
}
