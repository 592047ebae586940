/// One placeholder found in a field: `${user.name}` or legacy `{user.name}`.
public struct Placeholder: Sendable, Hashable {
    /// How the placeholder was written.
    public enum Syntax: String, Sendable, Hashable {
        /// `${path}`.
        case current
        /// `{path}`, the older form the app still reads (and rewrites as `${path}` on save).
        case legacy
    }

    /// What the placeholder refers to.
    public enum Target: Sendable, Hashable {
        /// A value: `user.name`, `$.title`.
        case path(PlaceholderPath)
        /// A loop source: `rows[row]` (meaningful only in a container's `dataSource`).
        case loop(LoopSource)
        /// A `${…}` whose body is not a path; renders as an empty string. The reason says why.
        case invalid(reason: String)
    }

    /// The placeholder as written, braces included: `${ user.name }`.
    public let source: String
    /// The text between the braces with surrounding whitespace removed: `user.name`.
    public let body: String
    /// `${…}` or legacy `{…}`.
    public let syntax: Syntax
    /// The parsed body.
    public let target: Target
    /// 1-based column of the opening `$` (or `{`) in the field, counted in Unicode scalars.
    public let column: Int

    /// Creates a placeholder from its parts.
    public init(source: String, body: String, syntax: Syntax, target: Target, column: Int) {
        self.source = source
        self.body = body
        self.syntax = syntax
        self.target = target
        self.column = column
    }

    /// The value path when the target is a plain path, else `nil`.
    public var path: PlaceholderPath? {
        if case .path(let p) = target { return p }
        return nil
    }
}

/// A field value split into literal text and placeholders.
///
/// Scanning rules:
/// - `${` starts a placeholder that ends at the next `}` (a `}` inside a quoted key such as
///   `["a}b"]` does not count). Whitespace just inside the braces is ignored: `${ name }` is
///   `${name}`. Whatever the body is, the placeholder is kept; an invalid body renders as `""`.
/// - A `${` with no closing `}` before the end of the field, or before another `{`, is literal
///   text; the template records its column in ``unterminatedColumns``.
/// - Legacy `{…}` (a `{` not preceded by `$`) is a placeholder only when its body is a valid
///   path with no whitespace: `{title}`, `{a.b[0]}`, `{rows[row]}`. Anything else — `{ }`,
///   `{"a": 1}`, `{a, b}` — stays literal text, braces included.
/// - There is no escape: every other character, `$` and `}` included, is literal.
public struct Template: Sendable, Hashable {
    /// A run of literal text or a placeholder.
    public enum Part: Sendable, Hashable {
        case text(String)
        case placeholder(Placeholder)
    }

    /// The field as written.
    public let source: String
    /// Literal text and placeholders in order; adjacent text is merged; empty for `""`.
    public let parts: [Part]
    /// Columns (1-based, Unicode scalars) of each `${` that has no closing `}`.
    public let unterminatedColumns: [Int]

    /// Scans `source`.
    public init(_ source: String) {
        self.source = source
        var scanner = TemplateScanner(source)
        scanner.scan()
        parts = scanner.parts
        unterminatedColumns = scanner.unterminated
    }

    /// The placeholders in order.
    public var placeholders: [Placeholder] {
        parts.compactMap { part in
            if case .placeholder(let p) = part { return p }
            return nil
        }
    }

    /// Whether the field has at least one placeholder.
    public var hasPlaceholders: Bool {
        parts.contains { if case .placeholder = $0 { return true } else { return false } }
    }

    /// The placeholder when the whole field is exactly one placeholder (no text around it, not
    /// even spaces); such a field keeps the value's JSON type when rendered.
    public var singlePlaceholder: Placeholder? {
        if parts.count == 1, case .placeholder(let p) = parts[0] { return p }
        return nil
    }
}

/// Splits a field into parts; works on Unicode scalars so columns match the JSON parser's.
struct TemplateScanner {
    let s: [Unicode.Scalar]
    var parts: [Template.Part] = []
    var unterminated: [Int] = []
    private var literal = String.UnicodeScalarView()

    init(_ source: String) {
        s = Array(source.unicodeScalars)
    }

    mutating func scan() {
        if !s.contains("{") {
            if !s.isEmpty { parts = [.text(String(String.UnicodeScalarView(s)))] }
            return
        }
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "$", i + 1 < s.count, s[i + 1] == "{" {
                if let end = closingBrace(from: i + 2) {
                    let body = trimmed(i + 2, end)
                    let text = string(body.lowerBound, body.upperBound)
                    add(Placeholder(source: string(i, end + 1), body: text, syntax: .current,
                                    target: Self.target(text), column: i + 1))
                    i = end + 1
                } else {
                    unterminated.append(i + 1)
                    literal.append("$")
                    literal.append("{")
                    i += 2
                }
                continue
            }
            if c == "{", let end = closingBrace(from: i + 1) {
                let text = string(i + 1, end)
                let parsed = PathSyntax.parse(text)
                if case .invalid = parsed {} else {
                    add(Placeholder(source: string(i, end + 1), body: text, syntax: .legacy,
                                    target: Self.target(parsed), column: i + 1))
                    i = end + 1
                    continue
                }
            }
            literal.append(c)
            i += 1
        }
        flush()
    }

    /// Index of the `}` that closes a placeholder body starting at `start`, or `nil` when the
    /// field ends or another `{` comes first. Quoted keys (`["…"]`) are skipped whole.
    private func closingBrace(from start: Int) -> Int? {
        var k = start
        while k < s.count {
            let c = s[k]
            if c == "}" { return k }
            if c == "{" { return nil }
            if c == "[", k + 1 < s.count, s[k + 1] == "\"" || s[k + 1] == "'" {
                let quote = s[k + 1]
                k += 2
                while k < s.count, s[k] != quote {
                    k += s[k] == "\\" ? 2 : 1
                }
                if k >= s.count { return nil }
            }
            k += 1
        }
        return nil
    }

    private func trimmed(_ from: Int, _ to: Int) -> Range<Int> {
        var lo = from
        var hi = to
        while lo < hi, s[lo].properties.isWhitespace { lo += 1 }
        while hi > lo, s[hi - 1].properties.isWhitespace { hi -= 1 }
        return lo..<hi
    }

    private func string(_ from: Int, _ to: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: s[from..<to])
        return String(view)
    }

    private static func target(_ body: String) -> Placeholder.Target {
        target(PathSyntax.parse(body))
    }

    private static func target(_ parsed: PathSyntax.Parsed) -> Placeholder.Target {
        switch parsed {
        case .path(let p): return .path(p)
        case .loop(let l): return .loop(l)
        case .invalid(let reason): return .invalid(reason: reason)
        }
    }

    private mutating func add(_ placeholder: Placeholder) {
        flush()
        parts.append(.placeholder(placeholder))
    }

    private mutating func flush() {
        if !literal.isEmpty {
            parts.append(.text(String(literal)))
            literal = String.UnicodeScalarView()
        }
    }
}
