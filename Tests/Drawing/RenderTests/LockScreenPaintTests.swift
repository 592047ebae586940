import Canvas
import JSONKit
import Render
import WidgetGeometry
import XCTest

/// The Lock Screen's vibrant look: in the accessory families every ink — shapes, text,
/// backgrounds, gauges, images, colour emoji — is shown as white at its colour's luminance
/// (Rec. 601, rounded to a byte: 0.299 R + 0.587 G + 0.114 B) times its alpha, over the dark
/// tile (#2B2B2E), in the dark scheme's colours. A pixel of luminance L (0…255) over the tile
/// is L + channel × (255 − L) / 255.
final class LockScreenPaintTests: PixelTestCase {
    let widgets = WidgetRenderer()

    func layout(_ json: String, family: WidgetFamily, assets: AssetLibrary? = nil) throws -> GeometryResult {
        WidgetGeometry.layout(try JSONValue.parse(json), family: family, measurer: widgets.measurer,
                              options: GeometryOptions(assets: assets))
    }

    /// White at luminance `l` (0…255) over the tile's channel `tile`.
    static func over(_ l: Int, tile: Int) -> Int { l + (tile * (255 - l) + 127) / 255 }

    /// A grey pixel of luminance `l` over the tile (#2B2B2E).
    func assertLuminance(_ raster: Raster, _ x: Int, _ y: Int, _ l: Int, file: StaticString = #filePath, line: UInt = #line) {
        assertPixel(raster, x, y, [Self.over(l, tile: 0x2B), Self.over(l, tile: 0x2B), Self.over(l, tile: 0x2E), 255], tolerance: 2,
                    file: file, line: line)
    }

