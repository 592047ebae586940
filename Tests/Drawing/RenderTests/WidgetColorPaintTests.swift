import Canvas
import JSONKit
import Render
import WidgetGeometry
import XCTest

/// Gradients in layout colours (the Canvas component's syntax, numbers as fractions of the
/// frame) and a tstack whose runs keep their own colours, drawn by `WidgetRenderer`.
final class WidgetColorPaintTests: PixelTestCase {
    let widgets = WidgetRenderer()

    func raster(_ json: String, scheme: ColorScheme = .light) throws -> Raster {
        let result = WidgetGeometry.layout(try JSONValue.parse(json), family: .small, measurer: widgets.measurer)
        return widgets.raster(result, scale: 1, scheme: scheme)
    }

    func testALinearGradientBackgroundRunsFromItsFirstStopToItsLast() throws {
        // A 100 × 100 frame centred in the small widget (158 pt): x and y from 29 to 129.
        let picture = try raster(##"""
            {"type": "vstack", "width": 100, "height": 100, "children": [],
             "background": {"type": "linear", "x0": 0, "y0": 0, "x1": 1, "y1": 0,
                            "stops": [{"offset": 0, "color": "#FF0000"}, {"offset": 1, "color": "#0000FF"}]}}
            """##)
        assertPixel(picture, 29, 79, [252, 0, 3, 255], tolerance: 4)   // the left end: red
        assertPixel(picture, 128, 79, [3, 0, 252, 255], tolerance: 4)  // the right end: blue
        assertPixel(picture, 79, 79, [128, 0, 127, 255], tolerance: 4) // half way
        assertPixel(picture, 20, 79, [255, 255, 255, 255])              // outside the frame: the widget
    }

    func testARadialGradientAndALightDarkPairOfGradients() throws {
        let radial = try raster(##"""
            {"type": "shape", "content": "rectangle", "width": 100, "height": 100,
             "color": {"type": "radial", "x0": 0.5, "y0": 0.5, "r0": 0, "x1": 0.5, "y1": 0.5, "r1": 0.5,
                       "stops": [{"offset": 0, "color": "#00FF00"}, {"offset": 1, "color": "#000000"}]}}
            """##)
        assertPixel(radial, 79, 79, [0, 254, 0, 255], tolerance: 4)  // the centre: the first stop
        assertPixel(radial, 30, 30, [0, 0, 0, 255], tolerance: 2)    // past the radius: the last stop, padded
        let pair = ##"""
            {"type": "vstack", "width": 100, "height": 100, "children": [],
             "background": {"light": {"type": "linear", "x0": 0, "y0": 0, "x1": 0, "y1": 1, "stops": [{"offset": 0, "color": "#FF0000"}, {"offset": 1, "color": "#FF0000"}]},
                            "dark": {"type": "linear", "x0": 0, "y0": 0, "x1": 0, "y1": 1, "stops": [{"offset": 0, "color": "#00FFFF"}, {"offset": 1, "color": "#00FFFF"}]}}}
            """##
        assertPixel(try raster(pair), 79, 79, [255, 0, 0, 255])
        assertPixel(try raster(pair, scheme: .dark), 79, 79, [0, 255, 255, 255])
    }

    func testAGradientTextColourFollowsTheTextsFrame() throws {
        let picture = try raster(##"""
            {"type": "text", "content": "████████", "fontSize": 20,
             "color": {"type": "linear", "x0": 0, "y0": 0, "x1": 1, "y1": 0,
                       "stops": [{"offset": 0, "color": "#FF0000"}, {"offset": 1, "color": "#0000FF"}]}}
            """##)
        guard let ink = picture.inkBounds(alphaAbove: 0) else { return XCTFail("nothing drawn") }
        let row = (ink.minY + ink.maxY) / 2
        let left = (ink.minX...ink.maxX).first { picture.pixel($0, row)[0] > 150 && picture.pixel($0, row)[2] < 100 }
        let right = (ink.minX...ink.maxX).reversed().first { picture.pixel($0, row)[2] > 150 && picture.pixel($0, row)[0] < 100 }
        XCTAssertNotNil(left, "red at the text's start")
        XCTAssertNotNil(right, "blue at the text's end")
    }

    func testATstackKeepsEachRunsColour() throws {
        // Two runs of full blocks: the first red, the second blue, on one line.
        let picture = try raster(##"""
            {"type": "tstack", "children": [
              {"type": "text", "content": "███", "fontSize": 20, "color": "#FF0000"},
              {"type": "text", "content": "███", "fontSize": 20, "fontWeight": "bold", "color": "#0000FF"}
            ]}
            """##)
        var reds = 0, blues = 0, firstBlue = Int.max, lastRed = -1
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let p = picture.pixel(x, y)
                if p[0] > 200 && p[1] < 60 && p[2] < 60 { reds += 1; lastRed = max(lastRed, x) }
                if p[2] > 200 && p[0] < 60 && p[1] < 60 { blues += 1; firstBlue = min(firstBlue, x) }
            }
        }
        XCTAssertGreaterThan(reds, 100, "the first run is red")
        XCTAssertGreaterThan(blues, 100, "the second run is blue")
        XCTAssertLessThan(lastRed, firstBlue, "red comes first, then blue, on one line")
    }
}
