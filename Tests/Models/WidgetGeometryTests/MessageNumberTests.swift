import WidgetGeometry
import XCTest

/// Findings give lengths as a person reads them: to a tenth of a point, not as the float the
/// layout computed.
final class MessageNumberTests: XCTestCase {
    func testATruncatedTextNamesItsSizeToATenth() throws {
        // In a 9 × 14.16 frame the text shrinks to its minimum 0.9 (17 × 0.9 = 15.3 pt) and shows
        // "…": half an em wide, 1.2 em tall, 7.65 × 18.36, which the finding gives as 7.7x18.4.
        let r = layout(#"{"type": "text", "content": "a long caption", "width": 9, "height": 14.1591796875, "lineLimit": 1}"#)
        let message = try XCTUnwrap(r.diagnostics.first { $0.code.rawValue == "render-text-truncated" }?.message)
        XCTAssertTrue(message.contains("does not fit 7.7x18.4 even at its minimum scale 0.9"), message)
    }

    func testSizesAndFramesPrintToATenth() {
        XCTAssertEqual(Size(width: 9, height: 14.1591796875).description, "9x14.2")
        XCTAssertEqual(Size(width: 120.04, height: -0.04).description, "120x0")
        XCTAssertEqual(Rect(x: 1.25, y: 2.96, width: 3, height: 4.5).description, "(1.3, 3, 3, 4.5)")
    }
}
