import Preview
import XCTest

final class WordingTests: XCTestCase {
    func testWrapBreaksAtSpacesAndCutsLongWords() {
        XCTAssertEqual(Wording.wrap("one two three four", width: 9, first: "> ", rest: "  "),
                       ["> one two", "  three", "  four"])
        XCTAssertEqual(Wording.wrap("abcdefghijkl", width: 5), ["abcde", "fghij", "kl"])
        XCTAssertEqual(Wording.wrap("", width: 5, first: "- "), ["- "])
    }

    func testDurations() {
        XCTAssertEqual(Wording.duration(45_000), "45 s")
        XCTAssertEqual(Wording.duration(1_800_000), "30 min")
        XCTAssertEqual(Wording.duration(150_000), "2.5 min")
        XCTAssertEqual(Wording.duration(12_240_000), "3.4 h")
    }

    func testColumnsIgnoreColourCodes() {
        XCTAssertEqual(Columns.width("\u{1B}[31merror\u{1B}[0m: x"), 8)
        XCTAssertEqual(Columns.clip("abcdef", 4), "abc…")
        XCTAssertEqual(Columns.pad("ab", 4), "ab  ")
    }

    func testAnExcerptKeepsAFarColumnInView() {
        let source = String(repeating: "x", count: 150) + "BAD" + String(repeating: "y", count: 20)
        let lines = SourceExcerpt.lines(source: source, line: 1, column: 151, width: 80)
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        let caret = lines[1].firstIndex(of: "^").map { lines[1].distance(from: lines[1].startIndex, to: $0) }
        let bad = lines[0].range(of: "BAD").map { lines[0].distance(from: lines[0].startIndex, to: $0.lowerBound) }
        XCTAssertEqual(caret, bad)
    }
}
