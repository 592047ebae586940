import Canvas
import JSONKit
import Render
import XCTest

/// Draws command lists and checks pixels: colours at chosen points and bounding boxes of ink.
class PixelTestCase: XCTestCase {
    let renderer = CanvasRenderer()

    func draw(_ json: String, width: Double = 100, height: Double = 100, coordinate: (Double, Double)? = nil,
              scaling: ScalingMode = .fit, scale: Int = 1, scheme: ColorScheme = .light,
              file: StaticString = #filePath, line: UInt = #line) -> (raster: Raster, diagnostics: [CanvasDiagnostic]) {
        let commands: JSONValue
        do { commands = try JSONValue.parse(json) } catch {
            XCTFail("bad test JSON: \(error)", file: file, line: line)
            return (Raster(width: 0, height: 0, pixels: []), [])
        }
        let request = CanvasRequest(
            commands: commands, width: width, height: height, coordinateWidth: coordinate?.0, coordinateHeight: coordinate?.1,
            scaling: scaling, scale: scale, scheme: scheme)
        return renderer.raster(request)
    }

    /// The pixel at (x, y) is `rgba`, each channel within `tolerance`.
    func assertPixel(_ raster: Raster, _ x: Int, _ y: Int, _ rgba: [Int], tolerance: Int = 3,
                     file: StaticString = #filePath, line: UInt = #line) {
        let actual = raster.pixel(x, y).map(Int.init)
        let close = zip(actual, rgba).allSatisfy { abs($0 - $1) <= tolerance }
        XCTAssertTrue(close, "pixel (\(x), \(y)) is \(actual), expected \(rgba)", file: file, line: line)
    }

    func assertClear(_ raster: Raster, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(raster.pixel(x, y)[3], 0, "pixel (\(x), \(y)) should be transparent, is \(raster.pixel(x, y))", file: file, line: line)
    }

    func assertInk(_ raster: Raster, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(raster.pixel(x, y)[3], 128, "pixel (\(x), \(y)) should have ink, is \(raster.pixel(x, y))", file: file, line: line)
    }

    /// The ink's bounding box is within `tolerance` pixels of (minX, minY, maxX, maxY).
    func assertBounds(_ raster: Raster, _ expected: (Int, Int, Int, Int), tolerance: Int = 1, alphaAbove: UInt8 = 127,
                      file: StaticString = #filePath, line: UInt = #line) {
        guard let bounds = raster.inkBounds(alphaAbove: alphaAbove) else {
            return XCTFail("no ink at all", file: file, line: line)
        }
        let actual = [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY]
        let want = [expected.0, expected.1, expected.2, expected.3]
        XCTAssertTrue(zip(actual, want).allSatisfy { abs($0 - $1) <= tolerance }, "ink bounds \(actual), expected \(want)", file: file, line: line)
    }

    static let red = [255, 0, 0, 255], green = [0, 255, 0, 255], blue = [0, 0, 255, 255], black = [0, 0, 0, 255]
}
