import ErrorKinds
import HostSystem
import Preview

/// The `widgethost` command-line tool: a thin layer over the libraries (X4).
public enum WidgetHostTool {
    /// The tool's version, as `widgethost --version` prints it.
    public static let version = "0.1.0"

    /// Every subcommand by name, in the order help lists them. A command's declaration (its
    /// options, help and examples) is made when it is asked for, so a run makes one.
    static let catalog: [(name: String, command: @Sendable () -> Command)] = [
        (RunCommand.name, { RunCommand.command }), (SimulateCommand.name, { SimulateCommand.command }),
        (PreviewCommand.name, { PreviewCommand.command }), (TestCommand.name, { TestCommand.command }),
        (RenderCommand.name, { RenderCommand.listing }), (PushCommand.name, { PushCommand.command }),
        (ServeProgram.name, { ServeProgram.command }), (StudioProgram.name, { StudioProgram.command }),
        (APICommand.name, { APICommand.command }), (TypesCommand.name, { TypesCommand.command }),
        (InitCommand.name, { InitCommand.command }), (CompletionsCommand.name, { CompletionsCommand.command }),
    ]

    static var commands: [Command] { catalog.map { $0.command() } }

    /// The subcommand called `name`, its declaration made now.
    static func command(named name: String) -> Command? { catalog.first { $0.name == name }?.command() }

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

    /// What the tool does with its arguments: it ended with an exit code (X2), or the command
    /// is a program of its own (`serve` and `help serve` run `widgethost-serve`), which only the
    /// `widgethost` program's `main` starts in the process's place (``SiblingProgram/exec(_:)``).
    public enum Step: Sendable, Equatable {
        /// The work is done; the process exits with this code.
        case exit(Int32)
        /// The command is this program of its own, to run in the process's place.
        case program(SiblingProgram)
    }

    /// Runs the tool in this process and returns its exit code (X2). A library call never
    /// replaces its caller's process: a command that is a program of its own (`serve`) says
    /// so in one line on stderr and returns 69; run `widgethost-serve` (or `ServeTool.main`).
    public static func main(arguments: [String], terminal: Terminal = .standard()) -> Int32 {
        switch step(arguments: arguments, terminal: terminal) {
        case .exit(let code):
            return code
        case .program(let sibling):
            return refuse(sibling, terminal: terminal)
        }
    }

    /// One line on stderr: the command is a program of its own, which a library call does not start.
    private static func refuse(_ sibling: SiblingProgram, terminal: Terminal) -> Int32 {
        let style = TextStyle(enabled: terminal.colorErr)
        terminal.err("\(style.red("error")): 'widgethost \(sibling.command)' runs the \(sibling.program) program in the process's place, which a library call does not do; start \(sibling.program) itself")
        return ExitStatus.of(ErrorKind.environment(.notInstalled))
    }

    /// Runs the tool's work for `arguments` in this process, up to a command that is a program
    /// of its own, which it returns without starting it.
    public static func step(arguments: [String], terminal: Terminal = .standard()) -> Step {
        step(arguments: arguments, raw: nil, terminal: terminal)
    }

    /// ``step(arguments:terminal:)`` for the arguments as the process got them, bytes that need
    /// not be UTF-8 (`main` passes its `argv`): a command that opens files by their bytes (`run`,
    /// `test`) gets every name as it is; the others refuse one that is not UTF-8.
    public static func step(argumentBytes: [[UInt8]], terminal: Terminal = .standard()) -> Step {
        let arguments = argumentBytes.map { String(validating: $0, as: UTF8.self) ?? SystemPath.escape($0) }
        return step(arguments: arguments, raw: argumentBytes, terminal: terminal)
    }

