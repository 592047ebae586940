import TestSupport
import WidgetHostCLI
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Captured output of one in-process tool invocation.
struct ToolResult {
    var code: Int32
    var out: String
    var err: String
}

final class Capture {
    var out = ""
    var err = ""
}

/// Runs the tool in-process with captured streams. Not for `serve`, which execs its own
/// program (use `serveTool`, or `binary(["serve", …])`).
func tool(_ arguments: String...) -> ToolResult { tool(arguments) }

func tool(_ arguments: [String]) -> ToolResult {
    let capture = Capture()
    let terminal = Terminal(writeOut: { capture.out += $0 }, writeErr: { capture.err += $0 })
    let code = WidgetHostTool.main(arguments: arguments, terminal: terminal)
    return ToolResult(code: code, out: capture.out, err: capture.err)
}

func example(_ name: String) -> String { packageRoot + "/Fixtures/Examples/" + name }

/// Runs the built `widgethost` binary (next to the test bundle) as a user would. A binary
/// that is not built, or one that cannot be started or does not end, fails the test.
func binary(_ arguments: [String], environment: [String] = ["NO_COLOR=1", "TZ=UTC"]) throws -> ToolResult {
    try spawn([try BuiltProgram.path("widgethost")] + arguments, environment: environment)
}

/// Runs `argv` to its end (`TestSupport.Program`), with `SWIFT_BACKTRACE=enable=no` added.
func spawn(_ argv: [String], environment: [String]) throws -> ToolResult {
    let result = try Program.run(argv, environment: environment + ["SWIFT_BACKTRACE=enable=no"])
    return ToolResult(code: result.code, out: result.out, err: result.err)
}

/// Writes a file for a test; a file that cannot be written fails the test.
func writeFile(_ path: String, _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    do { try Files.write(path, bytes) } catch { XCTFail("\(error)", file: file, line: line) }
}
