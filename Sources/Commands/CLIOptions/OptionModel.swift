import ErrorKinds
import HostSystem

/// A command-line usage mistake: exit 64 with a message, the usage line and a pointer to help.
public struct UsageError: Error, Sendable, Equatable, KindedError {
    /// What is wrong, in one line, without the `error: ` prefix.
    public var message: String
    /// A usage error saying `message`.
    public init(_ message: String) { self.message = message }
    /// A usage mistake is the user's input: exit 64.
    public var errorKind: ErrorKind { .input(.usage) }
}

/// What an option's (or a positional argument's) value is, as completions offer it.
public enum ValueKind: Sendable, Equatable {
    /// A flag: no value.
    case none
    /// A file path.
    case files
    /// A folder path.
    case folders
    /// One of these words.
    case choices([String])
    /// A number in this range (a whole one when the option says so): nothing to suggest, but a
    /// range a control can show.
    case number(ClosedRange<Double>)
    /// Anything (a time, a name, text): nothing to suggest.
    case free
}

/// One option a command accepts, as help, completions and the parser see it: its name,
/// placeholder, help line and the kind of value it takes. Commands declare it through the
/// typed ``Option`` and ``Flag``, which carry how its text is decoded.
public struct OptionSpec: Sendable {
    /// Whether the option is a flag, takes one value, or takes a value each time it is given.
    public enum Kind: Sendable {
        /// Given or not; no value.
        case flag
        /// One value, with this placeholder; given twice is a usage error.
        case value(String)
        /// A value each time it is given, with this placeholder.
        case repeated(String)
    }
    /// The name, without the leading `--`.
    public let name: String
    /// Flag, single value or repeated value.
    public let kind: Kind
    /// The help line.
    public let help: String
    /// What the value is, for completions (`.none` for a flag).
    public let value: ValueKind
    /// Internal: accepted, never shown in help.
    public var hidden = false

    /// The placeholder of the value (`format` in `--format <format>`), nil for a flag.
    public var placeholder: String? {
        switch kind {
        case .flag: return nil
        case .value(let placeholder), .repeated(let placeholder): return placeholder
        }
    }

    /// Whether the option may be given more than once.
    public var repeatable: Bool { if case .repeated = kind { true } else { false } }

    /// `--format <format>`, as help's usage line shows it.
    public var usage: String {
        switch kind {
        case .flag: return "--\(name)"
        case .value(let placeholder): return "--\(name) <\(placeholder)>"
        case .repeated(let placeholder): return "--\(name) <\(placeholder)> ..."
        }
    }
}

/// A flag: given or not.
public struct Flag: Sendable {
    /// What help and the parser see.
    public let spec: OptionSpec
    /// `--name`, described by `help`; a hidden one is accepted and left out of help.
    public init(_ name: String, _ help: String, hidden: Bool = false) {
        spec = OptionSpec(name: name, kind: .flag, help: help, value: .none, hidden: hidden)
    }
}

/// An option whose value is decoded from its text into `Value` by the option itself, so a bad
/// value is refused in one place with one message (and a did-you-mean for listed words).
public struct Option<Value: Sendable>: Sendable {
    /// What help and the parser see.
    public private(set) var spec: OptionSpec
    /// The value of `text`, or the usage error that refuses it.
    public let decode: @Sendable (String) throws(UsageError) -> Value

    /// `--name <placeholder>` (repeatable or not) whose text `decode` turns into a value.
    public init(_ name: String, _ placeholder: String, _ help: String, value: ValueKind = .free, repeated: Bool = false,
                decode: @escaping @Sendable (String) throws(UsageError) -> Value) {
        spec = OptionSpec(name: name, kind: repeated ? .repeated(placeholder) : .value(placeholder), help: help, value: value)
        self.decode = decode
    }

