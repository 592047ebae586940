import ErrorKinds
import JSONKit

/// A problem the layout check found, with a stable code.
public struct LayoutFinding: Finding {
    /// Stable codes; each has one severity.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A placeholder that cannot mean anything: `${}`, a bad path, `${` with no `}`, a loop
        /// item outside a `dataSource`, a `dataSource` that is not `${array[item]}`. (error)
        case syntax = "layout-syntax"
        /// The path names nothing in the outputs (or loop item); the field shows `""`. (warning)
        case missing = "layout-missing"
        /// A value of the wrong type: looking inside a number or string, a name on an array, a
        /// numeric field that is not a number, an object/array/null printed inside text. (warning)
        case type = "layout-type"
        /// A `dataSource` whose value is not an array; the container shows no children. (warning)
        case loopSource = "layout-loop-source"
        /// A number outside its range, such as a gauge value outside 0…1. (warning)
        case range = "layout-range"
        /// A legacy `{path}` placeholder; the app rewrites it as `${path}` on save. (info)
        case legacy = "layout-legacy"
        /// A tree layout's structure: unknown type, misplaced `children` or `dataSource`. (warning)
        case component = "layout-component"
        /// A member that is not a field of its component's type, such as `contents` or
        /// `colour`; it is ignored. The suggestion is the closest field. (warning)
        case unknownField = "layout-unknown-field"
        /// The check stopped expanding a loop at a limit (``LayoutOptions``). (info)
        case limit = "layout-limit"

        /// The code's severity.
        public var severity: Severity {
            switch self {
            case .syntax: return .error
            case .missing, .type, .loopSource, .range, .component, .unknownField: return .warning
            case .legacy, .limit: return .info
            }
        }
    }

    /// The stable code.
    public let code: Code
    /// What is wrong and what to do about it.
    public let message: String
    /// The field (or component) concerned.
    public let location: FieldLocation?
    /// 1-based column of the placeholder in the field, when there is one.
    public let column: Int?
    /// The placeholder as written, when there is one.
    public let placeholder: String?
    /// A corrected path (no braces), when a close one exists: `user.name` for `user.nmae`; for
    /// `layout-unknown-field`, the closest field name.
    public let suggestion: String?
    /// The loop items in force the first time this was found (empty outside loops).
    public let loop: [LayoutEntry.LoopStep]
    /// How many renderings hit it (more than 1 inside loops).
    public internal(set) var occurrences: Int

    /// The code's severity.
    public var severity: Severity { code.severity }

    /// Creates a finding.
    public init(code: Code, message: String, location: FieldLocation? = nil, column: Int? = nil,
                placeholder: String? = nil, suggestion: String? = nil,
                loop: [LayoutEntry.LoopStep] = [], occurrences: Int = 1) {
        self.code = code
        self.message = message
        self.location = location
        self.column = column
        self.placeholder = placeholder
        self.suggestion = suggestion
        self.loop = loop
        self.occurrences = occurrences
    }
}

/// One placeholder rendered once: a field's placeholder outside loops, or inside a loop once
/// per item.
public struct LayoutEntry: Sendable, Hashable {
    /// How the placeholder resolved.
    public enum Status: String, Sendable, Hashable {
        /// It has a value.
        case resolved
        /// The path names nothing (or an index past the end); it renders as `""`.
        case missing
        /// The path looks inside a value that has no such parts, or a loop source is not an
        /// array; it renders as `""` (the loop as no children).
        case typeMismatch = "type-mismatch"
        /// The placeholder is not valid where it is; it renders as `""`.
        case invalid
        /// Inside a loop that has no items (empty, missing or not an array): listed, not rendered.
        case notRendered = "not-rendered"
    }

    /// One enclosing loop: its item name and the item's index.
    public struct LoopStep: Sendable, Hashable {
        /// The item name (`row`).
        public let item: String
        /// 0-based index of the element.
        public let index: Int

        /// Creates a step.
        public init(item: String, index: Int) {
            self.item = item
            self.index = index
        }
    }

