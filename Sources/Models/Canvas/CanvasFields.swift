import JSONKit

/// Reads the fields of one command, noting each problem as a diagnostic with the command's
/// index and the field's name. A geometry field that is wrong skips the command; a style field
/// that is wrong takes its default.
struct CanvasFields {
    let index: Int
    let op: String
    let object: JSONObject
    let scheme: ColorScheme
    var diagnostics: [CanvasDiagnostic] = []
    var read: Set<String> = ["op"]
    /// Set when a geometry field was wrong: the command is not drawn.
    var skip = false

    init(index: Int, op: String, object: JSONObject, scheme: ColorScheme) {
        self.index = index
        self.op = op
        self.object = object
        self.scheme = scheme
    }

    mutating func invalid(_ field: String?, _ message: String) {
        diagnostics.append(CanvasDiagnostic(.invalidCommand, index: index, field: field, "\(op): \(message)"))
    }

    mutating func limit(_ field: String?, _ message: String) {
        diagnostics.append(CanvasDiagnostic(.limit, index: index, field: field, "\(op): \(message)"))
    }

    /// The value of `key` (or of the first alias present), marking it read.
    mutating func value(_ key: String, aliases: [String] = []) -> (name: String, value: JSONValue)? {
        for name in [key] + aliases {
            read.insert(name)
            if let value = object[name] { return (name, value) }
        }
        return nil
    }

    /// A number, or a string holding one (a placeholder in a longer field renders as text).
    static func number(of value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number
        case .string(let text):
            let trimmed = text.trimmingSpaces
            guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) else { return nil }
            return Double(trimmed)
        default: return nil
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "the Boolean \(flag)"
        case .number(let number): "the number \(JSONValue.formatNumber(number))"
        case .string(let text): "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A coordinate or length; `required` ones that are missing skip the command.
    mutating func geometry(_ key: String, aliases: [String] = [], default fallback: Double? = 0, nonNegative: Bool = false) -> Double {
        guard let (name, value) = self.value(key, aliases: aliases) else {
            if let fallback { return fallback }
            invalid(key, "missing \(key); the command is not drawn")
            skip = true
            return 0
        }
        guard let number = Self.number(of: value) else {
            invalid(name, "\(name) must be a number, got \(Self.describe(value)); the command is not drawn")
            skip = true
            return 0
        }
        guard number.isFinite, abs(number) <= CanvasLimits.coordinate else {
            invalid(name, "\(name) must be a finite number from -1000000 to 1000000, got \(Self.describe(value)); the command is not drawn")
            skip = true
            return 0
        }
        if nonNegative, number < 0 {
            invalid(name, "\(name) must not be negative, got \(Self.describe(value)); the command is not drawn")
            skip = true
            return 0
        }
        return number
    }

    /// An optional style number: a wrong one takes `fallback`, with a diagnostic.
    mutating func styleNumber(_ key: String, aliases: [String] = [], fallback: Double, valid: (Double) -> Bool, rule: String) -> Double {
        guard let (name, value) = self.value(key, aliases: aliases) else { return fallback }
        guard let number = Self.number(of: value), number.isFinite, valid(number) else {
            invalid(name, "\(name) must be \(rule), got \(Self.describe(value)); \(JSONValue.formatNumber(fallback)) is used")
            return fallback
        }
        return number
    }

    mutating func bool(_ key: String) -> Bool {
        guard let (name, value) = self.value(key) else { return false }
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default:
            invalid(name, "\(name) must be true or false, got \(Self.describe(value)); false is used")
            return false
        }
    }

    /// One of a keyword's values; a wrong one takes `fallback`.
    mutating func keyword<K: RawRepresentable & CaseIterable>(_ key: String, fallback: K) -> K where K.RawValue == String {
        guard let (name, value) = self.value(key) else { return fallback }
        if case .string(let text) = value, let parsed = K(rawValue: text) { return parsed }
        let names = K.allCases.map(\.rawValue).joined(separator: ", ")
        invalid(name, "\(name) must be one of \(names), got \(Self.describe(value)); \(fallback.rawValue) is used")
        return fallback
    }

    /// A point written `[x, y]` or `{x, y}`.
    static func point(_ value: JSONValue) -> CanvasPoint? {
        var x: Double?, y: Double?
        switch value {
        case .array(let items) where items.count == 2:
            x = number(of: items[0])
            y = number(of: items[1])
        case .object(let object):
            x = object["x"].flatMap(number(of:))
            y = object["y"].flatMap(number(of:))
        default: return nil
        }
        guard let x, let y, x.isFinite, y.isFinite, abs(x) <= CanvasLimits.coordinate, abs(y) <= CanvasLimits.coordinate else { return nil }
        return CanvasPoint(x: x, y: y)
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
