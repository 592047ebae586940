import Canvas
import JSONKit
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
    }

    /// Where Canvas 2D puts the alphabetic baseline below `y` for each `baseline`, in ems, from
    /// Inter's tables (Debian's fonts-inter: 2816 units per em; OS/2's typographic ascender 2728
    /// and descender -680, hhea's the same). The em box is the typographic ascent and descent
    /// scaled to add up to one em: `top` is 2728 / 3408 = 0.8005 em above the baseline, `bottom`
    /// 680 / 3408 = 0.1995 em below it, `middle` halfway between them. `hanging` is 80 % of the
    /// ascent (0.8 × 2728 / 2816), `ideographic` the descent (680 / 2816).
    static let baselineBelowY: [(TextBaseline, Double)] = [
        (.top, 2728.0 / 3408), (.hanging, 0.8 * 2728 / 2816), (.middle, (2728.0 - 680) / 2 / 3408),
        (.alphabetic, 0), (.ideographic, -680.0 / 2816), (.bottom, -680.0 / 3408),
    ]

    /// The lower edge of the ink in device pixels, to a fraction of a pixel: the last inked row
    /// counts by its coverage against that of a row two pixels above it (an H's two stems).
    func inkBottom(_ raster: Raster) -> Double? {
        let rows = (0..<raster.height).map { y in
            stride(from: y * raster.width * 4 + 3, to: (y + 1) * raster.width * 4, by: 4).reduce(0) { $0 + Int(raster.pixels[$1]) }
        }
        guard let last = rows.lastIndex(where: { $0 > 0 }), last >= 2, rows[last - 2] > 0 else { return nil }
        return Double(last) + min(1, Double(rows[last]) / Double(rows[last - 2]))
    }

    func testEveryBaselineIsAFixedFractionOfTheEmAtEveryScale() throws {
        // An H sits on the alphabetic baseline (no overshoot). Drawn at 1×, 2× and 3×, in a
        // canvas whose coordinate space is its size and in one fitted at twice its size.
        for (baseline, ems) in Self.baselineBelowY {
            for scale in 1...3 {
                for (coordinate, fit) in [(100.0, 1.0), (50.0, 2.0)] {
                    for size in [16.0, 20.0] {
                        let y = 21.3
                        let (raster, diagnostics) = draw(
                            "[{\"op\": \"text\", \"text\": \"HHH\", \"x\": 4, \"y\": \(y), \"size\": \(size), \"fill\": \"#000000\", \"baseline\": \"\(baseline.rawValue)\"}]",
                            coordinate: (coordinate, coordinate), scale: scale)
                        XCTAssertEqual(diagnostics, [])
                        let bottom = try XCTUnwrap(inkBottom(raster), "\(baseline) at \(scale)×")
                        let expected = (y + ems * size) * fit * Double(scale)
                        // cairo's image surface sets each glyph at a whole device pixel: the
                        // edge is the position rounded.
                        XCTAssertEqual(bottom, expected, accuracy: 0.55,
                                       "baseline \(baseline.rawValue), \(size) pt at \(scale)× (fit \(fit)): \(JSONValue.formatNumber(bottom / fit / Double(scale) - y)) below y, expected \(JSONValue.formatNumber(ems * size))")
                    }
                }
            }
        }
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
