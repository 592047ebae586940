/// `widgethost completions SHELL`: a completion script for bash, zsh or fish.
enum CompletionsCommand {
    static let command = Command(
        name: "completions",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
            The script is generated from the tool's own command declarations, so it completes
            exactly the subcommands, options and values this widgethost accepts: option values
            that name files complete to files, and listed values (--kind, --format, --reporter,
            ...) to their words. Load it in the current shell:
              bash: source <(widgethost completions bash)
              zsh:  source <(widgethost completions zsh)
              fish: widgethost completions fish | source
            or save it where the shell looks (docs/editors.md). 'widgethost help --man' prints
            the manual page the same way.
            """,
        arguments: [Command.Argument("shell", "bash, zsh or fish.", value: .choices(CompletionScripts.shells))],
        options: [],
        examples: [
            .init("Completions for bash, saved where bash looks", "widgethost completions bash > ~/.local/share/bash-completion/completions/widgethost"),
            .init("Completions for fish, saved where fish looks", "widgethost completions fish > ~/.config/fish/completions/widgethost.fish"),
        ],
        exitCodes: [
            (ExitCode.success, "printed"),
            (ExitCode.usage, "a usage error"),
        ],
        run: run)

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        guard let shell = arguments.positionals.first else {
            throw UsageError("missing the shell; use one of \(CompletionScripts.shells.joined(separator: ", "))")
        }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'; completions takes one shell")
        }
        guard let script = CompletionScripts.script(for: shell) else {
            let hint = ParsedArguments.closest(shell, among: CompletionScripts.shells).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("unknown shell '\(shell)'\(hint); use one of \(CompletionScripts.shells.joined(separator: ", "))")
        }
        terminal.writeOut(script)
        return ExitCode.success
    }
}