    /// One of `names`, found by `find`; any other word is refused as `unknown NOUN 'word' (did
    /// you mean …?); use LIST`, where `noun` defaults to the option's name and `list` to `a, b or c`.
    public static func choice(
        _ name: String, _ placeholder: String, _ help: String, among names: [String], noun: String? = nil,
        list: String? = nil, note: String = "", repeated: Bool = false, find: @escaping @Sendable (String) -> Value?
    ) -> Option {
        let noun = noun ?? name, list = list ?? Words.list(names)
        return Option(name, placeholder, help, value: .choices(names), repeated: repeated) { (text) throws(UsageError) in
            guard let value = find(text) else {
                throw UsageError("unknown \(noun) '\(text)'\(ParsedArguments.hint(text, among: names)); use \(list)\(note)")
            }
            return value
        }
    }

    /// The same option with another help line, for a command that says what it goes with
    /// (`With --family: …`).
    public func helped(_ help: String) -> Option {
        var copy = self
        copy.spec = OptionSpec(name: spec.name, kind: spec.kind, help: help, value: spec.value, hidden: spec.hidden)
        return copy
    }

    /// A number of `range` (above its lower bound when `above`), refused as `bad --name 'text'; USE`.
    public static func number(_ name: String, _ placeholder: String, _ help: String, in range: ClosedRange<Double>,
                              above lower: Bool = false, use: String, make: @escaping @Sendable (Double) -> Value) -> Option {
        Option(name, placeholder, help, value: .number(range)) { (text) throws(UsageError) in
            guard let number = Double(text), number.isFinite, range.contains(number), !(lower && number == range.lowerBound) else {
                throw UsageError("bad --\(name) '\(text)'; \(use)")
            }
            return make(number)
        }
    }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the type's cases, by its raw value; the allowed words (for completions and the
    /// did-you-mean) are the type's own.
    public static func choice(_ name: String, _ placeholder: String, _ help: String, noun: String? = nil,
                              list: String? = nil, note: String = "") -> Option {
        choice(name, placeholder, help, among: Value.allCases.map(\.rawValue), noun: noun, list: list, note: note) { Value(rawValue: $0) }
    }
}

extension Option where Value == String {
    /// Free text (a name, an id, a URL), taken as given.
    public static func text(_ name: String, _ placeholder: String, _ help: String, repeated: Bool = false) -> Option {
        Option(name, placeholder, help, repeated: repeated) { $0 }
    }

    /// A file path (which the command opens itself); `bad --name ''` when empty and `nonEmpty`.
    public static func file(_ name: String, _ placeholder: String = "file", _ help: String, nonEmpty: String? = nil) -> Option {
        path(name, placeholder, help, value: .files, nonEmpty: nonEmpty)
    }

    /// A folder path (which the command opens itself).
    public static func folder(_ name: String, _ placeholder: String = "dir", _ help: String, nonEmpty: String? = nil) -> Option {
        path(name, placeholder, help, value: .folders, nonEmpty: nonEmpty)
    }

    private static func path(_ name: String, _ placeholder: String, _ help: String, value: ValueKind, nonEmpty: String?) -> Option {
        Option(name, placeholder, help, value: value) { (text) throws(UsageError) in
            if let nonEmpty, text.isEmpty { throw UsageError("bad --\(name) ''; \(nonEmpty)") }
            return text
        }
    }
}

extension Option where Value == Int {
    /// A whole number of `range`, refused as `bad --name 'text'; USE` (by default: `use a whole
    /// number from LOW to HIGH`).
    public static func whole(_ name: String, _ placeholder: String, _ help: String, in range: ClosedRange<Int>,
                             use: String? = nil) -> Option {
        Option(name, placeholder, help, value: .number(Double(range.lowerBound)...Double(range.upperBound))) { (text) throws(UsageError) in
            guard let number = Int(text), range.contains(number) else {
                throw UsageError("bad --\(name) '\(text)'; \(use ?? "use a whole number from \(range.lowerBound) to \(range.upperBound)")")
            }
            return number
        }
    }
}

