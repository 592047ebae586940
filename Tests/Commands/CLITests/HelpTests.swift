@testable import WidgetHostCLI
import XCTest

/// Help that teaches: every subcommand's help has examples that parse, its exit codes as a
/// list, a usage line that fits, no internal flags and no rule identifiers.
final class HelpTests: XCTestCase {
    private var commands: [Command] { WidgetHostTool.commands.filter { if case .run = $0.action { true } else { false } } }

    func testBareWidgethostPrintsHelpAndExitsZero() {
        let bare = tool([])
        XCTAssertEqual(bare.code, 0)
        XCTAssertEqual(bare.err, "")
        XCTAssertTrue(bare.out.hasPrefix("OVERVIEW: A headless host for Omni widget"), bare.out)
        XCTAssertEqual(bare.out, tool("--help").out)
    }

    func testEverySubcommandHasExamplesAndExitCodesAsAList() throws {
        XCTAssertEqual(Set(commands.map(\.name)), ["run", "simulate", "preview", "test", "push", "api", "init", "types", "completions"])
        for command in commands {
            let help = tool(command.name, "--help")
            XCTAssertEqual(help.code, 0, command.name)
            XCTAssertTrue(help.out.contains("\nEXAMPLES:\n  # "), "\(command.name):\n\(help.out)")
            XCTAssertTrue(help.out.contains("\nEXIT CODES:\n  0     "), "\(command.name):\n\(help.out)")
            XCTAssertTrue(help.out.contains("\n  64    a usage error"), command.name)
            XCTAssertFalse(help.out.contains("Exit status"), "\(command.name): exit codes belong in the list")
            XCTAssertGreaterThanOrEqual(command.examples.count, 2, command.name)
        }
    }

    /// Each example is a command line the tool accepts: its subcommand and every option exist.
    func testEveryExampleParses() throws {
        for command in commands {
            for example in command.examples {
                // The command itself, without what a shell does with its output.
                var words = Array(Self.words(example.command).prefix { $0 != ">" && $0 != "|" })
                XCTAssertEqual(words.first, "widgethost", example.command)
                XCTAssertEqual(words.dropFirst().first, command.name, example.command)
                words.removeFirst(2)
                XCTAssertNoThrow(try ParsedArguments(words, options: command.options), example.command)
            }
        }
    }

    func testUsageIsCollapsedWhenTheOptionsDoNotFit() {
        XCTAssertEqual(tool("run", "--help").out.split(separator: "\n").first { $0.hasPrefix("USAGE:") },
                       "USAGE: widgethost run <script> [<options>]")
        XCTAssertEqual(tool("api", "--help").out.split(separator: "\n").first { $0.hasPrefix("USAGE:") },
                       "USAGE: widgethost api [--edition <edition>] [--markdown] [--format <format>]")
        for command in commands {
            XCTAssertLessThanOrEqual("USAGE: \(command.usage)".count, 80, command.name)
        }
    }

    func testInternalFlagsAndRuleIdentifiersStayOutOfUserHelp() throws {
        let test = tool("test", "--help").out
        XCTAssertFalse(test.contains("--worker"), test)
        // Still accepted: the runner's own workers use it.
        XCTAssertTrue(TestCommand.command.options.contains { $0.name == "worker" })
        XCTAssertTrue(tool("test", "--wrker").err.contains("unknown option '--wrker'") && !tool("test", "--wrker").err.contains("--worker"))
        let ruleID = try Regex(#"\((?:[ACDLOPRSTX][0-9]{1,2})(?:[-, ]+[ACDLOPRSTX]?[0-9]{1,2})*\)"#)
        for name in commands.map(\.name) + [""] {
            let help = name.isEmpty ? tool("--help").out : tool(name, "--help").out
            XCTAssertNil(help.firstMatch(of: ruleID).map { String(help[$0.range]) }, "rule id in \(name) help")
            XCTAssertFalse(help.contains("docs/api.md"), "a maintainer's note in \(name) help")
        }
        let api = tool("api").out
        XCTAssertTrue(api.hasPrefix("Request  (constructor)\n"), api)
        XCTAssertNil(api.firstMatch(of: ruleID), "rule ids in the api listing")
    }

    func testValuesGetADidYouMean() {
        XCTAssertTrue(tool("run", "x.js", "--kind", "Large").err.contains("unknown kind 'Large' (did you mean 'large'?)"))
        XCTAssertTrue(tool("run", "x.js", "--format", "jsn").err.contains("(did you mean 'json'?)"))
        XCTAssertTrue(tool("simulate", "x.js", "--budget", "typcal").err.contains("(did you mean 'typical'?)"))
        XCTAssertTrue(tool("run", "x.js", "--network", "Replay").err.contains("(did you mean 'replay'?)"))
        XCTAssertTrue(tool("push", "strat", "--user-id", "u", "--widget-id", "w").err.contains("(did you mean 'start'?)"))
        XCTAssertTrue(tool("test", "--reporter", "junt").err.contains("(did you mean 'junit'?)"))
        XCTAssertEqual(tool("run", "x.js", "--kind", "Large").code, 64)
    }

    /// Splits a shell line into words, honouring single quotes.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" { quoted.toggle(); started = true; continue }
            if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
                continue
            }
            current.append(character)
            started = true
        }
        if started { words.append(current) }
        return words
    }
}
