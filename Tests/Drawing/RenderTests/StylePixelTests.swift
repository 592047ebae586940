import Canvas
import Render
import XCTest

final class StylePixelTests: PixelTestCase {
    func testColourForms() {
        let (raster, diagnostics) = draw(##"""
            [{"op": "rect", "x": 0, "y": 0, "width": 10, "height": 10, "fill": "#F00"},
             {"op": "rect", "x": 10, "y": 0, "width": 10, "height": 10, "fill": "#00FF00"},
             {"op": "rect", "x": 20, "y": 0, "width": 10, "height": 10, "fill": "#0000FF80"},
             {"op": "rect", "x": 30, "y": 0, "width": 10, "height": 10, "fill": "#0a59f7"}]
            """##)
        XCTAssertEqual(diagnostics, [])
        assertPixel(raster, 5, 5, Self.red)
        assertPixel(raster, 15, 5, Self.green)
        assertPixel(raster, 25, 5, [0, 0, 255, 128], tolerance: 2)
        assertPixel(raster, 35, 5, [10, 89, 247, 255])
    }

    func testLightAndDarkPairs() {
        let json = ##"[{"op": "rect", "x": 0, "y": 0, "width": 100, "height": 100, "fill": {"light": "#FFFFFF", "dark": "#162033"}}]"##
        assertPixel(draw(json, scheme: .light).raster, 50, 50, [255, 255, 255, 255])
        assertPixel(draw(json, scheme: .dark).raster, 50, 50, [22, 32, 51, 255])
    }

    func testFillThenStroke() {
        let (raster, _) = draw(##"[{"op": "rect", "x": 20, "y": 20, "width": 60, "height": 60, "fill": "#FF0000", "stroke": "#0000FF", "lineWidth": 10}]"##)
        assertPixel(raster, 50, 50, Self.red)
        assertPixel(raster, 20, 50, Self.blue)  // the stroke is on top of the fill
        assertBounds(raster, (15, 15, 84, 84))
    }

    func testNoneDisablesAPaint() {
        let (raster, _) = draw(##"[{"op": "rect", "x": 20, "y": 20, "width": 60, "height": 60, "fill": "none", "stroke": "#0000FF", "lineWidth": 4}]"##)
        assertClear(raster, 50, 50)
        assertPixel(raster, 20, 50, Self.blue)
    }

    func testLinearGradient() {
        let (raster, _) = draw(##"""
            [{"op": "rect", "x": 0, "y": 0, "width": 100, "height": 100,
              "fill": {"type": "linear", "x0": 0, "y0": 0, "x1": 100, "y1": 0, "stops": [{"offset": 0, "color": "#FF0000"}, {"offset": 1, "color": "#0000FF"}]}}]
            """##)
        assertPixel(raster, 0, 50, [252, 0, 2, 255], tolerance: 4)
        assertPixel(raster, 99, 50, [2, 0, 252, 255], tolerance: 4)
        assertPixel(raster, 50, 50, [126, 0, 129, 255], tolerance: 4)
        assertPixel(raster, 50, 0, raster.pixel(50, 99).map(Int.init), tolerance: 0)  // constant down each column
    }

    func testRadialGradientAndUnsortedStops() {
        let (raster, _) = draw(##"""
            [{"op": "rect", "x": 0, "y": 0, "width": 100, "height": 100,
              "fill": {"type": "radial", "x0": 50, "y0": 50, "r0": 0, "x1": 50, "y1": 50, "r1": 50,
                       "stops": [{"offset": 1, "color": "#0000FF"}, {"offset": 0, "color": "#FF0000"}]}}]
            """##)
        assertPixel(raster, 50, 50, Self.red, tolerance: 8)
        assertPixel(raster, 50, 0, Self.blue, tolerance: 8)
        assertPixel(raster, 0, 0, Self.blue, tolerance: 0)  // padded past the outer circle
    }

    func testDashAndDashOffset() {
        let line = ##""op": "line", "x1": 0, "y1": 50, "x2": 100, "y2": 50, "lineWidth": 4, "dash": [10, 10]"##
        let dashed = draw("[{\(line)}]").raster
        assertInk(dashed, 5, 50)
        assertClear(dashed, 15, 50)
        assertInk(dashed, 25, 50)
        let shifted = draw("[{\(line), \"dashOffset\": 10}]").raster
        assertClear(shifted, 5, 50)
        assertInk(shifted, 15, 50)
        // An odd list repeats, as in HTML canvas: [10] is [10, 10].
        let odd = draw(##"[{"op": "line", "x1": 0, "y1": 50, "x2": 100, "y2": 50, "lineWidth": 4, "dash": [10]}]"##).raster
        XCTAssertEqual(odd.pixels, dashed.pixels)
    }

    func testAlphaAppliesToTheWholeCommand() {
        let (raster, _) = draw(##"[{"op": "rect", "x": 20, "y": 20, "width": 60, "height": 60, "fill": "#FF0000", "stroke": "#0000FF", "lineWidth": 10, "alpha": 0.5}]"##)
        assertPixel(raster, 50, 50, [255, 0, 0, 128], tolerance: 2)
        // Where the stroke covers the fill, the fill does not show through.
        assertPixel(raster, 20, 50, [0, 0, 255, 128], tolerance: 2)
    }

    func testShadowOffsetAndBlur() {
        let sharp = draw(##"[{"op": "rect", "x": 10, "y": 10, "width": 20, "height": 20, "fill": "#FF0000", "shadowColor": "#000000", "shadowX": 40, "shadowY": 30}]"##).raster
        assertPixel(sharp, 20, 20, Self.red)
        assertPixel(sharp, 60, 50, Self.black)
        assertClear(sharp, 45, 50)
        let blurred = draw(##"[{"op": "rect", "x": 10, "y": 10, "width": 20, "height": 20, "fill": "#FF0000", "shadowColor": "#000000", "shadowBlur": 10, "shadowX": 40, "shadowY": 30}]"##).raster
        let edge = blurred.pixel(50, 50)[3]
        XCTAssertGreaterThan(edge, 60)
        XCTAssertLessThan(edge, 200)  // half covered at the shadow's edge
        XCTAssertGreaterThan(blurred.pixel(46, 50)[3], 0)  // the blur reaches past the edge
        assertPixel(blurred, 20, 20, Self.red)
    }

    func testCompositeModes() {
        func over(_ mode: String, top: String = "#00FF00") -> Raster {
            draw(##"""
                [{"op": "rect", "x": 0, "y": 0, "width": 60, "height": 100, "fill": "#FF0000"},
                 {"op": "rect", "x": 40, "y": 0, "width": 60, "height": 100, "fill": "\##(top)", "composite": "\##(mode)"}]
                """##).raster
        }
        assertPixel(over("source-over"), 50, 50, Self.green)
        assertPixel(over("multiply"), 50, 50, Self.black)
        assertPixel(over("screen"), 50, 50, [255, 255, 0, 255])
        assertPixel(over("lighten"), 50, 50, [255, 255, 0, 255])
        assertPixel(over("darken"), 50, 50, Self.black)
        assertPixel(over("overlay", top: "#808080"), 50, 50, [255, 0, 0, 255], tolerance: 3)
        let erased = over("destination-out")
        assertClear(erased, 50, 50)
        assertPixel(erased, 20, 50, Self.red)
        let copied = over("copy")
        assertPixel(copied, 50, 50, Self.green)
        assertClear(copied, 20, 50)  // copy clears what lies outside the shape
        assertPixel(over("no-such-mode"), 50, 50, Self.green)
    }
}
