/// The tool's command line as data, read from the command declarations (``Command``,
/// ``OptionSpec``): what shell completions (``CompletionScripts``) and the manual page
/// (``ManPage``) are generated from, so neither can drift from what the tool parses.
enum CommandCatalog {
    /// What a value (of an option or a positional argument) completes to.
    enum Value: Equatable {
        /// A flag: no value.
        case none
        case files
        case folders
        /// One of these words.
        case choices([String])
        /// Anything (a time, a number, text): nothing to suggest.
        case free
    }

    struct Option {
        let name: String
        let placeholder: String?
        let help: String
        let value: Value
        let repeatable: Bool
    }

    struct Entry {
        let name: String
        let abstract: String
        let discussion: String
        let argument: (name: String, help: String)?
        let argumentValue: Value
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
        let argument = command.arguments.first.map { (name: $0.0, help: $0.1) }
        let options = command.options.filter { !$0.hidden }.map { option -> Option in
            switch option.kind {
            case .flag:
                return Option(name: option.name, placeholder: nil, help: option.help, value: .none, repeatable: false)
            case .value(let placeholder):
                return Option(name: option.name, placeholder: placeholder, help: option.help,
                              value: value(placeholder: placeholder, help: option.help), repeatable: false)
            case .repeated(let placeholder):
                return Option(name: option.name, placeholder: placeholder, help: option.help,
                              value: value(placeholder: placeholder, help: option.help), repeatable: true)
            }
        }
        let argumentValue = argument.map { value(placeholder: $0.name, help: $0.help) } ?? .none
        return Entry(name: command.name, abstract: command.abstract, discussion: command.discussion,
                     argument: argument, argumentValue: argumentValue, options: options,
                     examples: command.examples, exitCodes: command.exitCodes)
    }

    /// Files for a `file`, `script` or `path`, folders for a `dir`, the words a help text lists
    /// ("text, json or svg.", "spec (default), tap (TAP 14) or json."), else anything.
    static func value(placeholder: String, help: String) -> Value {
        switch placeholder {
        case "file", "script", "path": return .files
        case "dir": return .folders
        case "shell": return .choices(CompletionScripts.shells)
        default: return choices(in: help).map(Value.choices) ?? .free
        }
    }

    /// The words of a list that opens a help text: parenthesised remarks dropped, up to the first
    /// full stop, after a leading "Label:", as `a, b or c` (or `a, b, c, …` with three or more).
    static func choices(in help: String) -> [String]? {
        var plain = ""
        var depth = 0
        for character in help {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth = max(0, depth - 1); continue }
            if depth == 0 { plain.append(character) }
        }
        var sentence = Substring(plain)
        if let stop = sentence.firstRange(of: ". ") { sentence = sentence[..<stop.lowerBound] }
        if sentence.hasSuffix(".") { sentence = sentence.dropLast() }
        if let colon = sentence.firstRange(of: ": ") { sentence = sentence[colon.upperBound...] }
        var items = sentence.split(separator: ",").map { $0.trimmingSpaces }
        guard let last = items.last else { return nil }
        let parts = last.split(separator: " or ", omittingEmptySubsequences: false)
        if parts.count == 2 {
            items[items.count - 1] = parts[0].trimmingSpaces
            items.append(parts[1].trimmingSpaces)
        } else if items.count < 3 {
            return nil
        }
        let word = { (text: String) in
            !text.isEmpty && text.first!.isLowercase && text.allSatisfy { ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" }
        }
        return items.allSatisfy(word) ? items : nil
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

}
