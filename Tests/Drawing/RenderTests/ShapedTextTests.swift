import JSONKit
import Render
import WidgetGeometry
import XCTest

/// A widget's text is measured as the one shaped run that is drawn: Inter's contextual
/// alternates draw the x of "100x30" as a multiplication sign, wider than the letter, and the
/// frames the layout gives must hold what is drawn.
final class ShapedTextTests: PixelTestCase {
    let widgets = WidgetRenderer()
    let font = FontSpec(size: 17)

    func testARunIsMeasuredWholeWhateverPiecesItIsGivenIn() {
        let measurer = widgets.measurer
        let whole = measurer.width(of: [TextRun("100x30", font: font)])
        // Apart, the pieces have no context: the letter x is narrower than the sign drawn.
        let apart = ["100", "x", "30"].map { measurer.width(of: [TextRun($0, font: font)]) }.reduce(0, +)
        XCTAssertGreaterThan(whole, apart + 1, "the contextual alternate is measured")
        XCTAssertEqual(whole, measurer.width(of: [TextRun("100×30", font: font)]), accuracy: 0.01, "as wide as the sign it draws")
        // Characters handed over one by one (as truncation does) are the same run.
        XCTAssertEqual(measurer.width(of: "100x30".map { TextRun(String($0), font: font) }), whole, accuracy: 1e-9)
        // A line the breaker makes is as wide as its run shaped whole.
        let lines = measurer.lines(of: [TextRun("Frame 100x30", font: font)], maxWidth: 300)
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines.first?.width ?? 0, measurer.width(of: [TextRun("Frame 100x30", font: font)]), accuracy: 1e-9)
        // Widths are not rounded to whole points: the same at every scale.
        for scale in 2...3 {
            XCTAssertEqual(widgets.measurer(scale: scale).width(of: [TextRun("Frame 100x30", font: font)]), lines.first?.width ?? 0, accuracy: 0.01)
        }
    }

    func testTrailingTextEndsAtItsFramesEdgeWithItsLastGlyphWhole() throws {
        for scale in 1...3 {
            let result = WidgetGeometry.layout(
                try JSONValue.parse(##"{"type": "text", "content": "Size 100x30", "fontSize": 16.5, "width": 100, "alignment": "trailing", "color": "#FF0000"}"##),
                family: .medium, measurer: widgets.measurer(scale: scale))
            let text = try XCTUnwrap(result.root)
            let line = try XCTUnwrap(text.text?.lines.first)
            XCTAssertEqual(text.text?.lines.count, 1)
            XCTAssertEqual(line.frame.maxX, text.contentFrame.maxX, accuracy: 0.01, "trailing")
            XCTAssertEqual(line.frame.width, widgets.measurer.width(of: [TextRun("Size 100x30", font: FontSpec(size: 16.5))]), accuracy: 0.01)
            let raster = widgets.raster(result, scale: scale)
            let s = Double(scale)
            var minX = Int.max, maxX = -1
            for y in Int(line.frame.y * s)..<Int(line.frame.maxY * s) {
                for x in 0..<raster.width {
                    let p = raster.pixel(x, y)
                    if p[0] > 200, p[1] < 120, p[2] < 120 {
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                    }
                }
            }
            // The ink of "S" starts just after the line's left edge; the "0" ends just before its right edge.
            XCTAssertEqual(Double(minX) / s, line.frame.x + 1, accuracy: 1.2, "at \(scale)×")
            XCTAssertLessThanOrEqual(Double(maxX + 1) / s, line.frame.maxX + 0.01, "at \(scale)×: the ink overruns the frame")
            XCTAssertGreaterThan(Double(maxX + 1) / s, line.frame.maxX - 2, "at \(scale)×")
        }
    }
}
