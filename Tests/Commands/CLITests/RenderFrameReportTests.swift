import JSONKit
import Render
import XCTest

/// `widgethost render --family F --format json` lists every component's frame (`components`),
/// and the frames it lists are those drawn: the outline of each shape's reported frame, traced
/// over the picture, has the shape's colour on every pixel just inside it and not on any pixel
/// just outside it.
final class RenderFrameReportTests: RenderToolTestCase {
    static let layout = ##"""
        {"type": "vstack", "spacing": 6, "children": [
          {"type": "hstack", "children": [
            {"type": "spacer"},
            {"type": "shape", "content": "rectangle", "color": "#FF0000", "width": 40, "height": 20},
            {"type": "spacer"},
            {"type": "shape", "content": "rectangle", "color": "#0000FF", "height": 12}]},
          {"type": "text", "content": "frames drawn", "fontSize": 14, "color": "#00A000"}]}
        """##

    /// The picture's pixel (x, y), or nil outside it.
    func pixel(_ raster: Raster, _ x: Int, _ y: Int) -> [Int]? {
        guard x >= 0, y >= 0, x < raster.width, y < raster.height else { return nil }
        return raster.pixel(x, y).map(Int.init)
    }

    func close(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 8 } }

    /// The pixels of the outline `inset` pixels inside (negative: outside) the edges of `r`
    /// (pixels, as integers), one ring.
    func ring(_ r: (x0: Int, y0: Int, x1: Int, y1: Int), _ inset: Int) -> [(Int, Int)] {
        let x0 = r.x0 + inset, y0 = r.y0 + inset, x1 = r.x1 - 1 - inset, y1 = r.y1 - 1 - inset
        guard x0 <= x1, y0 <= y1 else { return [] }
        var out: [(Int, Int)] = []
        for x in x0...x1 { out += [(x, y0), (x, y1)] }
        for y in y0...y1 { out += [(x0, y), (x1, y)] }
        return out
    }

    func testTheReportedFramesAreTheFramesDrawnInEveryFamily() throws {
        let layout = script(Self.layout, name: "frames.json")
        let path = script("const a = 1")
        let result = render([path, "--layout", layout, "--all-families", "--scale", "2", "--out", folder + "/pictures", "--format", "json"])
        XCTAssertEqual(result.code, 0, result.err)
        let widgets = try XCTUnwrap(try JSONValue.parse(result.out)["widgets"]?.arrayValue)
        XCTAssertEqual(widgets.count, 7)
        var shapesChecked = 0
        for widget in widgets {
            let family = widget["family"]?.stringValue ?? "?"
            let file = try XCTUnwrap(widget["file"]?.stringValue)
            let picture = try XCTUnwrap(CanvasRenderer.raster(png: bytes(file)), family)
            let components = try XCTUnwrap(widget["components"]?.arrayValue, family)
            XCTAssertEqual(components.first?["path"], "", family)
            for c in components where c["type"] == "shape" {
                let x = try XCTUnwrap(c["x"]?.doubleValue), y = try XCTUnwrap(c["y"]?.doubleValue)
                let w = try XCTUnwrap(c["width"]?.doubleValue), h = try XCTUnwrap(c["height"]?.doubleValue)
                guard w >= 4, h >= 4 else { continue }
                // The frame in pixels, rounded inwards and outwards; the ring of whole pixels
                // one in from the first and the ring one out from the second.
                let px = (x0: Int((x * 2).rounded(.up)), y0: Int((y * 2).rounded(.up)),
                          x1: Int(((x + w) * 2).rounded(.down)), y1: Int(((y + h) * 2).rounded(.down)))
                let out = (x0: Int((x * 2).rounded(.down)), y0: Int((y * 2).rounded(.down)),
                           x1: Int(((x + w) * 2).rounded(.up)), y1: Int(((y + h) * 2).rounded(.up)))
                let centre = try XCTUnwrap(pixel(picture, (px.x0 + px.x1) / 2, (px.y0 + px.y1) / 2), family)
                guard centre[3] == 255 else { continue }  // outside the circular family's circle
                var inside = 0
                for (ix, iy) in ring(px, 1) {
                    // Clipped by the widget's rounded corners or the circle: no colour to compare.
                    guard let p = pixel(picture, ix, iy), p[3] == 255 else { continue }
                    XCTAssertTrue(close(p, centre), "\(family) \(c): (\(ix), \(iy)) inside the frame is \(p), not the shape's \(centre)")
                    inside += 1
                }
                XCTAssertGreaterThan(inside, 0, "\(family) \(c)")
                for (ox, oy) in ring(out, -1) {
                    guard let p = pixel(picture, ox, oy) else { continue }
                    XCTAssertFalse(close(p, centre), "\(family) \(c): (\(ox), \(oy)) outside the frame has the shape's colour \(centre)")
                }
                shapesChecked += 1
            }
            // A text's frame holds all its ink (small widget: green text on white).
            if family == "small" {
                let text = try XCTUnwrap(components.first { $0["type"] == "text" })
                XCTAssertEqual(text["lines"], 1)
                XCTAssertEqual(text["scale"], 1)
                XCTAssertEqual(text["truncated"], false)
                let tx = try XCTUnwrap(text["x"]?.doubleValue) * 2, ty = try XCTUnwrap(text["y"]?.doubleValue) * 2
                let tw = try XCTUnwrap(text["width"]?.doubleValue) * 2, th = try XCTUnwrap(text["height"]?.doubleValue) * 2
                var inFrame = 0, outside = 0
                for py in 0..<picture.height {
                    for px in 0..<picture.width {
                        let p = picture.pixel(px, py)
                        guard p[1] > 100, p[0] < 100, p[2] < 100 else { continue }
                        let within = Double(px) >= tx - 2 && Double(px) < tx + tw + 2 && Double(py) >= ty - 2 && Double(py) < ty + th + 2
                        if within { inFrame += 1 } else { outside += 1 }
                    }
                }
                XCTAssertGreaterThan(inFrame, 100)
                XCTAssertEqual(outside, 0, "green ink outside the text's reported frame")
            }
        }
        // The red and the blue shape in the small, medium, large, rectangular and Live Activity
        // widgets at least (the circular one clips them; the inline one shows no shapes).
        XCTAssertGreaterThanOrEqual(shapesChecked, 10)
    }
}
