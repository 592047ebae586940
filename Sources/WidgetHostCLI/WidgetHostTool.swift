/// The `widgethost` command-line tool: a thin layer over the libraries (X4).
public enum WidgetHostTool {
    public static let version = "0.1.0"

    static var commands: [Command] { [RunCommand.command, SimulateCommand.command, PreviewCommand.command, TestCommand.command, RenderCommand.listing, PushCommand.command, ServeProgram.command, APICommand.command, TypesCommand.command, InitCommand.command, CompletionsCommand.command] }

    static var help: String {
        var text = """
            OVERVIEW: A headless host for Omni widget and Live Activity scripts.

            Runs scripts with JavaScriptCore exactly as the iOS app would, and reports their
            outputs, console, diagnostics and what they asked of the system.

            USAGE: widgethost <subcommand> [options]

            SUBCOMMANDS:

            """
        for command in commands { text += HelpFormat.row(command.name, command.abstract) }
        text += "\nOPTIONS:\n"
        text += HelpFormat.row("--version", "Show the version.")
        text += HelpFormat.row("-h, --help", "Show help information.")
        text += "\nSee 'widgethost help <subcommand>' for detailed help.\n"
        return text
    }

    /// Runs the tool and returns its exit code (X2).
    ///
    /// `serve` (and `help serve`) replaces the process with the `widgethost-serve` program next
    /// to the running executable; this returns only when that program cannot be run.
    public static func main(arguments: [String], terminal: Terminal = .standard()) -> Int32 {
        guard let first = arguments.first else {
            terminal.writeOut(help)
            return ExitCode.success
        }
        switch first {
        case "-h", "--help":
            terminal.writeOut(help)
            return ExitCode.success
        case "--version":
            terminal.out("widgethost \(version)")
            return ExitCode.success
        case "help":
            guard arguments.count > 1 else {
                terminal.writeOut(help)
                return ExitCode.success
            }
            if arguments[1] == "--man" {
                guard arguments.count == 2 else { return usageError(UsageError("help --man takes nothing more"), usage: nil, terminal: terminal) }
                terminal.writeOut(ManPage.text())
                return ExitCode.success
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                return usageError(UsageError("unknown subcommand '\(arguments[1])'"), usage: nil, terminal: terminal)
            }
            if case .program(let program) = command.action {
                return SiblingProgram.exec(program, for: command.name, arguments: ["--help"], terminal: terminal)
            }
            terminal.writeOut(command.help)
            return ExitCode.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map(\.name)
            let hint = ParsedArguments.closest(first, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            return usageError(
                UsageError("unknown subcommand '\(first)'\(hint); the subcommands are \(names.joined(separator: ", "))"),
                usage: nil, terminal: terminal)
        }
        return run(command, arguments: Array(arguments.dropFirst()), terminal: terminal)
    }

    /// Runs one subcommand with the arguments that follow its name: its help, or its options
    /// parsed and its work done, errors reported as every subcommand reports them.
    package static func run(_ command: Command, arguments rest: [String], terminal: Terminal) -> Int32 {
        let body: @Sendable (ParsedArguments, Terminal) throws -> Int32
        switch command.action {
        case .program(let program):
            return SiblingProgram.exec(program, for: command.name, arguments: rest, terminal: terminal)
        case .run(let run):
            body = run
        }
        if rest.contains("-h") || rest.contains("--help") {
            terminal.writeOut(command.help)
            return ExitCode.success
        }
        do {
            let parsed = try ParsedArguments(rest, options: command.options)
            return try body(parsed, terminal)
        } catch let error as UsageError {
            return usageError(error, usage: command, terminal: terminal)
        } catch let error as InputError {
            terminal.err("\(Style(enabled: terminal.colorErr).red("error")): \(error.message)")
            return error.code
        } catch {
            terminal.err("\(Style(enabled: terminal.colorErr).red("error")): internal error: \(error)")
            return ExitCode.internalError
        }
    }

    static func usageError(_ error: UsageError, usage command: Command?, terminal: Terminal) -> Int32 {
        // One line: what is wrong, and where help is.
        let help = command.map { "widgethost \($0.name) --help" } ?? "widgethost --help"
        terminal.err("\(Style(enabled: terminal.colorErr).red("error")): \(error.message) (see '\(help)')")
        return ExitCode.usage
    }
}
