/// The path inside a placeholder: `user.name`, `list[0]`, `a.b[0].c`, `a["key with space"]`,
/// `$.title` (global scope only).
///
/// Grammar (whitespace is not allowed inside a path):
///
///     path     = [ "$" ] head { segment }            -- "$" must be followed by "." or "["
///     head     = name | quoted                       -- after "$": "." name | quoted
///     segment  = "." key | "[" digits "]" | quoted
///     quoted   = "[" ( '"' chars '"' | "'" chars "'" ) "]"   -- "\" escapes the next character
///     name     = id-start { id-continue }            -- a JavaScript identifier (Unicode letters, "_", "$")
///     key      = id-continue { id-continue }         -- may start with a digit: `list.0`
///
/// A loop source (a container's `dataSource`) ends in an unquoted name in brackets:
/// `rows[row]` means "each element of `rows`, called `row`".
public struct PlaceholderPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Segment: Sendable, Hashable {
        /// A member name (`.name`, `["quoted"]`, or the head). On an array, a key that is a
        /// canonical non-negative integer (`"0"`, `"12"`) selects that element, as in JavaScript.
        case key(String)
        /// A numeric index (`[0]`). On an object it selects the member named by the digits.
        case index(Int)
    }

    /// Whether the path started with `$`: looked up among the script's outputs only, skipping
    /// loop items.
    public let isGlobal: Bool
    /// The head (always a `.key`) followed by the steps below it; never empty.
    public let segments: [Segment]

    /// Creates a path from parts. `segments` must not be empty and must start with a `.key`.
    public init(isGlobal: Bool = false, segments: [Segment]) {
        precondition(!segments.isEmpty, "a placeholder path needs a head")
        self.isGlobal = isGlobal
        self.segments = segments
    }

    /// Parses a path written without braces (`user.name`, `$.list[0]`); `nil` when the text is
    /// not a path or is a loop source (`rows[row]`).
    public init?(_ text: String) {
        guard case .path(let p) = PathSyntax.parse(text) else { return nil }
        self = p
    }

    /// The name looked up in the scope: the head segment.
    public var head: String {
        if case .key(let name) = segments[0] { return name }
        if case .index(let i) = segments[0] { return String(i) }
        return ""
    }

    /// Canonical spelling: `$.` when global, `.key` for keys made of identifier characters,
    /// `["…"]` (JSON-quoted) for other keys, `[n]` for indices.
    public var description: String { PlaceholderPath.spell(isGlobal: isGlobal, segments[...]) }

    /// Spells a global flag and segments as a path.
    static func spell(isGlobal: Bool, _ segments: ArraySlice<Segment>) -> String {
        var out = isGlobal ? "$" : ""
        for (offset, segment) in segments.enumerated() {
            switch segment {
            case .key(let key):
                let first = offset == 0 && !isGlobal
                if PathSyntax.isPlainKey(key, asHead: first) {
                    if !first { out += "." }
                    out += key
                } else {
                    out += "[" + quote(key) + "]"
                }
            case .index(let i):
                out += "[\(i)]"
            }
        }
        return out
    }

    private static func quote(_ key: String) -> String {
        var out = "\""
        for ch in key.unicodeScalars {
            if ch == "\"" || ch == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(ch)
        }
        return out + "\""
    }
}

/// A container's data source: iterate `array`, binding each element to `itemName`.
public struct LoopSource: Sendable, Hashable, CustomStringConvertible {
    /// Where the array is (resolved like any path, so an outer loop item works: `row.cells`).
    public let array: PlaceholderPath
    /// The name the children use for the current element (`row` in `rows[row]`).
    public let itemName: String

    /// Creates a loop source.
    public init(array: PlaceholderPath, itemName: String) {
        self.array = array
        self.itemName = itemName
    }

    /// `rows[row]`.
    public var description: String { "\(array)[\(itemName)]" }
}

/// Character classes and the path parser.
enum PathSyntax {
    static func isStart(_ s: Unicode.Scalar) -> Bool {
        s == "$" || s == "_" || s.properties.isIDStart
    }

    static func isContinue(_ s: Unicode.Scalar) -> Bool {
        s == "$" || s == "_" || s == "\u{200C}" || s == "\u{200D}" || s.properties.isIDContinue
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }

    /// Whether `key` can be written after a dot (or as the head when `asHead`).
    static func isPlainKey(_ key: String, asHead: Bool) -> Bool {
        var first = true
        for s in key.unicodeScalars {
            if first && asHead {
                guard isStart(s) else { return false }
            } else {
                guard isContinue(s) else { return false }
            }
            first = false
        }
        return !first && !(asHead && key == "$")
    }

