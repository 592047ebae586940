import Canvas
import Render
import XCTest

final class TransformPixelTests: PixelTestCase {
    let square = ##"{"op": "rect", "x": 0, "y": 0, "width": 10, "height": 10, "fill": "#FF0000"}"##

    func testTranslateAndSaveRestore() {
        let (raster, diagnostics) = draw("[{\"op\": \"save\"}, {\"op\": \"translate\", \"x\": 50, \"y\": 20}, \(square), {\"op\": \"restore\"}, \(square)]")
        XCTAssertEqual(diagnostics, [])
        assertPixel(raster, 55, 25, Self.red)
        assertPixel(raster, 5, 5, Self.red)
        assertClear(raster, 55, 5)
    }

    func testRotateAroundAPoint() {
        let (raster, _) = draw(##"[{"op": "rotate", "angle": 90, "x": 50, "y": 50}, {"op": "rect", "x": 60, "y": 45, "width": 30, "height": 10, "fill": "#FF0000"}]"##)
        assertPixel(raster, 50, 75, Self.red)  // right of the centre turns to below it
        assertClear(raster, 75, 50)
        assertBounds(raster, (45, 60, 54, 89))
    }

    func testScaleAroundAPointAndPerAxis() {
        let both = draw("[{\"op\": \"scale\", \"value\": 2, \"x\": 50, \"y\": 50}, {\"op\": \"rect\", \"x\": 40, \"y\": 40, \"width\": 10, \"height\": 10, \"fill\": \"#FF0000\"}]").raster
        assertBounds(both, (30, 30, 49, 49))
        let axes = draw("[{\"op\": \"scale\", \"scaleX\": 3, \"scaleY\": 0.5}, \(square)]").raster
        assertBounds(axes, (0, 0, 29, 4))
    }

    func testClipRectRoundedAndCircle() {
        let full = ##"{"op": "rect", "x": 0, "y": 0, "width": 100, "height": 100, "fill": "#FF0000"}"##
        let half = draw("[{\"op\": \"clipRect\", \"x\": 0, \"y\": 0, \"width\": 50, \"height\": 100}, \(full)]").raster
        assertPixel(half, 25, 50, Self.red)
        assertClear(half, 75, 50)
        let rounded = draw("[{\"op\": \"clipRect\", \"x\": 0, \"y\": 0, \"width\": 100, \"height\": 100, \"radius\": 30}, \(full)]").raster
        assertClear(rounded, 2, 2)
        assertPixel(rounded, 50, 2, Self.red)
        let circle = draw("[{\"op\": \"clipCircle\", \"x\": 50, \"y\": 50, \"radius\": 10}, \(full)]").raster
        assertBounds(circle, (40, 40, 59, 59))
        // save and restore end a clip.
        let ended = draw("[{\"op\": \"save\"}, {\"op\": \"clipCircle\", \"x\": 50, \"y\": 50, \"radius\": 10}, {\"op\": \"restore\"}, \(full)]").raster
        assertPixel(ended, 5, 5, Self.red)
    }

    func testClearARegionAndTheWholeCanvas() {
        let full = ##"{"op": "rect", "x": 0, "y": 0, "width": 100, "height": 100, "fill": "#FF0000"}"##
        let region = draw("[\(full), {\"op\": \"clear\", \"x\": 0, \"y\": 0, \"width\": 50, \"height\": 100}]").raster
        assertClear(region, 25, 50)
        assertPixel(region, 75, 50, Self.red)
        let all = draw("[\(full), {\"op\": \"translate\", \"x\": 60, \"y\": 0}, {\"op\": \"clear\"}]").raster
        XCTAssertNil(all.inkBounds())
    }

    func testFitKeepsTheAspectCentredAndStretchScalesEachAxis() {
        let json = ##"[{"op": "rect", "x": 0, "y": 0, "width": 100, "height": 100, "fill": "#FF0000"}]"##
        let fit = draw(json, width: 200, height: 100, coordinate: (100, 100), scaling: .fit).raster
        assertBounds(fit, (50, 0, 149, 99), tolerance: 0)
        let stretch = draw(json, width: 200, height: 100, coordinate: (100, 100), scaling: .stretch).raster
        assertBounds(stretch, (0, 0, 199, 99), tolerance: 0)
    }

    func testDeviceScaleMultipliesPixels() {
        let (raster, _) = draw(##"[{"op": "rect", "x": 10, "y": 10, "width": 20, "height": 20, "fill": "#FF0000"}]"##, scale: 3)
        XCTAssertEqual(raster.width, 300)
        assertBounds(raster, (30, 30, 89, 89), tolerance: 0)
    }
}