    private static func step(arguments: [String], raw: [[UInt8]]?, terminal: Terminal) -> Step {
        guard let first = arguments.first else {
            terminal.writeOut(help)
            return .exit(ExitStatus.success)
        }
        switch first {
        case "-h", "--help":
            terminal.writeOut(help)
            return .exit(ExitStatus.success)
        case "--version":
            terminal.out("widgethost \(version)")
            return .exit(ExitStatus.success)
        case "help":
            guard arguments.count > 1 else {
                terminal.writeOut(help)
                return .exit(ExitStatus.success)
            }
            if arguments[1] == "--man" {
                guard arguments.count == 2 else { return .exit(usageError(UsageError("help --man takes nothing more"), usage: nil, terminal: terminal)) }
                terminal.writeOut(ManPage.text())
                return .exit(ExitStatus.success)
            }
            guard let command = command(named: arguments[1]) else {
                return .exit(usageError(UsageError("unknown subcommand '\(arguments[1])'"), usage: nil, terminal: terminal))
            }
            if case .program(let program) = command.action {
                return .program(SiblingProgram(program: program, command: command.name, arguments: command.leadingArguments + ["--help"]))
            }
            terminal.writeOut(command.help)
            return .exit(ExitStatus.success)
        default:
            break
        }
        guard let command = command(named: first) else {
            let names = catalog.map(\.name)
            let hint = DidYouMean.nearest(to: first, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            return .exit(usageError(
                UsageError("unknown subcommand '\(first)'\(hint); the subcommands are \(names.joined(separator: ", "))"),
                usage: nil, terminal: terminal))
        }
        if let notText = raw?.dropFirst().first(where: { String(validating: $0, as: UTF8.self) == nil }), !command.takesAnyFileName {
            return .exit(usageError(UsageError(notUTF8Argument(notText, command: command.name)), usage: command, terminal: terminal))
        }
        if case .program(let program) = command.action {
            return .program(SiblingProgram(program: program, command: command.name, arguments: command.leadingArguments + Array(arguments.dropFirst())))
        }
        return .exit(run(command, arguments: Array(arguments.dropFirst()), raw: raw.map { Array($0.dropFirst()) }, terminal: terminal))
    }

    /// Why a command that takes text refuses an argument that is not UTF-8.
    static func notUTF8Argument(_ bytes: [UInt8], command: String) -> String {
        "the argument '\(SystemPath.escape(bytes))' is not UTF-8, and \(command) takes its arguments as text (run and test open a file of any name); rename the file, or give its name in UTF-8"
    }

    /// Runs one subcommand with the arguments that follow its name: its help, or its options
    /// parsed and its work done, errors reported as every subcommand reports them.
    package static func run(_ command: Command, arguments rest: [String], raw: [[UInt8]]? = nil, terminal: Terminal) -> Int32 {
        let body: @Sendable (ParsedArguments, Terminal) throws -> Int32
        switch command.action {
        case .program(let program):
            return refuse(SiblingProgram(program: program, command: command.name, arguments: rest), terminal: terminal)
        case .run(let run):
            body = run
        }
        if rest.contains("-h") || rest.contains("--help") {
            terminal.writeOut(command.help)
            return ExitStatus.success
        }
        do {
            let parsed = try ParsedArguments(rest, raw: raw, options: command.options)
            return try body(parsed, terminal)
        } catch let error as UsageError {
            return usageError(error, usage: command, terminal: terminal)
        } catch let error as CommandError {
            terminal.err("\(TextStyle(enabled: terminal.colorErr).red("error")): \(error.message)")
            return ExitStatus.of(error.errorKind)
        } catch {
            terminal.err("\(TextStyle(enabled: terminal.colorErr).red("error")): internal error: \(error)")
            return ExitStatus.of(ErrorKind.internal)
        }
    }

    static func usageError(_ error: UsageError, usage command: Command?, terminal: Terminal) -> Int32 {
        // One line: what is wrong, and where help is.
        let help = command.map { "widgethost \($0.name) --help" } ?? "widgethost --help"
        terminal.err("\(TextStyle(enabled: terminal.colorErr).red("error")): \(error.message) (see '\(help)')")
        return ExitStatus.of(error.errorKind)
    }
}