    /// What a placeholder body means.
    enum Parsed: Sendable, Hashable {
        case path(PlaceholderPath)
        case loop(LoopSource)
        case invalid(String)
    }

    /// Parses a trimmed placeholder body.
    static func parse(_ body: String) -> Parsed {
        let s = Array(body.unicodeScalars)
        if s.isEmpty { return .invalid("the placeholder is empty; write a name such as ${title}") }
        var i = 0
        var isGlobal = false
        var segments: [PlaceholderPath.Segment] = []
        var loopItem: String?

        func readName(allowDigitStart: Bool) -> String? {
            let start = i
            while i < s.count, isContinue(s[i]) {
                if i == start && !allowDigitStart && !isStart(s[i]) { break }
                i += 1
            }
            if i == start { return nil }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: s[start..<i])
            return String(name)
        }

        func describe(_ scalar: Unicode.Scalar) -> String {
            if scalar == " " || scalar == "\t" { return "a space" }
            return "'\(scalar)'"
        }

        // Head.
        if s[0] == "$", s.count == 1 || s[1] == "." || s[1] == "[" {
            isGlobal = true
            i = 1
            if i == s.count { return .invalid("'$' must be followed by '.' and an output name, as in ${$.title}") }
            if s[i] == "." {
                i += 1
                guard let name = readName(allowDigitStart: false) else {
                    return .invalid("'$.' must be followed by an output name, as in ${$.title}")
                }
                segments.append(.key(name))
            }
        } else if s[0] != "[" {
            guard let name = readName(allowDigitStart: false) else {
                if isDigit(s[0]) {
                    return .invalid("a path starts with a name, not a digit; write ${list[0]} to index an array")
                }
                return .invalid("a path starts with a name, not \(describe(s[0]))")
            }
            segments.append(.key(name))
        }

        // Segments.
        while i < s.count {
            if loopItem != nil {
                return .invalid("[\(loopItem!)] names the loop item and must come last, as in ${rows[row]}")
            }
            let c = s[i]
            if c == "." {
                i += 1
                guard let key = readName(allowDigitStart: true) else {
                    return .invalid(i < s.count
                        ? "expected a name after '.', found \(describe(s[i]))"
                        : "the path ends with '.'; add a name after it")
                }
                segments.append(.key(key))
            } else if c == "[" {
                i += 1
                guard i < s.count else { return .invalid("'[' is not closed; add ']'") }
                let open = s[i]
                if open == "\"" || open == "'" {
                    i += 1
                    var key = String.UnicodeScalarView()
                    var closed = false
                    while i < s.count {
                        let k = s[i]
                        if k == "\\" && i + 1 < s.count {
                            key.append(s[i + 1])
                            i += 2
                            continue
                        }
                        i += 1
                        if k == open { closed = true; break }
                        key.append(k)
                    }
                    guard closed else { return .invalid("the quoted key is not closed; add \(open)]") }
                    segments.append(.key(String(key)))
                } else if isDigit(open) {
                    var value = 0
                    var overflow = false
                    while i < s.count, isDigit(s[i]) {
                        let (m, o1) = value.multipliedReportingOverflow(by: 10)
                        let (a, o2) = m.addingReportingOverflow(Int(s[i].value - 48))
                        overflow = overflow || o1 || o2
                        value = a
                        i += 1
                    }
                    segments.append(.index(overflow ? Int.max : value))
                } else if let name = readName(allowDigitStart: false) {
                    if segments.isEmpty { return .invalid("[\(name)] needs an array before it, as in ${rows[\(name)]}") }
                    loopItem = name
                } else if open == "-" {
                    return .invalid("indices count from 0; negative indices such as [-1] are not supported")
                } else {
                    return .invalid("expected a number, a quoted key or a loop item name after '[', found \(describe(open))")
                }
                guard i < s.count, s[i] == "]" else {
                    return .invalid(i < s.count ? "expected ']', found \(describe(s[i]))" : "'[' is not closed; add ']'")
                }
                i += 1
            } else {
                return .invalid("\(describe(c)) is not allowed in a path; use '.name', '[0]' or '[\"key\"]'")
            }
        }

        if segments.isEmpty { return .invalid("the path has no name") }
        guard case .key = segments[0] else { return .invalid("a path starts with a name") }
        let path = PlaceholderPath(isGlobal: isGlobal, segments: segments)
        if let item = loopItem { return .loop(LoopSource(array: path, itemName: item)) }
        return .path(path)
    }
}
