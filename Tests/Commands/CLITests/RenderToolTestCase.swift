import Render
import RenderCLI
import TestSupport
import WidgetHostCLI
import XCTest

/// What the tests of `widgethost render` share: a folder of their own, removed afterwards, and
/// the `widgethost-render` program run in process.
class RenderToolTestCase: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try Files.makeTemporaryFolder("widgethost-push-cli") }

    override func tearDown() { Files.removeTree(folder) }

    func render(_ arguments: [String]) -> ToolResult {
        let capture = Capture()
        let terminal = Terminal(writeOut: { capture.out += $0 }, writeErr: { capture.err += $0 })
        let code = RenderTool.main(arguments: arguments, terminal: terminal)
        return ToolResult(code: code, out: capture.out, err: capture.err)
    }

    /// Writes `text` into the folder as `name` and returns its path.
    func script(_ text: String, name: String = "widget.js") -> String {
        let path = folder + "/" + name
        XCTAssertNoThrow(try Files.write(path, text))
        return path
    }

    func bytes(_ path: String) -> [UInt8] { Files.read(path) ?? [] }

    /// The picture at `path` is the golden one pixel for pixel, within ``PictureDifference``'s
    /// tolerance: the same pixels encoded otherwise still match. `fix` says how to draw it again.
    func assertSamePicture(_ path: String, golden: String, _ fix: String, file: StaticString = #filePath, line: UInt = #line) {
        let drawn = bytes(path)
        // The same bytes are the same pixels; only other bytes need the comparison (slow in a debug build).
        if !drawn.isEmpty, drawn == Files.read(golden) { return }
        guard let actual = CanvasRenderer.raster(png: drawn) else {
            return XCTFail("\(path) is not a PNG", file: file, line: line)
        }
        guard let expected = Files.read(golden).flatMap(CanvasRenderer.raster(png:)) else {
            return XCTFail("\(golden) is missing or not a PNG: \(fix)", file: file, line: line)
        }
        let comparison = PictureDifference.compare(actual: actual, golden: expected)
        XCTAssertFalse(comparison.sizeDiffers, "\(golden) is \(expected.width)×\(expected.height), \(actual.width)×\(actual.height) drawn: \(fix)", file: file, line: line)
        XCTAssertEqual(comparison.changedPixels, 0, "\(golden) is not what is drawn today: \(fix)", file: file, line: line)
    }
}
