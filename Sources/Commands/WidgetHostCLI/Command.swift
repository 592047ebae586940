@_exported import CLIOptions

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

    /// One example of the command's use: what it does, then the command line.
    package struct Example: Sendable {
        package let what: String
        package let command: String
        package init(_ what: String, _ command: String) {
            self.what = what
            self.command = command
        }
    }

    /// A positional argument: its name, help line and what it completes to.
    package struct Argument: Sendable {
        package let name: String
        package let help: String
        package let value: ValueKind
        package init(_ name: String, _ help: String, value: ValueKind) {
            self.name = name
            self.help = help
            self.value = value
        }
        /// A file (`script`, `path`).
        package static func file(_ name: String, _ help: String) -> Argument { Argument(name, help, value: .files) }
        /// A folder.
        package static func folder(_ name: String, _ help: String) -> Argument { Argument(name, help, value: .folders) }
        /// A positional argument read by `option`'s decoding (its name, help line and values),
        /// which refuses a bad one as it does for an option, with the did-you-mean.
        package static func decoded<V>(by option: Option<V>) -> Argument {
            Argument(option.spec.name, option.spec.help, value: option.spec.value)
        }
    }

    package let name: String
    package let abstract: String
    package let discussion: String
    package let arguments: [Argument]
    package let options: [OptionSpec]
    package let examples: [Example]
    /// The exit statuses the command can end with, and what each means (X2).
    package let exitCodes: [(Int32, String)]
    package let action: Action
    /// With a program of its own: the arguments it gets before the command's own, so that one
    /// program can carry out several commands (`studio` is `widgethost-serve studio …`).
    package var leadingArguments: [String] = []
    /// Whether it opens its file arguments by their bytes (``ParsedArguments/paths``), so it
    /// takes a name that is not UTF-8; any other command refuses such an argument (a usage
    /// error), never opening a file of another name.
    package var takesAnyFileName = false

    package init(name: String, abstract: String, discussion: String, arguments: [Argument], options: [OptionSpec],
                 examples: [Example] = [], exitCodes: [(Int32, String)] = [], takesAnyFileName: Bool = false,
                 run: @escaping @Sendable (ParsedArguments, Terminal) throws -> Int32) {
        self.takesAnyFileName = takesAnyFileName
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.exitCodes = exitCodes
        self.action = .run(run)
    }

    /// A command carried out by `program`, which parses its own arguments and prints its own
    /// help; `discussion` and `options` are what completions and the manual page show.
    package init(name: String, abstract: String, program: String, discussion: String = "", arguments: [Argument] = [],
                 options: [OptionSpec] = [], examples: [Example] = [], exitCodes: [(Int32, String)] = [],
                 leadingArguments: [String] = []) {
        self.leadingArguments = leadingArguments
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.exitCodes = exitCodes
        self.action = .program(program)
    }

    /// The options shown in help (internal ones, such as `test --worker`, are not).
    var visibleOptions: [OptionSpec] { options.filter { !$0.hidden } }

    /// `widgethost run <script> [--kind <kind>] …`, or `widgethost run <script> [<options>]`
    /// when the options do not fit on one line.
    var usage: String {
        let positional = arguments.map { "<\($0.name)>" }.joined(separator: " ")
        let options = visibleOptions.map { "[\($0.usage)]" }.joined(separator: " ")
        let full = ["widgethost", name, positional, options].filter { !$0.isEmpty }.joined(separator: " ")
        if "USAGE: ".count + full.count <= 80 { return full }
        return ["widgethost", name, positional, "[<options>]"].filter { !$0.isEmpty }.joined(separator: " ")
    }

    var help: String {
        var text = "OVERVIEW: \(abstract)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments { text += HelpFormat.row("<\(argument.name)>", argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in visibleOptions { text += HelpFormat.row(option.usage, option.help) }
        text += HelpFormat.row("-h, --help", "Show help information.")
        if !examples.isEmpty {
            text += "\nEXAMPLES:\n"
            for example in examples { text += "  # \(example.what)\n  \(example.command)\n\n" }
            text.removeLast()
        }
        if !exitCodes.isEmpty {
            text += "\nEXIT CODES:\n"
            for (code, meaning) in exitCodes { text += HelpFormat.row(String(code), meaning, column: 8) }
        }
        return text
    }
}

enum HelpFormat {
    /// An aligned, wrapped help row.
    static func row(_ left: String, _ right: String, column: Int = 26) -> String {
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
