import JSONKit
import Render
import WidgetGeometry
import XCTest

/// Laid-out widgets drawn by `WidgetRenderer`: colours at chosen points of a small known tree,
/// light and dark, and Pango's measurements.
final class WidgetPaintTests: PixelTestCase {
    let widgets = WidgetRenderer()

    /// A vstack with a blue background and 6 pt of padding, holding red text and a shape
    /// that is green in light and cyan in dark, laid out as a small widget (158 × 158).
    static let tree = ##"""
        {"type": "vstack", "spacing": 4, "padding": 6, "background": "#0000FF", "children": [
          {"type": "text", "content": "MMM", "fontSize": 30, "fontWeight": "bold", "color": "#FF0000"},
          {"type": "shape", "content": "rectangle", "width": 40, "height": 20, "color": {"light": "#00FF00", "dark": "#00FFFF"}},
          {"type": "shape", "content": "circle", "width": 20, "height": 20, "color": "#FFFF00"}
        ]}
        """##

    func layout(_ json: String, family: WidgetFamily = .small) throws -> GeometryResult {
        WidgetGeometry.layout(try JSONValue.parse(json), family: family, measurer: widgets.measurer)
    }

    func inkCount(_ raster: Raster, in r: Rect, matching: ([UInt8]) -> Bool) -> Int {
        var count = 0
        for y in Int(r.y.rounded(.up))..<Int(r.maxY.rounded(.down)) {
            for x in Int(r.x.rounded(.up))..<Int(r.maxX.rounded(.down)) where matching(raster.pixel(x, y)) { count += 1 }
        }
        return count
    }

    func testBackgroundTextAndShapesLight() throws {
        let result = try layout(Self.tree)
        let raster = widgets.raster(result, scale: 1, scheme: .light)
        XCTAssertEqual(raster.width, 158)
        XCTAssertEqual(raster.height, 158)
        // Outside the 22 pt rounded corner the picture is transparent; inside, the widget is white.
        assertClear(raster, 0, 0)
        assertClear(raster, 157, 157)
        assertPixel(raster, 79, 2, [255, 255, 255, 255])
        assertPixel(raster, 2, 79, [255, 255, 255, 255])
        let root = try XCTUnwrap(result.root)
        // The padding shows the stack's background.
        assertPixel(raster, Int(root.frame.x + 2), Int(root.frame.center.y), Self.blue)
        // Red ink inside the text's frame, none outside it.
        let text = try XCTUnwrap(result.root?.find("root.children[0]"))
        let red: ([UInt8]) -> Bool = { $0[0] > 200 && $0[1] < 60 && $0[2] < 60 }
        XCTAssertGreaterThan(inkCount(raster, in: text.frame, matching: red), 100)
        let all = Rect(x: 0, y: 0, width: 158, height: 158)
        XCTAssertEqual(inkCount(raster, in: all, matching: red), inkCount(raster, in: text.frame.outset(1), matching: red))
        // Between the letters the background shows through: text draws no box of its own.
        XCTAssertGreaterThan(inkCount(raster, in: text.frame, matching: { $0 == [0, 0, 255, 255] }), 10)
        // The rectangle fills its frame; the circle its centre but not its frame's corners.
        let rectangle = try XCTUnwrap(result.root?.find("root.children[1]"))
        XCTAssertEqual(rectangle.frame.size, Size(width: 40, height: 20))
        assertPixel(raster, Int(rectangle.frame.center.x), Int(rectangle.frame.center.y), Self.green)
        assertPixel(raster, Int(rectangle.frame.x + 1), Int(rectangle.frame.y + 1), Self.green)
        let circle = try XCTUnwrap(result.root?.find("root.children[2]"))
        assertPixel(raster, Int(circle.frame.center.x), Int(circle.frame.center.y), [255, 255, 0, 255])
        assertPixel(raster, Int(circle.frame.x + 1), Int(circle.frame.y + 1), Self.blue)
    }

    func testDarkSchemeUsesTheDarkMembersAndTheDarkWidget() throws {
        let result = try layout(Self.tree)
        let raster = widgets.raster(result, scale: 2, scheme: .dark)
        XCTAssertEqual(raster.width, 316)
        assertPixel(raster, 158, 4, [0x1C, 0x1C, 0x1E, 255])
        let rectangle = try XCTUnwrap(result.root?.find("root.children[1]"))
        assertPixel(raster, Int(rectangle.frame.center.x * 2), Int(rectangle.frame.center.y * 2), [0, 255, 255, 255])
        // A text with no colour is white in dark and black in light.
        let plain = try layout(##"{"type": "text", "content": "██████", "fontSize": 40}"##)
        let line = try XCTUnwrap(plain.root?.text?.lines.first)
        let point = (Int(line.frame.center.x), Int(line.frame.center.y))
        let dark = widgets.raster(plain, scale: 1, scheme: .dark)
        XCTAssertGreaterThan(inkCount(dark, in: line.frame, matching: { $0[0] > 240 && $0[1] > 240 }), 50, "\(dark.pixel(point.0, point.1))")
        let light = widgets.raster(plain, scale: 1, scheme: .light)
        XCTAssertGreaterThan(inkCount(light, in: line.frame, matching: { $0[0] < 20 && $0[3] == 255 }), 50)
    }

    func testOpacityCornerRadiusAndGauge() throws {
        let result = try layout(##"""
            {"type": "vstack", "spacing": 10, "children": [
              {"type": "shape", "content": "rectangle", "width": 60, "height": 30, "color": "#FF0000", "opacity": 0.5},
              {"type": "shape", "content": "rectangle", "width": 60, "height": 30, "color": "#0000FF", "cornerRadius": 15},
              {"type": "gauge", "style": "alinear", "value": 0.25, "color": "#00FF00", "width": 100}
            ]}
            """##)
        let raster = widgets.raster(result, scale: 1)
        let half = try XCTUnwrap(result.root?.find("root.children[0]")?.frame)
        assertPixel(raster, Int(half.center.x), Int(half.center.y), [255, 128, 128, 255], tolerance: 3)
        let rounded = try XCTUnwrap(result.root?.find("root.children[1]")?.frame)
        assertPixel(raster, Int(rounded.center.x), Int(rounded.center.y), Self.blue)
        assertPixel(raster, Int(rounded.x), Int(rounded.y), [255, 255, 255, 255])  // the corner is clipped away
        let gauge = try XCTUnwrap(result.root?.find("root.children[2]"))
        let bar = try XCTUnwrap(gauge.drawnFrame)
        assertPixel(raster, Int(bar.x + bar.width * 0.1), Int(bar.center.y), Self.green)
        let track = raster.pixel(Int(bar.x + bar.width * 0.8), Int(bar.center.y)).map(Int.init)
        XCTAssertTrue(track[1] < 250 && track[0] > 150, "the track past the value is grey, is \(track)")
    }

    func testAGaugeTakesItsValueFromContentToo() throws {
        // layout.md: a gauge's value is `value`, or its `content` (as the app's gauge is written).
        let result = try layout(##"{"type": "gauge", "style": "alinear", "content": 0.75, "color": "#00FF00", "width": 100}"##)
        let raster = widgets.raster(result, scale: 1)
        let bar = try XCTUnwrap(result.root?.drawnFrame)
        assertPixel(raster, Int(bar.x + bar.width * 0.6), Int(bar.center.y), Self.green)
        let track = raster.pixel(Int(bar.x + bar.width * 0.9), Int(bar.center.y)).map(Int.init)
        XCTAssertTrue(track[1] < 250 && track[0] > 150, "the track past the value is grey, is \(track)")
    }

    func testAccessoryFamiliesAreMonochrome() throws {
        let result = try layout(##"{"type": "shape", "content": "rectangle", "color": "#FF0000"}"##, family: .rectangular)
        let raster = widgets.raster(result, scale: 1)
        XCTAssertEqual(raster.width, 160)
        // Red as white at its luminance, (299 × 255 + 500) / 1000 = 76, over the #2B2B2E tile
        // (LockScreenPaintTests has the rest of the vibrant look).
        assertPixel(raster, 80, 36, [106, 106, 108, 255], tolerance: 1)
    }

    func testACanvasInAnAccessoryFamilyIsWhiteAtItsLuminance() throws {
        // Dark colours, then white at their luminance: a dark track stays faint, a light value bright,
        // and a dark-on-light text ({light: black, dark: white}) stays readable on the dark tile.
        let result = try layout(##"""
            {"type": "canvas", "width": 60, "height": 20, "content": [
              {"op": "rect", "x": 0, "y": 0, "width": 20, "height": 20, "fill": {"light": "#000000", "dark": "#FFFFFF"}},
              {"op": "rect", "x": 20, "y": 0, "width": 20, "height": 20, "fill": "#333333"},
              {"op": "rect", "x": 40, "y": 0, "width": 20, "height": 20, "fill": "#FF0000"}]}
            """##, family: .rectangular)
        let raster = widgets.raster(result, scale: 1)
        let frame = try XCTUnwrap(result.root?.contentFrame)
        let y = Int(frame.center.y)
        assertPixel(raster, Int(frame.x) + 10, y, [255, 255, 255, 255])
        // #333333 (luminance 0.2) as white at 20 % over the #2B2B2E tile: about 0x56.
        assertPixel(raster, Int(frame.x) + 30, y, [86, 86, 88, 255], tolerance: 3)
        // Pure red (luminance 0.299) brighter than the grey, still grey itself.
        let red = raster.pixel(Int(frame.x) + 50, y)
        XCTAssertTrue(red[0] == red[1] && red[0] > 86 && red[0] < 120, "\(red)")
    }

    func testACanvasComponentIsDrawnInItsFrame() throws {
        let result = try layout(##"""
            {"type": "canvas", "width": 50, "height": 50, "content": [{"op": "rect", "x": 0, "y": 0, "width": 50, "height": 50, "fill": "#FF0000"}]}
            """##)
        let raster = widgets.raster(result, scale: 2)
        let frame = try XCTUnwrap(result.root?.contentFrame)
        assertPixel(raster, Int(frame.center.x * 2), Int(frame.center.y * 2), Self.red)
        assertPixel(raster, Int(frame.x * 2) - 2, Int(frame.center.y * 2), [255, 255, 255, 255])
    }

    /// Capitals sit in the middle of their line's box at every scale (Inter's caps are centred
    /// between its ascent and descent); at 2× text once rode half its ascent high.
    func testTextSitsInItsLineAtEveryScale() throws {
        let tree = ##"{"type": "text", "content": "HH", "fontSize": 30, "fontWeight": "semibold", "color": "#000000"}"##
        for scale in [2, 3, 1] {
            let fresh = WidgetRenderer()
            let result = WidgetGeometry.layout(try JSONValue.parse(tree), family: .small, measurer: fresh.measurer)
            let lines = try XCTUnwrap(result.root?.text?.lines)
            XCTAssertEqual(lines.count, 1)
            let line = try XCTUnwrap(lines.first)
            let raster = fresh.raster(result, scale: scale)
            let rows = (0..<raster.height).filter { y in (0..<raster.width).contains { raster.pixel($0, y)[0] < 100 && raster.pixel($0, y)[3] == 255 } }
            let middle = Double((rows.first ?? 0) + (rows.last ?? 0) + 1) / 2 / Double(scale)
            XCTAssertEqual(middle, line.frame.center.y, accuracy: 2, "at \(scale)x the capitals are centred at \(middle), the line at \(line.frame.center.y)")
        }
    }

    func testPangoMeasurerGivesRealWidths() {
        let m = widgets.measurer
        let regular = FontSpec(size: 20)
        let wide = m.width(of: [TextRun("MMMM", font: regular)])
        let narrow = m.width(of: [TextRun("iiii", font: regular)])
        XCTAssertGreaterThan(wide, narrow * 2)
        XCTAssertGreaterThan(m.width(of: [TextRun("MMMM", font: FontSpec(size: 20, weight: .black))]), wide)
        XCTAssertEqual(m.width(of: [TextRun("MMMM", font: FontSpec(size: 40))]), wide * 2, accuracy: 0.5)
        let height = m.lineHeight(of: regular)
        XCTAssertGreaterThan(height, 20)
        XCTAssertLessThan(height, 30)
        XCTAssertEqual(m.width(of: []), 0)
    }
}

extension Rect {
    func outset(_ d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }
}
