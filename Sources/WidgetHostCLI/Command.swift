/// One subcommand: its help and what it does.
struct Command: Sendable {
    let name: String
    let abstract: String
    let discussion: String
    let arguments: [(String, String)]
    let options: [OptionSpec]
    let run: @Sendable (ParsedArguments, Terminal) throws -> Int32

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
