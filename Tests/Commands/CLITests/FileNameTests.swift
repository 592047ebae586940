import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A script's file name is bytes, as the kernel has it: `run` opens a name that is not UTF-8
/// by its bytes, and every name the tool prints is shown escaped (`caf\xe9.js`, `a\nb.js`), so
/// it never splits a line of stderr or a stack frame (X3, X6).
final class FileNameTests: XCTestCase {
    let thrower = "function f() { throw new Error(\"boom\") }\nf()\n"

    /// Runs the built `widgethost` in `folder` with `arguments`, each with a backslash made by
    /// a shell's `printf` from it as a format (so an argument can be any bytes, `caf\351.js`).
    func binary(in folder: String, _ arguments: [String]) throws -> ProgramResult {
        let words = arguments.map { $0.contains("\\") ? "\"$(printf '\($0)')\"" : "'\($0)'" }.joined(separator: " ")
        return try Program.run(["/bin/sh", "-c", "cd \"$1\" && exec \"$0\" \(words)", try BuiltProgram.path("widgethost"), folder],
                               environment: Program.defaultEnvironment)
    }

    /// A line break in the script's name was written as it is: the `error:` line and each stack
    /// frame broke in two, and the engine's frames were not mapped to the user's lines.
    func testANewlineInTheScriptsNameIsShownEscapedAndSplitsNoLine() throws {
        let folder = try TemporaryFolder("names")
        try Files.write(folder.file("a\nb.js"), thrower)
        let text = try binary(in: folder.path, ["run", "a\\nb.js"])
        XCTAssertEqual(text.code, 1)
        XCTAssertEqual(text.err.split(separator: "\n").first, "error: a\\nb.js:1:31: uncaught Error: boom [uncaught-error]")
        XCTAssertTrue(text.err.contains("\n    at f (a\\nb.js:1:31)\n    at <script> (a\\nb.js:2:2)\n"), text.err)
        XCTAssertTrue(text.out.hasPrefix("a\\nb.js: error"), text.out)

        let json = try binary(in: folder.path, ["run", "a\\nb.js", "--format", "json"])
        let report = try JSONValue.parse(json.out)
        XCTAssertEqual(report["script"], "a\\nb.js")
        XCTAssertEqual(report["error"]?["stack"], ["f (a\\nb.js:1:31)", "<script> (a\\nb.js:2:2)"])

        // A data file's name in its error line, too.
        let fixtures = try binary(in: folder.path, ["run", "a\\nb.js", "--fixtures", "x\\ny.json"])
        XCTAssertEqual(fixtures.code, 66)
        XCTAssertEqual(fixtures.err, "error: x\\ny.json: no such file\n")
    }

    /// A name that is not UTF-8 was read as U+FFFD and reported missing; it is opened by its
    /// bytes and shown with the byte escaped, in the report, the `error:` line and the frames.
    func testANameThatIsNotUTF8IsRunAndShownEscaped() throws {
        let folder = try TemporaryFolder("names")
        let name = "caf\\351.js"
        try Files.write(folder.path, name: Array("caf".utf8) + [0xE9] + Array(".js".utf8), thrower)
        // What the name became when it was read as UTF-8 names another file.
        try Files.write(folder.path + "/caf\u{FFFD}.js", "throw new Error('the wrong file')")
        let text = try binary(in: folder.path, ["run", name])
        XCTAssertEqual(text.code, 1, text.err)
        XCTAssertEqual(text.err.split(separator: "\n").first, "error: caf\\xe9.js:1:31: uncaught Error: boom [uncaught-error]")
        XCTAssertTrue(text.err.contains("\n    at f (caf\\xe9.js:1:31)\n"), text.err)
        let json = try JSONValue.parse(try binary(in: folder.path, ["run", name, "--format", "json"]).out)
        XCTAssertEqual(json["script"], "caf\\xe9.js")
        XCTAssertEqual(json["error"]?["message"], "boom")

        // A missing one is named escaped too.
        let missing = try binary(in: folder.path, ["run", "nic\\351.js"])
        XCTAssertEqual(missing.code, 66)
        XCTAssertEqual(missing.err, "error: nic\\xe9.js: no such file\n")
    }

    /// A command that takes its arguments as text refuses one that is not UTF-8 (a usage error)
    /// instead of opening a file of another name, and so does an option's value.
    func testArgumentsThatAreNotUTF8AreRefusedWhereTheyAreText() throws {
        let folder = try TemporaryFolder("names")
        try Files.write(folder.file("good.js"), "let a = 1\n")
        let simulate = try binary(in: folder.path, ["simulate", "caf\\351.js"])
        XCTAssertEqual(simulate.code, 64)
        XCTAssertTrue(simulate.err.hasPrefix("error: the argument 'caf\\xe9.js' is not UTF-8, and simulate takes its arguments as text"), simulate.err)
        let option = try binary(in: folder.path, ["run", "good.js", "--fixtures", "caf\\351.json"])
        XCTAssertEqual(option.code, 64)
        XCTAssertTrue(option.err.hasPrefix("error: the value of '--fixtures' is not UTF-8 ('caf\\xe9.json')"), option.err)
    }
}
