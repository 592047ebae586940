@testable import WidgetHostCLI
import Conformance
import TestSupport
import WidgetHost
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Shell completions and the manual page, generated from the command declarations: each shell
/// is run for real with the script loaded, and asked what it would complete.
final class CompletionsTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try Files.makeTemporaryFolder("widgethost-completions") }
    override func tearDown() { Files.removeTree(folder) }

    func testListedValuesAreReadFromHelpAndAreWhatTheCommandsAccept() throws {
        func choices(_ command: String, _ option: String) -> [String]? {
            let entry = CommandCatalog.entries.first { $0.name == command }
            guard case .choices(let words) = entry?.options.first(where: { $0.name == option })?.value else { return nil }
            return words
        }
        XCTAssertEqual(choices("run", "kind"), ScriptKind.allCases.map(\.rawValue) + CardKind.allCases.map(\.rawValue))
        XCTAssertEqual(choices("run", "edition"), ["ios", "harmony"])
        XCTAssertEqual(choices("run", "dimension"), CardDimension.allCases.map(\.rawValue))
        XCTAssertEqual(choices("run", "network"), NetworkMode.allCases.map(\.rawValue))
        XCTAssertEqual(choices("run", "context").map(Set.init), Set(RunContext.allCases.map(\.rawValue)))
        XCTAssertEqual(choices("test", "reporter"), ReporterKind.allCases.map(\.rawValue))
        XCTAssertEqual(choices("simulate", "format"), ["text", "json", "jsonl", "svg"])
        XCTAssertEqual(choices("push", "print"), ["curl", "json"])
        XCTAssertEqual(choices("push", "sound-mode"), ["custom", "system", "silent"])
        XCTAssertNil(choices("run", "budget"), "a number is allowed too")
        XCTAssertNil(choices("run", "now"))
        XCTAssertEqual(CommandCatalog.entries.map(\.name), WidgetHostTool.commands.map(\.name) + ["help"])
        XCTAssertFalse(CommandCatalog.entries.contains { $0.options.contains { $0.name == "worker" } }, "internal flags are not offered")
        XCTAssertTrue(CommandCatalog.entries.first { $0.name == "serve" }?.options.contains { $0.name == "max-connections-per-ip" } ?? false)
    }

    func testBashCompletesEverySubcommandOptionAndValue() throws {
        let bash = try Program.required("bash")
        writeFile(folder + "/comp.bash", Array(tool("completions", "bash").out.utf8))
        writeFile(folder + "/widget.js", [])
        writeFile(folder + "/widget.profile.json", [])
        XCTAssertEqual(mkdir(folder + "/state", 0o755), 0)
        // One probe per line: the words typed so far, tab-separated; the answer, space-separated.
        var probes: [([String], [String])] = [
            (["widgethost", ""], CommandCatalog.entries.map(\.name) + ["--help", "--version"]),
            (["widgethost", "si"], ["simulate"]),
            (["widgethost", "run", "--pro"], ["--profile"]),
            (["widgethost", "run", "--kind", "l"], ["large", "live", "lock"]),
            (["widgethost", "run", "--kind", "=", "la"], ["large"]),
            (["widgethost", "run", "wid"], ["widget.js", "widget.profile.json"]),
            (["widgethost", "run", "widget.js", "--profile", "widget.p"], ["widget.profile.json"]),
            (["widgethost", "run", "--state", "st"], ["state"]),
            (["widgethost", "run", "--now", ""], []),
            (["widgethost", "test", "--reporter", ""], ["spec", "tap", "junit", "json"]),
            (["widgethost", "test", "--wor"], []),
            (["widgethost", "simulate", "x.js", "--format", "j"], ["json", "jsonl"]),
            (["widgethost", "completions", ""], ["bash", "zsh", "fish"]),
            (["widgethost", "help", "ty"], ["types"]),
            (["widgethost", "serve", "--max-connections"], ["--max-connections", "--max-connections-per-ip"]),
        ]
        // Every declared option of every subcommand completes from its prefix.
        for entry in CommandCatalog.entries {
            for option in entry.options {
                let matching = entry.options.map(\.name).filter { $0.hasPrefix(option.name) }.map { "--" + $0 }
                probes.append((["widgethost", entry.name, "--" + option.name], matching))
                if case .choices(let words) = option.value {
                    probes.append((["widgethost", entry.name, "--" + option.name, ""], words))
                }
            }
        }
        let input = probes.map { $0.0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
        writeFile(folder + "/probes", Array(input.utf8))
        // An empty last word (a probe ending in a tab) is a new word being typed.
        let runner = """
            source ./comp.bash
            while IFS= read -r line; do
                IFS=$'\\t' read -r -a COMP_WORDS <<< "$line"
                if [[ "$line" == *$'\\t' ]]; then COMP_WORDS+=(""); fi
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMPREPLY=()
                _widgethost
                echo "${COMPREPLY[*]}"
            done < probes
            """
        writeFile(folder + "/probe.bash", Array(runner.utf8))
        let result = try spawn(["/bin/sh", "-c", "cd \"$1\" && \"$2\" --norc --noprofile probe.bash", "sh", folder, bash], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(result.err, "")
        let answers = result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertEqual(answers.count, probes.count, result.out)
        for (probe, answer) in zip(probes, answers) {
            XCTAssertEqual(Set(answer.split(separator: " ").map(String.init)), Set(probe.1), probe.0.joined(separator: " "))
        }
    }

    func testFishCompletesFromTheScript() throws {
        let fish = try Program.required("fish")
        writeFile(folder + "/comp.fish", Array(tool("completions", "fish").out.utf8))
        writeFile(folder + "/widget.js", [])
        let syntax = try spawn([fish, "--no-config", "-n", folder + "/comp.fish"], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(syntax.code, 0, syntax.err)
        func complete(_ line: String) throws -> [String] {
            let result = try spawn([fish, "--no-config", "-c", "cd $argv[1]; source comp.fish; complete -C $argv[2]", folder, line],
                                   environment: ["PATH=/usr/bin:/bin", "HOME=\(folder)"])
            XCTAssertEqual(result.code, 0, result.err)
            return result.out.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        XCTAssertEqual(try complete("widgethost te"), ["test"])
        XCTAssertEqual(Set(try complete("widgethost ")), Set(CommandCatalog.entries.map(\.name)))
        XCTAssertEqual(try complete("widgethost run --kind "), (ScriptKind.allCases.map(\.rawValue) + CardKind.allCases.map(\.rawValue)).sorted())
        XCTAssertEqual(try complete("widgethost test --rep"), ["--reporter"])
        XCTAssertEqual(try complete("widgethost test --reporter "), ["json", "junit", "spec", "tap"])
        XCTAssertEqual(try complete("widgethost completions "), ["bash", "fish", "zsh"])
        XCTAssertEqual(try complete("widgethost run wid"), ["widget.js"])
        XCTAssertEqual(try complete("widgethost serve --qu"), ["--quiet"])
    }

    /// zsh completes only in an interactive shell: it runs in tmux, is typed at, and its screen read.
    func testZshCompletesInAnInteractiveShell() throws {
        let zsh = try Program.required("zsh")
        let tmux = try Program.required("tmux")
        writeFile(folder + "/_widgethost.zsh", Array(tool("completions", "zsh").out.utf8))
        let syntax = try spawn([zsh, "-n", folder + "/_widgethost.zsh"], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(syntax.code, 0, syntax.err)
        writeFile(folder + "/.zshrc", Array("""
            PS1='> '
            autoload -U compinit && compinit -u -D
            source \(folder)/_widgethost.zsh

            """.utf8))
        let tools = try toolFolder()
        let server = TmuxServer(tmux: tmux, folder: folder, environment: ["PATH=/usr/bin:/bin", "TERM=xterm"])
        // Stopped however the test ends (before tearDown removes the folder), even when starting fails half-way.
        addTeardownBlock { server.stop() }
        let start = try server.run(["new-session", "-d", "-x", "160", "-y", "40",
                                    "env -i HOME=\(folder) ZDOTDIR=\(folder) PATH=\(tools):/usr/bin:/bin TERM=xterm \(zsh) -i"])
        XCTAssertEqual(start.code, 0, start.err)
        func screen(after keys: [String], shows expected: String) throws -> String {
            _ = try server.run(["send-keys"] + keys)
            var text = ""
            try Wait.until(.seconds(10), poll: .milliseconds(50)) {
                text = try server.run(["capture-pane", "-p"]).out
                return text.contains(expected)
            }
            return text
        }
        _ = try screen(after: [], shows: "> ")
        XCTAssertTrue(try screen(after: ["widgethost run --kind ", "Tab"], shows: "rectangular").contains("circular"))
        // (capture-pane drops trailing spaces)
        XCTAssertTrue(try screen(after: ["C-u", "widgethost te", "Tab"], shows: "> widgethost test").contains("> widgethost test"))
        XCTAssertTrue(try screen(after: ["C-u", "widgethost test --rep", "Tab"], shows: "--reporter").contains("> widgethost test --reporter"))
    }

    func testTheManualPageIsCommittedAndFormatsWithoutWarnings() throws {
        let man = try Program.required("man")
        let page = tool("help", "--man")
        XCTAssertEqual(page.code, 0)
        XCTAssertEqual(page.out, Files.text(packageRoot + "/docs/widgethost.1"),
                       "docs/widgethost.1 is out of date: regenerate it with 'widgethost help --man > docs/widgethost.1'")
        let rendered = try spawn(["/bin/sh", "-c", "MANWIDTH=100 \"$1\" --warnings -l \"$2\"", "sh", man, packageRoot + "/docs/widgethost.1"],
                                 environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "MANPAGER=cat", "PAGER=cat"])
        XCTAssertEqual(rendered.code, 0)
        XCTAssertEqual(rendered.err, "")
        for entry in CommandCatalog.entries {
            XCTAssertTrue(rendered.out.contains("widgethost \(entry.name)"), entry.name)
            for option in entry.options { XCTAssertTrue(rendered.out.contains("--\(option.name)"), "\(entry.name) --\(option.name)") }
        }
        XCTAssertTrue(rendered.out.contains("toLocale…String"), "non-ASCII text survives: \(rendered.out.split(separator: "\n").first { $0.contains("toLocale") } ?? "")")
        XCTAssertEqual(tool("help", "--man", "extra").code, 64)
    }

    func testCompletionsRefusesAnUnknownShell() {
        let result = tool("completions", "bsh")
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(result.err.contains("unknown shell 'bsh' (did you mean 'bash'?)"), result.err)
        XCTAssertEqual(tool("completions").code, 64)
    }
}
