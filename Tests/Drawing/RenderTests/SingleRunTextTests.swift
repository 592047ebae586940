@testable import Render
import XCTest

/// A line in one font and one direction is shaped as Pango's one item, without a layout
/// (`ShapedText`); it measures exactly as the one-line layout every other line still is, at
/// every scale, so that frames and pictures are the same either way.
final class SingleRunTextTests: XCTestCase {
    func testASingleRunMeasuresAsItsLayoutDoes() {
        let families = FontBook.defaultFamilies.joined(separator: ",")
        // Contextual alternates, ligatures, a degree sign, accents, Chinese alone (one font).
        let single = ["Frame 100x30", "Rain 17°", "office ffl", "Ünïcödé", "今天下雨"]
        // Two fonts (Latin and Chinese), right to left, an emoji beside text, a tab, empty.
        let layouts = ["Rain 今天", "שלום", "Sun ☀️ 23", "a\tb", ""]
        for scale in 1...3 {
            for (size, weight) in [(11.69921875, 600), (13.0, 600), (42.0, 500), (10.7998046875, 400)] {
                let font = PangoFontRequest(families: families, size: size, weight: weight)
                for text in single + layouts {
                    let m = PangoText.measuredBothWays(text, font, scale: scale)
                    XCTAssertEqual(m.singleRun, single.contains(text), "\"\(text)\" at \(size) pt, \(scale)×: one run or a layout")
                    XCTAssertEqual(m.shaped, m.layout, "\"\(text)\" at \(size) pt, \(scale)×: width, ascent, descent")
                    if !text.isEmpty { XCTAssertGreaterThan(m.shaped[0], 0, "\"\(text)\"") }
                }
            }
        }
    }
}
