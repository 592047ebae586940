/// The tool's command line as data, read from the command declarations (``Command``,
/// ``OptionSpec``): what shell completions (``CompletionScripts``) and the manual page
/// (``ManPage``) are generated from, so neither can drift from what the tool parses.
enum CommandCatalog {
    struct Option {
        let name: String
        let placeholder: String?
        let help: String
        let value: ValueKind
        let repeatable: Bool
    }

    struct Entry {
        let name: String
        let abstract: String
        let discussion: String
        let argument: (name: String, help: String)?
        let argumentValue: ValueKind
        let options: [Option]
        /// The command's examples and exit codes, as its help gives them.
        var examples: [Command.Example] = []
        var exitCodes: [(Int32, String)] = []
    }

    /// Every subcommand, then `help` (which `WidgetHostTool.main` handles itself).
    static var entries: [Entry] {
        let names = WidgetHostTool.commands.map(\.name)
        return WidgetHostTool.commands.map(entry) + [
            Entry(name: "help", abstract: "Show help for the tool or a subcommand (--man: the manual page).",
                  discussion: "", argument: ("subcommand", "The subcommand to explain."),
                  argumentValue: .choices(names),
                  options: [Option(name: "man", placeholder: nil, help: "Print the manual page (roff) of every subcommand.",
                                   value: .none, repeatable: false)]),
        ]
    }

    /// Options of the tool itself, before a subcommand.
    static let toolOptions: [(String, String)] = [("help", "Show help information."), ("version", "Show the version.")]

    static func entry(_ command: Command) -> Entry {
        let argument = command.arguments.first.map { (name: $0.name, help: $0.help) }
        let options = command.options.filter { !$0.hidden }.map { option in
            Option(name: option.name, placeholder: option.placeholder, help: option.help, value: option.value,
                   repeatable: option.repeatable)
        }
        return Entry(name: command.name, abstract: command.abstract, discussion: command.discussion,
                     argument: argument, argumentValue: command.arguments.first?.value ?? .none, options: options,
                     examples: command.examples, exitCodes: command.exitCodes)
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

}
