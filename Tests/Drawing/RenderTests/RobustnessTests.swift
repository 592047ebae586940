import Canvas
import JSONKit
import Render
import XCTest

final class RobustnessTests: PixelTestCase {
    let ring = ##"""
        [{"op": "circle", "x": 60, "y": 60, "radius": 48, "fill": "none", "stroke": "#E6EBF2", "lineWidth": 12},
         {"op": "arc", "x": 60, "y": 60, "radius": 48, "start": -90, "end": 180, "lineWidth": 12, "lineCap": "round",
          "stroke": {"type": "linear", "x0": 12, "y0": 12, "x1": 108, "y1": 108, "stops": [{"offset": 0, "color": "#4FACFE"}, {"offset": 1, "color": "#0A59F7"}]}},
         {"op": "text", "text": "75%", "x": 60, "y": 60, "size": 22, "weight": "700", "align": "center", "baseline": "middle", "fill": "#162033"}]
        """##

    func testIdenticalInputGivesIdenticalPNGBytes() throws {
        let request = CanvasRequest(commands: try JSONValue.parse(ring), width: 120, height: 120, scale: 2)
        let first = renderer.render(request).bytes
        XCTAssertEqual(Array(first.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(renderer.render(request).bytes, first)
        XCTAssertEqual(CanvasRenderer().render(request).bytes, first, "a new renderer draws the same bytes")
        let raster = try XCTUnwrap(CanvasRenderer.raster(png: first))
        XCTAssertEqual(raster, renderer.raster(request).raster, "the PNG holds the pixels drawn")
    }

    func testSVGOutput() throws {
        let picture = renderer.render(CanvasRequest(commands: try JSONValue.parse(ring), width: 120, height: 120, scale: 1, format: .svg))
        let text = String(decoding: picture.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("<svg"), text)
        XCTAssertTrue(text.contains("width=\"120px\""), String(text.prefix(300)))
        XCTAssertTrue(text.contains("linearGradient"), "gradients stay vector")
    }

    func testTheRingAsTheDocumentationDescribes() throws {
        let (raster, diagnostics) = draw(ring, width: 120, height: 120)
        XCTAssertEqual(diagnostics, [])
        // Three quarters clockwise from the top (0° is 3 o'clock, y points down): the right, the
        // bottom and the left are blue; the top-left quarter is the track's grey.
        assertPixel(raster, 26, 26, [230, 235, 242, 255], tolerance: 2)
        for (x, y) in [(108, 60), (60, 108), (12, 60)] {
            XCTAssertGreaterThan(raster.pixel(x, y)[2], 200, "(\(x), \(y)) \(raster.pixel(x, y))")
            XCTAssertLessThan(raster.pixel(x, y)[0], 120, "(\(x), \(y)) \(raster.pixel(x, y))")
        }
        // The gradient runs from light blue at the top left to deep blue at the bottom right.
        XCTAssertGreaterThan(Int(raster.pixel(60, 12)[1]), Int(raster.pixel(60, 108)[1]))
        let label = try XCTUnwrap(Raster(width: 60, height: 30, pixels: (0..<30).flatMap { y in (0..<60).flatMap { x in raster.pixel(30 + x, 45 + y) } }).inkBounds(alphaAbove: 100))
        XCTAssertEqual(Double(label.minX + label.maxX) / 2 + 30, 60, accuracy: 2, "the label is centred")
    }

    func testBadInputDrawsWhatIsValid() throws {
        var commands: [JSONValue] = [
            "not a command", ["op": 3], ["op": "hexagon"], ["x": 1],
            ["op": "rect", "x": "NaN", "y": 0, "width": 10, "height": 10, "fill": "#FF0000"],
            ["op": "rect", "x": 1e300, "y": 0, "width": 10, "height": 10, "fill": "#FF0000"],
            ["op": "rect", "x": 0, "y": 0, "width": 10, "height": 10, "fill": "red"],
            ["op": "circle", "x": 50, "y": 50, "radius": -5],
            ["op": "rect", "x": 10, "y": 10, "width": 20, "height": 20, "fill": "#00FF00", "lineWidth": "wide", "alpha": 7, "dash": [1, -1]],
            ["op": "restore"],
        ]
        for _ in 0..<30 { commands.append(["op": "save"]) }
        commands += (0..<10_000).map { _ in ["op": "rect", "x": 90, "y": 90, "width": 10, "height": 10, "fill": "#0000FF"] }
        let (raster, diagnostics) = renderer.raster(CanvasRequest(commands: .array(commands), width: 100, height: 100))
        assertPixel(raster, 20, 20, Self.green)  // the one valid shape (its wrong style fields took their defaults)
        assertClear(raster, 5, 5)
        assertPixel(raster, 95, 95, Self.blue)  // commands up to the 100th are drawn
        let found = diagnostics.map { "\($0.code.rawValue) \($0.index.map(String.init) ?? "-") \($0.field ?? "-")" }
        for expected in [
            "canvas-limit 100 -", "canvas-invalid-command 0 -", "canvas-invalid-command 1 op", "canvas-invalid-command 2 op",
            "canvas-invalid-command 3 op", "canvas-invalid-command 4 x", "canvas-invalid-command 5 x", "canvas-invalid-command 6 fill",
            "canvas-invalid-command 7 radius", "canvas-invalid-command 8 lineWidth", "canvas-invalid-command 8 alpha",
            "canvas-invalid-command 8 dash[1]", "canvas-invalid-command 9 -", "canvas-limit 30 -",
        ] {
            XCTAssertTrue(found.contains(expected), "missing \(expected) in \(found)")
        }
        XCTAssertEqual(found.filter { $0.hasPrefix("canvas-limit") }.count, 11, "ten saves past the depth of 20, and the list's length: \(found)")
    }

    func testNotAnArrayDrawsNothing() {
        let (raster, diagnostics) = renderer.raster(CanvasRequest(commands: ["op": "rect"], width: 10, height: 10))
        XCTAssertNil(raster.inkBounds())
        XCTAssertEqual(diagnostics.map(\.severity), [.error])
        XCTAssertTrue(diagnostics[0].message.contains("must be a JSON array"), diagnostics[0].message)
    }

    func testSizesAreBounded() {
        let picture = renderer.render(CanvasRequest(commands: [], width: 1e9, height: -5, scale: 9))
        XCTAssertEqual(picture.pixelWidth, 6000)
        XCTAssertEqual(picture.pixelHeight, 3)
        let (_, diagnostics) = renderer.raster(CanvasRequest(commands: [], width: 10, height: 10, coordinateWidth: 5000, coordinateHeight: 0))
        XCTAssertEqual(diagnostics.map(\.code), [.limit, .invalidCommand])
        XCTAssertEqual(diagnostics.map(\.field), ["coordinateWidth", "coordinateHeight"])
    }

    func testComparisonCountsChangedPixels() throws {
        let one = renderer.render(CanvasRequest(commands: try JSONValue.parse(##"[{"op": "rect", "x": 0, "y": 0, "width": 2, "height": 2}]"##), width: 10, height: 10))
        let two = renderer.render(CanvasRequest(commands: try JSONValue.parse(##"[{"op": "rect", "x": 0, "y": 0, "width": 2, "height": 3}]"##), width: 10, height: 10))
        let comparison = try XCTUnwrap(RenderDrawer().compare(actual: two.bytes, golden: one.bytes))
        XCTAssertEqual(comparison.changedPixels, 2)
        XCTAssertFalse(comparison.sizeDiffers)
        let difference = try XCTUnwrap(CanvasRenderer.raster(png: comparison.difference))
        XCTAssertEqual(difference.pixel(0, 2), [255, 0, 0, 255])
        XCTAssertEqual(RenderDrawer().compare(actual: one.bytes, golden: one.bytes)?.changedPixels, 0)
        XCTAssertNil(RenderDrawer().compare(actual: [1, 2, 3], golden: one.bytes))
    }
}
