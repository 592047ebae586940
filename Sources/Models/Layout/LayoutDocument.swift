import ErrorKinds
import JSONKit

/// Where a field is in its layout file.
public enum FieldLocation: Sendable, Hashable, CustomStringConvertible {
    /// A text layout's line, 1-based.
    case line(Int)
    /// A JSON tree layout's JSON Pointer (RFC 6901) to the string: `/children/0/content`.
    case pointer(String)

    /// `line 3` or `/children/0/content`.
    public var description: String {
        switch self {
        case .line(let n): return "line \(n)"
        case .pointer(let p): return p.isEmpty ? "/" : p
        }
    }
}

/// One string in a layout that may hold placeholders.
public struct LayoutField: Sendable, Hashable {
    /// What the field does.
    public enum Role: String, Sendable, Hashable {
        /// A value shown or used by a component (or a line of a text layout).
        case value
        /// A container's loop source, `${array[item]}`.
        case dataSource
    }

    /// Where the string is.
    public let location: FieldLocation
    /// The member name holding the string (for array elements, the array's member name);
    /// `nil` in text layouts.
    public let name: String?
    /// The type of the component the field belongs to (lower-cased), if any.
    public let componentType: String?
    /// Value or loop source.
    public let role: Role
    /// The string, scanned.
    public let template: Template

    /// Creates a field.
    public init(location: FieldLocation, name: String? = nil, componentType: String? = nil,
                role: Role = .value, template: Template) {
        self.location = location
        self.name = name
        self.componentType = componentType
        self.role = role
        self.template = template
    }

    /// Whether the field is a component's text (``ComponentSchema/showsText(_:in:)``): a text
    /// layout's lines are not, since a line may stand for any field.
    public var showsText: Bool {
        guard role == .value, let name, case .pointer(let pointer) = location else { return false }
        // The component's own member, not a string nested inside one of its members.
        return pointer.hasSuffix("/" + name) && ComponentSchema.showsText(name, in: componentType)
    }

    /// Whether the field holds a colour (``ComponentSchema/isColor(_:pointer:)``).
    public var expectsColor: Bool {
        guard role == .value, let name, case .pointer(let pointer) = location else { return false }
        return ComponentSchema.isColor(name, pointer: pointer)
    }

    /// Whether the field must render as a number (``ComponentSchema/isNumeric(_:in:)``).
    public var expectsNumber: Bool {
        guard role == .value, let name else { return false }
        return ComponentSchema.isNumeric(name, in: componentType)
    }
}

/// A component of a JSON tree layout.
public struct LayoutComponent: Sendable, Hashable {
    /// JSON Pointer to the component object (`""` for the root object).
    public let pointer: String
    /// `type`, lower-cased; `nil` when absent.
    public let type: String?
    /// Every string member (nested ones too) except `type` and `dataSource`, in key order.
    public let fields: [LayoutField]
    /// The loop source, when the component has a `dataSource` member holding a string.
    public let dataSource: LayoutField?
    /// The child components.
    public let children: [LayoutComponent]
    /// The members other than `children` and `dataSource`, with strings as templates.
    let members: [JSONKey: FieldTree]
    /// Whether the object had a `children` member.
    let hasChildren: Bool
}

/// A JSON value whose strings are templates.
indirect enum FieldTree: Sendable, Hashable {
    case literal(JSONValue)
    case template(Template)
    case array([FieldTree])
    case object([JSONKey: FieldTree])
}

/// Why a layout file could not be read.
public struct LayoutParseError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// A layout that does not load: malformed input.
    public var errorKind: ErrorKind { .input(.malformed) }
    /// What is wrong and what to do.
    public let message: String
    /// 1-based line.
    public let line: Int
    /// 1-based column, in Unicode scalars.
    public let column: Int

    /// Creates an error.
    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A layout: the placeholders a widget shows, either as a text file with one field per line or
/// as a JSON component tree.
public struct LayoutDocument: Sendable, Hashable {
    /// The two layout formats.
    public enum Format: String, Sendable, Hashable {
        case text
        case tree
    }

    /// What the file holds.
    public enum Body: Sendable, Hashable {
        /// A text layout's fields, one per non-blank, non-comment line.
        case lines([LayoutField])
        /// A JSON tree whose root is one component object.
        case component(LayoutComponent)
        /// A JSON tree whose root is an array of components.
        case components([LayoutComponent])
    }

    /// The content.
    public let body: Body
    /// Problems with the tree's structure found while loading (`layout-component`).
    public let findings: [LayoutFinding]
    /// The JSON a tree layout was made from (``init(tree:)``), nil for a text layout: a picture
    /// request carries it, so the drawing side makes the same document without reading the text again.
    public let tree: JSONValue?

    /// Text or tree.
    public var format: Format {
        if case .lines = body { return .text }
        return .tree
    }

