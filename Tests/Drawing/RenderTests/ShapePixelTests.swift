import Canvas
import Render
import XCTest

final class ShapePixelTests: PixelTestCase {
    func testRectFillsExactlyItsArea() {
        let (raster, diagnostics) = draw(##"[{"op": "rect", "x": 10, "y": 10, "width": 30, "height": 20, "fill": "#FF0000"}]"##)
        XCTAssertEqual(diagnostics, [])
        assertPixel(raster, 20, 20, Self.red)
        assertClear(raster, 5, 5)
        assertBounds(raster, (10, 10, 39, 29), tolerance: 0)
    }

    func testRectWithoutFillOrStrokeFillsBlackAsHTMLCanvas() {
        let (raster, _) = draw(##"[{"op": "rect", "x": 0, "y": 0, "width": 10, "height": 10}]"##)
        assertPixel(raster, 5, 5, Self.black)
    }

    func testRoundRectCutsItsCorners() {
        let (raster, _) = draw(##"[{"op": "roundRect", "x": 10, "y": 10, "width": 40, "height": 40, "radius": 12, "fill": "#00FF00"}]"##)
        assertPixel(raster, 30, 30, Self.green)
        assertClear(raster, 11, 11)
        assertPixel(raster, 30, 11, Self.green)
        assertBounds(raster, (10, 10, 49, 49))
    }

    func testADashedRoundRectStartsAfterTheTopLeftCornerAndRunsClockwise() throws {
        // Canvas 2D's roundRect begins at (x + radius, y) and runs clockwise: the one 20-long dash
        // lies on the top edge from x = 22 to 42, nothing at the top right or further round.
        for scale in 1...3 {
            let (raster, diagnostics) = draw(##"[{"op": "roundRect", "x": 10, "y": 10, "width": 80, "height": 60, "radius": 12, "stroke": "#000000", "lineWidth": 2, "dash": [20, 1000]}]"##, scale: scale)
            XCTAssertEqual(diagnostics, [])
            let s = Double(scale)
            let bounds = try XCTUnwrap(raster.inkBounds(alphaAbove: 127))
            XCTAssertEqual(Double(bounds.minX) / s, 22, accuracy: 1, "at \(scale)×")
            XCTAssertEqual(Double(bounds.maxX + 1) / s, 42, accuracy: 1, "at \(scale)×")
            XCTAssertEqual(Double(bounds.minY) / s, 9, accuracy: 1, "at \(scale)×")
            XCTAssertEqual(Double(bounds.maxY + 1) / s, 11, accuracy: 1, "at \(scale)×")
        }
    }

    func testCircleIsCentredOnXY() {
        let (raster, _) = draw(##"[{"op": "circle", "x": 50, "y": 50, "radius": 20, "fill": "#0000FF"}]"##)
        assertPixel(raster, 50, 50, Self.blue)
        assertClear(raster, 32, 32)
        assertBounds(raster, (30, 30, 69, 69))
    }

    func testArcGoesClockwiseInDegrees() {
        let arc = ##"{"op": "arc", "x": 50, "y": 50, "radius": 30, "start": 0, "end": 90, "stroke": "#000000", "lineWidth": 4"##
        let (clockwise, _) = draw("[\(arc)}]")
        assertInk(clockwise, 50, 80)  // 90° is straight down: y points down
        assertInk(clockwise, 80, 50)
        assertClear(clockwise, 50, 20)
        let (counter, _) = draw("[\(arc), \"counterClockwise\": true}]")
        assertInk(counter, 50, 20)
        assertInk(counter, 20, 50)
        assertClear(counter, 71, 71)
    }

    func testClosedArcFillsItsSegment() {
        let (raster, _) = draw(##"[{"op": "arc", "x": 50, "y": 50, "radius": 30, "start": 0, "end": 90, "close": true, "fill": "#FF0000"}]"##)
        assertPixel(raster, 68, 68, Self.red)
        assertClear(raster, 58, 58)  // inside the circle but before the chord
    }

    func testLineCaps() {
        func line(_ cap: String) -> Raster {
            draw(##"[{"op": "line", "x1": 20, "y1": 50, "x2": 80, "y2": 50, "lineWidth": 10, "lineCap": "\##(cap)"}]"##).raster
        }
        assertBounds(line("butt"), (20, 45, 79, 54))
        assertBounds(line("square"), (15, 45, 84, 54))
        let round = line("round")
        assertInk(round, 16, 50)
        assertClear(round, 15, 45)
    }

    func testLineJoinsAndMiterLimit() {
        let points = ##""points": [[20, 80], [50, 20], [80, 80]], "stroke": "#000000", "lineWidth": 10"##
        let miter = draw(##"[{"op": "polyline", \##(points)}]"##).raster
        let bevel = draw(##"[{"op": "polyline", \##(points), "lineJoin": "bevel"}]"##).raster
        let round = draw(##"[{"op": "polyline", \##(points), "lineJoin": "round"}]"##).raster
        let limited = draw(##"[{"op": "polyline", \##(points), "miterLimit": 1}]"##).raster
        // The miter reaches above the corner; bevel and a miter past its limit stop at it.
        XCTAssertLessThan(miter.inkBounds(alphaAbove: 127)!.minY, 12)
        XCTAssertGreaterThanOrEqual(bevel.inkBounds(alphaAbove: 127)!.minY, 14)
        XCTAssertEqual(limited.inkBounds(alphaAbove: 127)!.minY, bevel.inkBounds(alphaAbove: 127)!.minY)
        XCTAssertGreaterThan(round.inkCount(alphaAbove: 127), bevel.inkCount(alphaAbove: 127))
        XCTAssertLessThan(round.inkCount(alphaAbove: 127), miter.inkCount(alphaAbove: 127))
    }

    func testPolylineTakesBothPointFormsAndCloses() {
        let open = draw(##"[{"op": "polyline", "points": [[10, 10], {"x": 90, "y": 10}, [90, 90]], "stroke": "#000000", "lineWidth": 2}]"##).raster
        assertInk(open, 50, 10)
        assertInk(open, 90, 50)
        assertClear(open, 50, 50)  // the closing edge is not drawn
        let closed = draw(##"[{"op": "polyline", "points": [[10, 10], {"x": 90, "y": 10}, [90, 90]], "close": true, "stroke": "#000000", "lineWidth": 2}]"##).raster
        assertInk(closed, 50, 50)
        let filled = draw(##"[{"op": "polyline", "points": [[10, 10], [90, 10], [90, 90]], "close": true, "fill": "#FF0000"}]"##).raster
        assertPixel(filled, 80, 20, Self.red)
        assertClear(filled, 20, 80)
    }

    func testPathQuadraticAsTheDocumentationDraws() {
        let (raster, diagnostics) = draw(##"""
            [{"op": "path", "fill": "#0A59F7", "segments": [
              {"op": "move", "x": 10, "y": 70}, {"op": "quadratic", "cx": 50, "cy": 5, "x": 90, "y": 70},
              {"op": "line", "x": 10, "y": 70}, {"op": "close"}]}]
            """##)
        XCTAssertEqual(diagnostics, [])
        assertPixel(raster, 50, 60, [10, 89, 247, 255])
        // The curve's peak is at y = 37.5 (a quadratic reaches halfway to its control point).
        assertInk(raster, 50, 40)
        assertClear(raster, 50, 35)
        assertBounds(raster, (10, 38, 89, 69), tolerance: 1)
    }

    func testPathBezierArcAndTypeSpelling() {
        let (raster, diagnostics) = draw(##"""
            [{"op": "path", "stroke": "#000000", "lineWidth": 2, "segments": [
              {"type": "move", "x": 10, "y": 90}, {"type": "bezier", "cx1": 10, "cy1": 10, "cx2": 90, "cy2": 10, "x": 90, "y": 90},
              {"op": "arc", "x": 50, "y": 90, "radius": 40, "start": 0, "end": 180}]}]
            """##)
        XCTAssertEqual(diagnostics, [])
        assertInk(raster, 50, 30)  // the bezier's top: 0.125·90 + 0.75·10 + 0.125·90 = 30
        assertClear(raster, 50, 50)
        XCTAssertLessThanOrEqual(raster.inkBounds(alphaAbove: 127)!.maxY, 99)
    }
}