/// Lists of words as help and messages write them.
public enum Words {
    /// `a`, `a or b`, `a, b or c`.
    public static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}

/// Parsed command-line arguments of one subcommand; their values are read through the
/// command's declarations (``Option``, ``Flag``), which decode them.
public struct ParsedArguments {
    /// The arguments that are not options, in order; one that is not UTF-8 shown escaped
    /// (``SystemPath/escape(_:)``).
    public var positionals: [String] = []
    /// The arguments that are not options, in order, as the bytes the process was given: the
    /// paths a command opens (a file's name need not be UTF-8).
    public var paths: [SystemPath] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `--name value`, `--name=value`, flags and positionals; `--` ends options.
    /// `raw`, when given, holds each argument's bytes as the process got them (`arguments` has
    /// those that are not UTF-8 shown escaped): positionals keep them as ``paths``, and an
    /// option's value that is not UTF-8 is refused.
    public init(_ arguments: [String], raw: [[UInt8]]? = nil, options: [OptionSpec]) throws(UsageError) {
        let specs = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var optionsEnded = false
        /// Whether the argument at `index` is not UTF-8 in the bytes the process was given.
        func notUTF8(_ index: Int) -> Bool {
            guard let raw, index < raw.count else { return false }
            return String(validating: raw[index], as: UTF8.self) == nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                paths.append(raw.flatMap { index - 1 < $0.count ? SystemPath(bytes: $0[index - 1]) : nil } ?? SystemPath(argument))
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
                let hint = DidYouMean.nearest(to: name, among: options.filter { !$0.hidden }.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
                throw UsageError("unknown option '--\(name)'\(hint)")
            }
            switch spec.kind {
            case .flag:
                if inline != nil { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
            case .value, .repeated:
                let value: String
                if let inline {
                    if notUTF8(index - 1) { throw Self.notUTF8Value(name, inline) }
                    value = inline
                } else {
                    guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                    if notUTF8(index) { throw Self.notUTF8Value(name, arguments[index]) }
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

    /// An option's value that is not UTF-8 (`shown` escaped): options are text, and only a
    /// command's file arguments are taken as bytes.
    static func notUTF8Value(_ name: String, _ shown: String) -> UsageError {
        UsageError("the value of '--\(name)' is not UTF-8 ('\(shown)'); an option's value is text, so give it in UTF-8 (rename a file whose name is not)")
    }

    /// Whether the flag was given.
    public func isSet(_ flag: Flag) -> Bool { flags.contains(flag.spec.name) }
    /// Whether the option was given (its value not decoded).
    public func given<V>(_ option: Option<V>) -> Bool { values[option.spec.name] != nil }
    /// The option's value, decoded, or nil when it was not given.
    public func get<V>(_ option: Option<V>) throws(UsageError) -> V? {
        guard let text = values[option.spec.name]?.last else { return nil }
        return try option.decode(text)
    }
    /// The texts given for a declared option, undecoded (`true` for a flag that is set), for
    /// ``RunOptions``, which decodes them.
    func texts(of spec: OptionSpec) -> [String] {
        switch spec.kind {
        case .flag: return flags.contains(spec.name) ? ["true"] : []
        case .value: return values[spec.name].flatMap(\.last).map { [$0] } ?? []
        case .repeated: return values[spec.name] ?? []
        }
    }
    /// Every value of a repeated option, decoded, in the order given.
    public func list<V>(_ option: Option<V>) throws(UsageError) -> [V] {
        var decoded: [V] = []
        for text in values[option.spec.name] ?? [] { decoded.append(try option.decode(text)) }
        return decoded
    }

    /// ` (did you mean 'large'?)` for a value that is near one of `candidates` (case
    /// aside, or by a letter or two: ``DidYouMean``), else "".
    public static func hint(_ value: String, among candidates: [String]) -> String {
        DidYouMean.nearest(to: value, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