    /// Reads a layout file, choosing the format by content (see ``looksLikeJSON(_:)``): JSON
    /// that starts with `{` or `[` is a tree and must be valid; anything else is a text layout.
    /// A leading byte order mark is ignored.
    public static func parse(text: String) throws(LayoutParseError) -> LayoutDocument {
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        guard looksLikeJSON(text) else { return LayoutDocument(lines: text) }
        let value: JSONValue
        do {
            value = try JSONValue.parse(text, maxDepth: 256)
        } catch {
            throw LayoutParseError(
                message: "the layout starts like JSON but is not valid JSON: \(error.message). Fix the JSON, or write a text layout (one field per line) that does not start with '{' or '['.",
                line: error.line, column: error.column)
        }
        return LayoutDocument(tree: value)
    }

    /// A text layout: each line is one field. Lines are split at `\n`, `\r\n` or `\r`; blank
    /// lines (only whitespace) are skipped, and so are comment lines — `#` as the first
    /// non-blank character followed by whitespace or the end of the line (`# note`, `#`), so
    /// `#FF0000` or `#1 ${name}` are fields. A line is otherwise kept exactly as written.
    public init(lines text: String) {
        var fields: [LayoutField] = []
        var line = 1
        var current = String.UnicodeScalarView()
        var previousCR = false
        func finish() {
            let content = String(current)
            if !LayoutDocument.isSkippable(current) {
                fields.append(LayoutField(location: .line(line), template: Template(content)))
            }
            current = String.UnicodeScalarView()
            line += 1
        }
        for s in text.unicodeScalars {
            if s == "\n" {
                if previousCR { previousCR = false; continue }
                finish()
            } else if s == "\r" {
                finish()
                previousCR = true
                continue
            } else {
                current.append(s)
            }
            previousCR = false
        }
        if !current.isEmpty { finish() }
        body = .lines(fields)
        findings = []
        tree = nil
    }

    /// A tree layout from parsed JSON: an object is the root component, an array a list of
    /// root components. Any other value gives a tree with no components and a finding.
    public init(tree value: JSONValue) {
        var builder = TreeBuilder()
        switch value {
        case .array(let elements):
            var roots: [LayoutComponent] = []
            for (i, element) in elements.enumerated() {
                if let c = builder.component(element, pointer: "/\(i)") { roots.append(c) }
            }
            body = .components(roots)
        case .object:
            body = builder.component(value, pointer: "").map { .component($0) } ?? .components([])
        default:
            builder.problem("", "the layout is a JSON \(value.typeName); a tree layout is a component object or an array of them")
            body = .components([])
        }
        findings = builder.findings
        tree = value
    }

    /// Whether `text` is to be read as JSON: its first non-whitespace character is `{` or `[`,
    /// and the next non-whitespace character could continue JSON — for `{` a `"` or `}`, for
    /// `[` a value or `]`. So `{title} is …` (a legacy placeholder) and `[${level}] …` are text
    /// layouts, while `{"type": …` or `[ {` must be valid JSON.
    public static func looksLikeJSON(_ text: String) -> Bool {
        var it = text.unicodeScalars.makeIterator()
        var first: Unicode.Scalar?
        while let s = it.next() {
            if !isJSONSpace(s) { first = s; break }
        }
        guard let open = first, open == "{" || open == "[" else { return false }
        var next: Unicode.Scalar?
        var rest = String.UnicodeScalarView()
        while let s = it.next() {
            if next == nil {
                if isJSONSpace(s) { continue }
                next = s
            }
            rest.append(s)
            if rest.count >= 5 { break }
        }
        guard let n = next else { return false }
        if open == "{" { return n == "\"" || n == "}" }
        switch n {
        case "{", "[", "\"", "-", "]": return true
        case "0"..."9": return true
        default:
            let word = String(rest)
            return word.hasPrefix("true") || word.hasPrefix("false") || word.hasPrefix("null")
        }
    }

    private static func isJSONSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\r"
    }

    private static func isSkippable(_ line: String.UnicodeScalarView) -> Bool {
        var i = line.startIndex
        while i < line.endIndex, line[i].properties.isWhitespace { i = line.index(after: i) }
        if i == line.endIndex { return true }
        guard line[i] == "#" else { return false }
        let after = line.index(after: i)
        return after == line.endIndex || line[after].properties.isWhitespace
    }

    /// Every field in document order: lines, or for each component its fields, its
    /// `dataSource`, then its children.
    public var fields: [LayoutField] {
        switch body {
        case .lines(let fields): return fields
        case .component(let c): return LayoutDocument.collect([c])
        case .components(let cs): return LayoutDocument.collect(cs)
        }
    }

    private static func collect(_ components: [LayoutComponent]) -> [LayoutField] {
        var out: [LayoutField] = []
        var stack = Array(components.reversed())
        while let c = stack.popLast() {
            out += c.fields
            if let d = c.dataSource { out.append(d) }
            stack += c.children.reversed()
        }
        return out
    }
}
