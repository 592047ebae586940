import XCTest
import ZonedTime

/// Contract T6: the one grammar for duration offsets, and numbers that leave the range refused.
final class DurationTextTests: XCTestCase {
    func testPartsAddUpInEveryUnit() {
        XCTAssertEqual(DurationText.milliseconds("1h30m"), 5_400_000)
        XCTAssertEqual(DurationText.milliseconds("1.5h"), 5_400_000)
        XCTAssertEqual(DurationText.milliseconds("500ms"), 500)
        XCTAssertEqual(DurationText.milliseconds("90s"), 90_000)
        XCTAssertEqual(DurationText.milliseconds("2d"), 172_800_000)
        XCTAssertEqual(DurationText.milliseconds("1m1ms"), 60_001)
        XCTAssertEqual(DurationText.milliseconds(".5s"), 500)
        XCTAssertEqual(DurationText.milliseconds("2.s"), 2000)
        XCTAssertEqual(DurationText.milliseconds("0s"), 0)
        XCTAssertEqual(DurationText.milliseconds("0.0004s"), 0)
        XCTAssertEqual(DurationText.milliseconds("0.0006s"), 1)
    }

    func testTextOutsideTheGrammarIsRefused() {
        for text in ["", "h", "5", "5x", "1h30", "-5m", "+5m", "5 m", "1e3s", "inf", "nan", "infs", "nans",
                     "1..5h", ".h", "5M", "5H", "５m", "-0s", "-0.0h", "0x10s"] {
            XCTAssertNil(DurationText.milliseconds(text), "'\(text)'")
        }
    }

    func testTotalsPastTheRangeAreRefusedNotTrapped() {
        for text in ["99999999999999999999d", "9223372036854775808ms", "9223372036854775807ms",
                     "1000000000000000ms", "11574075d", "1e400d", String(repeating: "9", count: 400) + "ms",
                     String(repeating: "99999999999d", count: 3)] {
            XCTAssertNil(DurationText.milliseconds(text), "'\(text)'")
        }
        XCTAssertEqual(DurationText.milliseconds("999999999999999ms"), 999_999_999_999_999)
    }

    func testDecimal() {
        XCTAssertEqual(DurationText.decimal("2.5"), 2.5)
        XCTAssertEqual(DurationText.decimal("7"), 7)
        for text in ["", ".", "-0", "-1", "+1", "nan", "NaN", "inf", "1e3", "1.2.3", " 1", "1 ", "٣",
                     String(repeating: "9", count: 400)] {
            XCTAssertNil(DurationText.decimal(text), "'\(text)'")
        }
    }

    func testAddingStaysInsideInt64() {
        XCTAssertEqual(DurationText.adding(5, to: 10), 15)
        XCTAssertNil(DurationText.adding(1, to: .max))
        XCTAssertNil(DurationText.adding(999_999_999_999_999, to: .max - 5))
    }
}
