/// A JSON value as defined by RFC 8259.
///
/// Numbers are stored as `Double`, like JavaScript does. Objects are ``JSONObject``s: their
/// keys are kept exactly (two keys that differ only in Unicode normalization, such as "é"
/// written as U+00E9 and "e" followed by U+0301, are two keys, as in JavaScript) and in the
/// canonical order of their UTF-16 code units, so two equal values always serialize to the
/// same text.
public enum JSONValue: Sendable, Hashable {
    /// The JSON `null` literal.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number. Non-finite values are written as `null`.
    case number(Double)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array([JSONValue])
    /// Named members, keys kept exactly and in canonical order.
    case object(JSONObject)
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates `.null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates `.bool` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates `.number` from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates `.number` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates `.string` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates `.array` from an array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates `.object` from a dictionary literal; for a key written more than once (exactly
    /// the same Unicode scalars) the last value wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(keys: elements.map(\.0), values: elements.map(\.1)))
    }
}

// MARK: - Accessors

extension JSONValue {
    /// The member named exactly `key` when this is an object that has it, else `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array and `index` is in range, else `nil`.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    /// The string when this is `.string`, else `nil`.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number when this is `.number`, else `nil`.
    public var doubleValue: Double? {
        if case .number(let d) = self { return d }
        return nil
    }

    /// The number as an `Int` when this is `.number`, integral, and representable; else `nil`.
    public var intValue: Int? {
        if case .number(let d) = self { return Int(exactly: d) }
        return nil
    }

    /// The Boolean when this is `.bool`, else `nil`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements when this is `.array`, else `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members when this is `.object`, else `nil`.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON type name: "null", "boolean", "number", "string", "array" or "object".
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact canonical serialization, as `serialized()` gives it.
    public var description: String { serialized() }
}
