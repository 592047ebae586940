import RenderCLI
import TestSupport
import WidgetHostCLI
import XCTest

/// What the tests of `widgethost render` share: a folder of their own, removed afterwards, and
/// the `widgethost-render` program run in process.
class RenderToolTestCase: XCTestCase {
    var folder = ""

    override func setUp() { folder = pushTemporaryDirectory() }

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
}