    /// The field.
    public let location: FieldLocation
    /// 1-based column of the placeholder in the field (Unicode scalars).
    public let column: Int
    /// The placeholder as written: `${row.title}`.
    public let placeholder: String
    /// The path as written, without braces: `row.title`.
    public let path: String
    /// A value field or a loop source.
    public let role: LayoutField.Role
    /// Enclosing loops, outermost first.
    public let loop: [LoopStep]
    /// How it resolved.
    public let status: Status
    /// The value (for a loop source, the array); `nil` unless resolved.
    public let value: JSONValue?
    /// What the placeholder contributes to text: ``Template/text(of:)`` of the value, or `""`.
    public let text: String
    /// The whole field rendered in this iteration (typed when the field is one placeholder).
    public let field: JSONValue
    /// For a loop source that is an array, its number of elements.
    public let itemCount: Int?
}

/// What ``LayoutCheck/run(_:outputs:options:)`` found.
public struct LayoutReport: Sendable, Hashable {
    /// Text or tree.
    public let format: LayoutDocument.Format
    /// Placeholders in the layout as written (each counted once, loops not expanded).
    public let placeholderCount: Int
    /// Every placeholder rendering, in document order.
    public let entries: [LayoutEntry]
    /// Findings, each reported once: structural ones first, then by field (document order)
    /// and column.
    public let findings: [LayoutFinding]

    /// Number of findings of `severity`.
    public func count(_ severity: Severity) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    /// Whether any finding is an error.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The report as JSON (keys sorted when serialized): `format`, `placeholders`, `entries`,
    /// `findings`, `summary` (`errors`, `warnings`, `infos`, `entries`). A location is `line`
    /// (text layouts) or `pointer` (trees); absent optional members are left out, except an
    /// entry's `value`, which is `null` unless resolved.
    public var json: JSONValue {
        .object([
            "format": .string(format.rawValue),
            "placeholders": .number(Double(placeholderCount)),
            "entries": .array(entries.map(Self.json)),
            "findings": .array(findings.map(Self.json)),
            "summary": .object([
                "errors": .number(Double(count(.error))),
                "warnings": .number(Double(count(.warning))),
                "infos": .number(Double(count(.info))),
                "entries": .number(Double(entries.count)),
            ]),
        ])
    }

    private static func json(_ entry: LayoutEntry) -> JSONValue {
        var o: JSONObject = [
            "column": .number(Double(entry.column)),
            "placeholder": .string(entry.placeholder),
            "path": .string(entry.path),
            "role": .string(entry.role.rawValue),
            "loop": json(entry.loop),
            "status": .string(entry.status.rawValue),
            "value": entry.value ?? .null,
            "text": .string(entry.text),
            "field": entry.field,
        ]
        add(entry.location, to: &o)
        if let n = entry.itemCount { o["items"] = .number(Double(n)) }
        return .object(o)
    }

    private static func json(_ finding: LayoutFinding) -> JSONValue {
        var o: JSONObject = [
            "code": .string(finding.code.rawValue),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "occurrences": .number(Double(finding.occurrences)),
        ]
        if let location = finding.location { add(location, to: &o) }
        if let c = finding.column { o["column"] = .number(Double(c)) }
        if let p = finding.placeholder { o["placeholder"] = .string(p) }
        if let s = finding.suggestion { o["suggestion"] = .string(s) }
        if !finding.loop.isEmpty { o["loop"] = json(finding.loop) }
        return .object(o)
    }

    private static func json(_ loop: [LayoutEntry.LoopStep]) -> JSONValue {
        .array(loop.map { .object(["item": .string($0.item), "index": .number(Double($0.index))]) })
    }

    private static func add(_ location: FieldLocation, to o: inout JSONObject) {
        switch location {
        case .line(let n): o["line"] = .number(Double(n))
        case .pointer(let p): o["pointer"] = .string(p)
        }
    }
}

extension LayoutFinding {
    /// The code's text.
    public var codeName: String { code.rawValue }
}
