import ErrorKinds
/// `widgethost completions SHELL`: a completion script for bash, zsh or fish.
enum CompletionsCommand {
    static let name = "completions"
    static let command = Command(
        name: name,
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
        arguments: [.decoded(by: shell)],
        options: [],
        examples: [
            .init("Completions for bash, saved where bash looks", "widgethost completions bash > ~/.local/share/bash-completion/completions/widgethost"),
            .init("Completions for fish, saved where fish looks", "widgethost completions fish > ~/.config/fish/completions/widgethost.fish"),
        ],
        exitCodes: [
            (ExitStatus.success, "printed"),
            (ExitStatus.usage, "a usage error"),
        ],
        run: run)

    /// The positional shell, one of those ``CompletionScripts`` writes for; its value is the script.
    static let shell = Option<String>.choice(
        "shell", "shell", "bash, zsh or fish.", among: CompletionScripts.shells,
        list: "one of \(CompletionScripts.shells.joined(separator: ", "))"
    ) { CompletionScripts.script(for: $0) }

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        guard let name = arguments.positionals.first else {
            throw UsageError("missing the shell; use one of \(CompletionScripts.shells.joined(separator: ", "))")
        }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'; completions takes one shell")
        }
        terminal.writeOut(try shell.decode(name))
        return ExitStatus.success
    }
}