    func testABlueBlockKeepsItsWhiteLabels() throws {
        // #007AFF: (587 × 122 + 114 × 255 + 500) / 1000 = 101; over the tile 101 + 43 × 154 / 255 = 127.
        // The white labels (luminance 255) stay white on it, so they are read as on the home screen.
        let result = try layout(##"""
            {"type": "zstack", "children": [
              {"type": "shape", "content": "roundedrectangle", "cornerRadius": 10, "color": "#007AFF"},
              {"type": "vstack", "children": [
                {"type": "text", "content": "TL", "fontSize": 20, "fontWeight": "bold", "color": "#FFFFFF"},
                {"type": "spacer"},
                {"type": "text", "content": "BR", "fontSize": 20, "fontWeight": "bold", "color": "#FFFFFF"}]}]}
            """##, family: .rectangular)
        let raster = widgets.raster(result, scale: 1)
        let shape = try XCTUnwrap(result.root?.find("root.children[0]"))
        assertLuminance(raster, Int(shape.frame.center.x) + 40, Int(shape.frame.center.y), 101)
        let label = try XCTUnwrap(result.root?.find("root.children[1].children[0]"))
        var white = 0, block = 0
        for y in Int(label.frame.y)..<Int(label.frame.maxY) {
            for x in Int(label.frame.x)..<Int(label.frame.maxX) {
                let p = raster.pixel(x, y)
                if p[0] >= 250 { white += 1 } else if abs(Int(p[0]) - 127) <= 2 { block += 1 }
            }
        }
        XCTAssertGreaterThan(white, 40, "the label's ink is white")
        XCTAssertGreaterThan(block, 40, "between its letters the block shows")
    }

    func testBackgroundsAndTextAreWhiteAtTheirLuminance() throws {
        // A red background (luminance (299 × 255 + 500) / 1000 = 76) and black text on it
        // (luminance 0: the tile shows through the block where the letters are).
        let result = try layout(##"""
            {"type": "text", "content": "MMMM", "fontSize": 30, "fontWeight": "black", "color": "#000000", "background": "#FF0000", "padding": 6}
            """##, family: .rectangular)
        let raster = widgets.raster(result, scale: 1)
        let root = try XCTUnwrap(result.root)
        assertLuminance(raster, Int(root.frame.x) + 2, Int(root.frame.center.y), 76)
        let tile = (Int(root.contentFrame.x)..<Int(root.contentFrame.maxX)).filter {
            raster.pixel($0, Int(root.contentFrame.center.y))[0] <= 0x2C
        }
        XCTAssertGreaterThan(tile.count, 10, "the black letters show the tile")
    }

    func testTheSchemeIsAlwaysDarkOnTheLockScreen() throws {
        // {light: black, dark: white} is white in both pictures: the Lock Screen is dark.
        let tree = ##"{"type": "shape", "content": "rectangle", "color": {"light": "#000000", "dark": "#FFFFFF"}}"##
        for scheme in [ColorScheme.light, .dark] {
            let raster = widgets.raster(try layout(tree, family: .circular), scale: 1, scheme: scheme)
            assertPixel(raster, 36, 36, [255, 255, 255, 255], tolerance: 1)
        }
    }

    func testAGaugeValueAndItsTrackStayApart() throws {
        // The value (#34C759: (299 × 52 + 587 × 199 + 114 × 89 + 500) / 1000 = 143) over the track
        // (systemGray #8E8E93 at 30 %: (299 × 142 + 587 × 142 + 114 × 147 + 500) / 1000 = 143, × 0.3 = 43).
        let result = try layout(##"{"type": "gauge", "style": "alinear", "value": 0.5, "color": "#34C759", "width": 140}"##,
                                family: .rectangular)
        let raster = widgets.raster(result, scale: 1)
        let bar = try XCTUnwrap(result.root?.drawnFrame)
        assertLuminance(raster, Int(bar.x + bar.width * 0.25), Int(bar.center.y), 143)
        assertLuminance(raster, Int(bar.x + bar.width * 0.75), Int(bar.center.y), 43)
    }

    func testColourEmojiAreGreyToo() throws {
        // Noto Color Emoji's red circle: every pixel grey (R = G = B), some of it bright.
        let result = try layout(##"{"type": "text", "content": "🔴", "fontSize": 40}"##, family: .circular)
        let raster = widgets.raster(result, scale: 1)
        let frame = try XCTUnwrap(result.root?.frame)
        var coloured = 0, lit = 0
        for y in Int(frame.y)..<Int(frame.maxY) {
            for x in Int(frame.x)..<Int(frame.maxX) {
                let p = raster.pixel(x, y).map(Int.init)
                if max(abs(p[0] - p[1]), abs(p[1] - p[2] + 3)) > 4 { coloured += 1 }
                if p[0] > 80 { lit += 1 }
            }
        }
        XCTAssertEqual(coloured, 0, "no pixel keeps its colour")
        XCTAssertGreaterThan(lit, 200, "the emoji is drawn")
    }

    func testTheInlineLineFitsTheStripWithoutItsBackground() throws {
        // A 28 pt bold text with a yellow rounded background and padding: WidgetKit draws the
        // line in its own font (17 pt semibold, about 20.5 pt tall) and no background, so the
        // strip's top and bottom rows and its ends are the bare tile.
        let result = try layout(##"""
            {"type": "text", "content": "HHHH", "fontSize": 28, "fontWeight": "bold", "background": "#FFD60A", "cornerRadius": 8, "padding": 6}
            """##, family: .inline)
        let raster = widgets.raster(result, scale: 1)
        XCTAssertEqual([raster.width, raster.height], [234, 26])
        let tile: ([UInt8]) -> Bool = { $0[0] == 0x2B && $0[1] == 0x2B && $0[2] == 0x2E }
        for x in 0..<234 {
            XCTAssertTrue(tile(raster.pixel(x, 0)) && tile(raster.pixel(x, 25)), "ink at the strip's edge, column \(x)")
        }
        let line = try XCTUnwrap(result.root?.children.first)
        for y in 0..<26 { XCTAssertTrue(tile(raster.pixel(Int(line.frame.x) - 3, y)), "a background left of the text, row \(y)") }
        let ink = (0..<26).flatMap { y in (0..<234).map { raster.pixel($0, y) } }.filter { $0[0] > 200 }
        XCTAssertGreaterThan(ink.count, 100, "the capitals are drawn, white")
    }

    func testAnImageIsWhiteAtItsLuminance() throws {
        // A red picture: luminance 76, shown as 76 + 43 × 179 / 255 = 106 over the tile (not an opaque 76 grey).
        let png = CanvasRenderer().render(CanvasRequest(
            commands: try JSONValue.parse(##"[{"op": "rect", "x": 0, "y": 0, "width": 20, "height": 20, "fill": "#FF0000"}]"##),
            width: 20, height: 20, scale: 1)).bytes
        let assets = AssetLibrary(images: { _ in .bytes(png) }, icons: nil)
        let result = try layout(##"{"type": "image", "content": "red.png", "width": 40, "height": 40}"##, family: .circular, assets: assets)
        let raster = widgets.raster(result, scale: 1, assets: assets)
        assertLuminance(raster, 36, 36, 76)
    }
}
