import TestSupport
@testable import WidgetHostCLI
import XCTest

/// The tool's help, manual page and completion scripts, word for word, against the copies in
/// Tests/Commands/CLITests/Golden/help: what the option declarations generate stays what users read.
/// After an intended change, `WIDGETHOST_UPDATE_GOLDEN=1 swift test --filter HelpGoldenTests`
/// rewrites the copies; review their diff before committing it.
final class HelpGoldenTests: XCTestCase {
    private let folder = packageRoot + "/Tests/Commands/CLITests/Golden/help/"
    private var update: Bool { ProcessInfoLite.environment("WIDGETHOST_UPDATE_GOLDEN") == "1" }

    /// The subcommands this process runs, whose help the tool prints itself.
    private var inProcess: [String] {
        WidgetHostTool.commands.compactMap { if case .run = $0.action { $0.name } else { nil } }
    }

    func testToolHelpAndEveryCommandsHelp() throws {
        try compare(tool("help").out, "help.txt")
        XCTAssertEqual(tool("--help").out, tool("help").out)
        for name in inProcess {
            let help = tool("help", name)
            XCTAssertEqual(help.code, 0, name)
            try compare(help.out, "help-\(name).txt")
            XCTAssertEqual(tool(name, "--help").out, help.out, name)
        }
    }

    /// The catalog finds a command by the name its declaration carries, in help's order.
    func testTheCatalogNamesEachCommandAsItsDeclarationDoes() {
        XCTAssertEqual(WidgetHostTool.catalog.map(\.name), WidgetHostTool.commands.map(\.name))
        XCTAssertEqual(WidgetHostTool.catalog.map(\.name), [
            "run", "simulate", "preview", "test", "render", "push", "serve", "studio", "api", "types", "init", "completions",
        ])
        XCTAssertEqual(WidgetHostTool.command(named: "render")?.name, "render")
        XCTAssertNil(WidgetHostTool.command(named: "rnu"))
    }

    /// The commands that are programs of their own print their help themselves.
    func testProgramsHelp() throws {
        let serve = try spawn([try BuiltProgram.path("widgethost-serve"), "--help"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(serve.code, 0, serve.err)
        try compare(serve.out, "help-serve.txt")
        let render = try spawn([try BuiltProgram.path("widgethost-render"), "--help"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(render.code, 0, render.err)
        try compare(render.out, "help-render.txt")
        let studio = try spawn([try BuiltProgram.path("widgethost-serve"), "studio", "--help"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(studio.code, 0, studio.err)
        try compare(studio.out, "help-studio.txt")
    }

    func testManualPageAndCompletionScripts() throws {
        try compare(tool("help", "--man").out, "widgethost.1")
        for shell in CompletionScripts.shells {
            let script = tool("completions", shell)
            XCTAssertEqual(script.code, 0, shell)
            try compare(script.out, "completions.\(shell)")
        }
    }

    private func compare(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = folder + name
        if update {
            try Files.write(path, Array(text.utf8))
            return
        }
        guard let golden = Files.read(path) else {
            XCTFail("no golden \(name); run with WIDGETHOST_UPDATE_GOLDEN=1 to write it", file: file, line: line)
            return
        }
        let want = String(decoding: golden, as: UTF8.self)
        guard text != want else { return }
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = want.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(got, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, wanted.count)
        XCTFail("""
            \(name) differs from its golden at line \(first + 1):
              golden: \(first < wanted.count ? String(wanted[first]) : "<end>")
              now:    \(first < got.count ? String(got[first]) : "<end>")
            """, file: file, line: line)
    }
}
