import Canvas
import Render
import XCTest

final class TextPixelTests: PixelTestCase {
    func text(_ fields: String, width: Double = 200, height: Double = 100) -> (raster: Raster, diagnostics: [CanvasDiagnostic]) {
        draw("[{\"op\": \"text\", \"text\": \"Hamburg\", \"x\": 100, \"y\": 50, \"size\": 20, \"fill\": \"#000000\"\(fields)}]", width: width, height: height)
    }

    func testAlignPlacesXAtTheLeftCentreOrRight() {
        let left = text("").raster.inkBounds(alphaAbove: 60)!
        XCTAssertEqual(Double(left.minX), 100, accuracy: 3)
        let centre = text(", \"align\": \"center\"").raster.inkBounds(alphaAbove: 60)!
        XCTAssertEqual(Double(centre.minX + centre.maxX) / 2, 100, accuracy: 3)
        let right = text(", \"align\": \"right\"").raster.inkBounds(alphaAbove: 60)!
        XCTAssertEqual(Double(right.maxX), 100, accuracy: 3)
        let end = text(", \"align\": \"end\"").raster.inkBounds(alphaAbove: 60)!
        XCTAssertEqual(end.maxX, right.maxX)
        XCTAssertEqual(text(", \"align\": \"start\"").raster.inkBounds(alphaAbove: 60)!.minX, left.minX)
    }

    func testBaselinePlacesY() {
        let alphabetic = text("").raster.inkBounds(alphaAbove: 60)!
        // "Hamburg": the g descends below the baseline, the capitals reach about 0.73 em above it.
        XCTAssertEqual(Double(alphabetic.minY), 50 - 14.5, accuracy: 3)
        XCTAssertGreaterThan(alphabetic.maxY, 51)
        let top = text(", \"baseline\": \"top\"").raster.inkBounds(alphaAbove: 60)!
        XCTAssertGreaterThanOrEqual(top.minY, 50)
        let bottom = text(", \"baseline\": \"bottom\"").raster.inkBounds(alphaAbove: 60)!
        XCTAssertLessThanOrEqual(bottom.maxY, 51)
        let middle = text(", \"baseline\": \"middle\"").raster.inkBounds(alphaAbove: 60)!
        XCTAssertLessThan(middle.minY, 50)
        XCTAssertGreaterThan(middle.maxY, 50)
        let hanging = text(", \"baseline\": \"hanging\"").raster.inkBounds(alphaAbove: 60)!
        XCTAssertTrue(hanging.minY > alphabetic.minY && hanging.minY < top.minY + 3, "hanging \(hanging), top \(top)")
        XCTAssertEqual(text(", \"baseline\": \"ideographic\"").raster.inkBounds(alphaAbove: 60)!.maxY, bottom.maxY)
    }

    func testSizeWeightStyleAndMaxWidth() {
        let small = text("").raster.inkBounds(alphaAbove: 60)!
        let large = text(", \"size\": 40", width: 400).raster.inkBounds(alphaAbove: 60)!
        XCTAssertEqual(Double(large.maxX - large.minX), Double(small.maxX - small.minX) * 2, accuracy: 4)
        XCTAssertGreaterThan(text(", \"weight\": \"700\"").raster.inkCount(alphaAbove: 60), text("").raster.inkCount(alphaAbove: 60) * 5 / 4)
        XCTAssertGreaterThan(text(", \"weight\": \"bold\"").raster.inkCount(alphaAbove: 60), text("").raster.inkCount(alphaAbove: 60) * 5 / 4)
        XCTAssertNotEqual(text(", \"fontStyle\": \"italic\"").raster.pixels, text("").raster.pixels)
        let narrowed = text(", \"maxWidth\": 40").raster.inkBounds(alphaAbove: 60)!
        XCTAssertLessThanOrEqual(narrowed.maxX - narrowed.minX, 41)
        XCTAssertEqual(narrowed.minY, small.minY)
    }

    func testStrokeIsDrawnBeforeTheFill() {
        let (raster, diagnostics) = draw(##"[{"op": "text", "text": "AWidget", "x": 60, "y": 60, "size": 22, "weight": "700", "stroke": "#0A59F7", "lineWidth": 2, "fill": "#FFFFFF", "align": "center", "baseline": "middle"}]"##, width: 120, height: 120)
        XCTAssertEqual(diagnostics, [])
        let pixels = (0..<raster.width * raster.height).map { raster.pixel($0 % raster.width, $0 / raster.width) }
        XCTAssertTrue(pixels.contains { $0 == [255, 255, 255, 255] }, "the white fill shows on top")
        XCTAssertTrue(pixels.contains { $0[2] > 200 && $0[0] < 40 && $0[3] > 200 }, "the blue stroke shows around it")
    }

    func testChineseAndEmojiAreShapedWithFallbackFonts() {
        let (raster, diagnostics) = draw(##"[{"op": "text", "text": "天气 😀", "x": 10, "y": 50, "size": 30, "fill": "#000000", "baseline": "middle"}]"##, width: 200)
        XCTAssertEqual(diagnostics, [])
        let bounds = raster.inkBounds(alphaAbove: 60)!
        XCTAssertGreaterThan(bounds.maxX - bounds.minX, 90, "two ideographs, a space and an emoji are about 3.3 em wide")
        let pixels = (0..<raster.width * raster.height).map { raster.pixel($0 % raster.width, $0 / raster.width) }
        XCTAssertTrue(pixels.contains { $0[3] > 200 && $0[0] > 200 && $0[1] > 150 && $0[2] < 100 }, "the emoji is drawn in its own colours (yellow)")
    }

    func testAMissingFontFallsBackWithADiagnostic() {
        let (raster, diagnostics) = text(", \"fontFamily\": \"No Such Family\"")
        XCTAssertEqual(diagnostics.map(\.code), [.fontFallback])
        XCTAssertEqual(diagnostics.first?.index, 0)
        XCTAssertEqual(diagnostics.first?.field, "fontFamily")
        XCTAssertEqual(raster.pixels, text("").raster.pixels, "drawn with the default family")
        XCTAssertEqual(text(", \"fontFamily\": \"DejaVu Serif\"").diagnostics, [])
        XCTAssertNotEqual(text(", \"fontFamily\": \"DejaVu Serif\"").raster.pixels, raster.pixels)
    }
}
