/// One subcommand: its help and what it does.
package struct Command: Sendable {
    /// How the command is carried out.
    package enum Action: Sendable {
        /// In this process, with its options parsed.
        case run(@Sendable (ParsedArguments, Terminal) throws -> Int32)
        /// By the named program in the running executable's folder, which gets the arguments
        /// untouched (its own help included) and the process: `serve` is `widgethost-serve`, so
        /// the tool does not load the receiver's libraries for every other command.
        case program(String)
    }

    package let name: String
    package let abstract: String
    package let discussion: String
    package let arguments: [(String, String)]
    package let options: [OptionSpec]
    package let action: Action

    package init(name: String, abstract: String, discussion: String, arguments: [(String, String)], options: [OptionSpec],
                 run: @escaping @Sendable (ParsedArguments, Terminal) throws -> Int32) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.action = .run(run)
    }

    /// A command carried out by `program`, which parses its own arguments and prints its own
    /// help; `discussion` and `options` are what completions and the manual page show.
    package init(name: String, abstract: String, program: String, discussion: String = "", options: [OptionSpec] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = []
        self.options = options
        self.action = .program(program)
    }

    var usage: String {
        let positional = arguments.map { "<\($0.0)>" }.joined(separator: " ")
        let options = self.options.map { "[\($0.usage)]" }.joined(separator: " ")
        return ["widgethost", name, positional, options].filter { !$0.isEmpty }.joined(separator: " ")
    }

    var help: String {
        var text = "OVERVIEW: \(abstract)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for (name, help) in arguments { text += HelpFormat.row("<\(name)>", help) }
        }
        text += "\nOPTIONS:\n"
        for option in options { text += HelpFormat.row(option.usage, option.help) }
        text += HelpFormat.row("-h, --help", "Show help information.")
        return text
    }
}

enum HelpFormat {
    /// An aligned, wrapped help row.
    static func row(_ left: String, _ right: String) -> String {
        let column = 26
        var words = right.split(separator: " ").map(String.init)
        var lines: [String] = []
        var current = ""
        while !words.isEmpty {
            let word = words.removeFirst()
            if !current.isEmpty && current.count + 1 + word.count > 80 - column {
                lines.append(current)
                current = word
            } else {
                current += current.isEmpty ? word : " " + word
            }
        }
        lines.append(current)
        var text = "  " + left
        if left.count + 2 >= column {
            text += "\n" + String(repeating: " ", count: column)
        } else {
            text += String(repeating: " ", count: column - 2 - left.count)
        }
        text += lines.joined(separator: "\n" + String(repeating: " ", count: column)) + "\n"
        return text
    }
}
