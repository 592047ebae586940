/// A command-line usage mistake: exit 64 with a message, the usage line and a pointer to help.
public struct UsageError: Error, Sendable, Equatable {
    /// What is wrong, in one line, without the `error: ` prefix.
    public var message: String
    /// A usage error saying `message`.
    public init(_ message: String) { self.message = message }
}

/// One option a command accepts.
package struct OptionSpec: Sendable {
    enum Kind: Sendable { case flag, value(String), repeated(String) }
    let name: String
    let kind: Kind
    let help: String
    /// Internal: accepted, never shown in help.
    var hidden = false

    package static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, kind: .flag, help: help) }
    /// An internal flag: parsed like any other, left out of help.
    package static func hiddenFlag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, hidden: true)
    }
    package static func value(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value(placeholder), help: help)
    }
    package static func repeated(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .repeated(placeholder), help: help)
    }

    var usage: String {
        switch kind {
        case .flag: return "--\(name)"
        case .value(let placeholder): return "--\(name) <\(placeholder)>"
        case .repeated(let placeholder): return "--\(name) <\(placeholder)> ..."
        }
    }
}

/// Parsed command-line arguments of one subcommand.
package struct ParsedArguments {
    package var positionals: [String] = []
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    /// Parses `--name value`, `--name=value`, flags and positionals; `--` ends options.
    init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        let specs = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            guard argument.hasPrefix("--") else { throw UsageError("unknown option '\(argument)'") }
            var name = String(argument.dropFirst(2))
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = specs[name] else {
                let hint = Self.closest(name, among: options.filter { !$0.hidden }.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
                throw UsageError("unknown option '--\(name)'\(hint)")
            }
            switch spec.kind {
            case .flag:
                if inline != nil { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
            case .value, .repeated:
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                    value = arguments[index]
                    index += 1
                }
                if case .value = spec.kind, values[name] != nil {
                    throw UsageError("option '--\(name)' was given more than once")
                }
                values[name, default: []].append(value)
            }
        }
    }

    package func flag(_ name: String) -> Bool { flags.contains(name) }
    package func value(_ name: String) -> String? { values[name]?.last }
    package func all(_ name: String) -> [String] { values[name] ?? [] }

    /// ` (did you mean 'large'?)` for a value that is near one of `candidates` (case
    /// aside, or by a letter or two), else "".
    package static func hint(_ value: String, among candidates: [String]) -> String {
        if let same = candidates.first(where: { $0.lowercased() == value.lowercased() }) { return " (did you mean '\(same)'?)" }
        return closest(value, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The nearest option name by edit distance, for "did you mean".
    static func closest(_ name: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(Array(name), Array($0))) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, name.count / 3) else { return nil }
        return best
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
