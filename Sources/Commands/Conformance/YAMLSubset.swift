import ErrorKinds
import JSONKit

/// A problem in a front-matter block, with the line it is on (in the fixture file).
public struct YAMLError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// Front matter that does not parse: malformed input.
    public var errorKind: ErrorKind { .input(.malformed) }
    public var message: String
    public var line: Int
    public var description: String { "line \(line): \(message)" }
}

/// The YAML subset fixtures use, parsed into JSON values: block maps and lists,
/// flow collections (`[a, b]`, `{a: 1}`), quoted and plain scalars, literal (`|`)
/// and folded (`>`) block strings, and `#` comments. Anything else (anchors, tags,
/// multi-document streams, tabs for indentation) is an error with its line.
///
/// The text is read as UTF-8 bytes: every character the syntax gives a meaning to is ASCII,
/// and no byte of a longer character is one of them. Lines end at `\n`, and a `\r` before it
/// is dropped.
///
/// Maps and lists nest at most ``maximumDepth`` levels, block and flow together: the bound of
/// the JSON reader, so a hostile front matter (`[[[…]]]` 100,000 deep) is an error at its line,
/// never a stack overflow, and the value it gives can be compared and destroyed safely.
public enum YAMLSubset {
    /// How deep maps and lists may nest: the JSON reader's bound (512).
    public static let maximumDepth = JSONValue.defaultMaxDepth

    static func tooDeep(_ line: Int) -> YAMLError {
        YAMLError(message: "maps and lists nest more than \(maximumDepth) levels deep, the most a front matter may", line: line)
    }

    /// Parses `text`; `firstLine` is the file line of the text's first line.
    public static func parse(_ text: String, firstLine: Int = 1) throws(YAMLError) -> JSONValue {
        try parse(Array(text.utf8)[...], firstLine: firstLine)
    }

    /// Parses UTF-8 `bytes`; `firstLine` is the file line of their first line.
    public static func parse(_ bytes: ArraySlice<UInt8>, firstLine: Int = 1) throws(YAMLError) -> JSONValue {
        var parser = BlockParser(text: bytes, firstLine: firstLine)
        return try parser.parseDocument()
    }
}

/// A run of the front matter's bytes.
private typealias Text = ArraySlice<UInt8>

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")

private struct Line {
    let number: Int
    let indent: Int
    let content: Text
    let raw: Text
}

private struct BlockParser {
    var lines: [Line] = []
    var rawLines: [(number: Int, text: Text)] = []
    var index = 0
    /// The maps and lists open around the line being read.
    var depth = 0

    /// One more map or list opens at `line`; past ``YAMLSubset/maximumDepth`` it is an error.
    mutating func enter(_ line: Int) throws(YAMLError) {
        depth += 1
        if depth > YAMLSubset.maximumDepth { throw YAMLSubset.tooDeep(line) }
    }

    init(text: Text, firstLine: Int) {
        var start = text.startIndex
        var number = firstLine
        while true {
            let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            var raw = text[start..<end]
            if raw.last == UInt8(ascii: "\r") { raw = raw.dropLast() }
            rawLines.append((number, raw))
            let indent = raw.prefix { $0 == space }.count
            let content = raw.dropFirst(indent)
            if !content.isEmpty, content.first != UInt8(ascii: "#") {
                lines.append(Line(number: number, indent: indent, content: content, raw: raw))
            }
            guard end < text.endIndex else { break }
            start = end + 1
            number += 1
        }
    }

    mutating func parseDocument() throws(YAMLError) -> JSONValue {
        for line in lines where line.raw.contains(tab) && line.raw.prefix(while: { $0 == space || $0 == tab }).contains(tab) {
            throw YAMLError(message: "a tab in the indentation; indent with spaces", line: line.number)
        }
        guard let first = lines.first else { return .object([:]) }
        let value = try parseBlock(indent: first.indent)
        if index < lines.count {
            throw YAMLError(message: "unexpected indentation", line: lines[index].number)
        }
        return value
    }

    /// `-` alone or followed by a space: a list item.
    static func isListItem(_ content: Text) -> Bool {
        content.first == UInt8(ascii: "-") && (content.count == 1 || content[content.startIndex + 1] == space)
    }

    mutating func parseBlock(indent: Int) throws(YAMLError) -> JSONValue {
        if Self.isListItem(lines[index].content) { return try parseSequence(indent: indent) }
        return try parseMapping(indent: indent)
    }

    mutating func parseSequence(indent: Int) throws(YAMLError) -> JSONValue {
        try enter(lines[index].number)
        defer { depth -= 1 }
        var items: [JSONValue] = []
        while index < lines.count, lines[index].indent == indent, Self.isListItem(lines[index].content) {
            let line = lines[index]
            let rest = line.content.dropFirst(1).drop { $0 == space }
            if rest.isEmpty || rest.first == UInt8(ascii: "#") {
                index += 1
                guard index < lines.count, lines[index].indent > indent else { items.append(.null); continue }
                items.append(try parseBlock(indent: lines[index].indent))
            } else if Self.mappingKey(in: rest) != nil {
                // "- key: value" opens a map whose keys line up with `key`.
                let keyIndent = indent + (line.content.count - rest.count)
                lines[index] = Line(number: line.number, indent: keyIndent, content: rest, raw: line.raw)
                items.append(try parseMapping(indent: keyIndent))
            } else {
                index += 1
                items.append(try Self.inlineValue(rest, line: line.number, depth: depth))
            }
        }
        return .array(items)
    }

    mutating func parseMapping(indent: Int) throws(YAMLError) -> JSONValue {
        try enter(lines[index].number)
        defer { depth -= 1 }
        var object: JSONObject = [:]
        while index < lines.count, lines[index].indent == indent {
            let line = lines[index]
            if Self.isListItem(line.content) {
                throw YAMLError(message: "a list item where a 'key: value' line was expected", line: line.number)
            }
            guard let (key, rest) = Self.mappingKey(in: line.content) else {
                throw YAMLError(message: "expected 'key: value'", line: line.number)
            }
            let name = try Self.keyName(key, line: line.number)
            if object[name] != nil { throw YAMLError(message: "duplicate key '\(name)'", line: line.number) }
            index += 1
            let value = Self.stripComment(rest)
            if value.isEmpty {
                if index < lines.count, lines[index].indent > indent {
                    object[name] = try parseBlock(indent: lines[index].indent)
                } else if index < lines.count, lines[index].indent == indent, Self.isListItem(lines[index].content) {
                    object[name] = try parseSequence(indent: indent)
                } else {
                    object[name] = .null
                }
            } else if value.first == UInt8(ascii: "|") || value.first == UInt8(ascii: ">") {
                object[name] = .string(try blockScalar(header: value, parentIndent: indent, line: line.number))
            } else {
                object[name] = try Self.inlineValue(value, line: line.number, depth: depth)
            }
        }
        if index < lines.count, lines[index].indent > indent {
            throw YAMLError(message: "unexpected indentation", line: lines[index].number)
        }
        return .object(object)
    }

    /// A `|` (literal) or `>` (folded) block string: the lines indented deeper than the key.
    mutating func blockScalar(header: Text, parentIndent: Int, line: Int) throws(YAMLError) -> String {
        let folded = header.first == UInt8(ascii: ">")
        let chomp = header.dropFirst()
        let keep = chomp.elementsEqual("+".utf8)
        guard chomp.isEmpty || chomp.elementsEqual("-".utf8) || keep else {
            throw YAMLError(message: "unsupported block string header '\(header.string)'; use | or > (optionally with - or +)", line: line)
        }
        guard let start = rawLines.firstIndex(where: { $0.number == line }) else { return "" }
        var collected: [Text] = []
        var blockIndent: Int?
        var cursor = start + 1
        while cursor < rawLines.count {
            let text = rawLines[cursor].text
            let indent = text.prefix { $0 == space }.count
            if text.allSatisfy({ $0 == space }) { collected.append([]); cursor += 1; continue }
            if indent <= parentIndent { break }
            if blockIndent == nil { blockIndent = indent }
            guard indent >= blockIndent! else { break }
            collected.append(text.dropFirst(blockIndent!))
            cursor += 1
        }
        let lastNumber = cursor > start + 1 ? rawLines[cursor - 1].number : line
        while index < lines.count, lines[index].number <= lastNumber { index += 1 }
        while collected.last?.isEmpty == true && !keep { collected.removeLast() }
        var text: [UInt8] = []
        for (i, part) in collected.enumerated() {
            if i > 0 {
                if !folded {
                    text.append(UInt8(ascii: "\n"))
                } else if part.isEmpty {
                    text.append(UInt8(ascii: "\n"))
                } else if !collected[i - 1].isEmpty {
                    text.append(space)
                }
            }
            text += part
        }
        if !chomp.elementsEqual("-".utf8) { text.append(UInt8(ascii: "\n")) }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: Inline pieces

    /// Splits `key: rest` at the first `:` followed by a space or the end, outside quotes and brackets.
    static func mappingKey(in content: Text) -> (Text, Text)? {
        var quote: UInt8?
        var depth = 0
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                if index == content.startIndex { quote = byte }
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                if index == content.startIndex { return nil }
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            } else if byte == UInt8(ascii: "#"), index > content.startIndex, content[index - 1] == space {
                return nil
            } else if byte == UInt8(ascii: ":") && depth == 0 {
                let next = index + 1
                if next == content.endIndex || content[next] == space {
                    return (content[..<index], content[next...].drop { $0 == space })
                }
            }
            index += 1
        }
        return nil
    }

    static func keyName(_ key: Text, line: Int) throws(YAMLError) -> String {
        let trimmed = key.trimmingSpaces()
        if trimmed.first == UInt8(ascii: "\"") || trimmed.first == UInt8(ascii: "'") {
            var flow = FlowParser(text: trimmed, line: line, depth: 0)
            guard case .string(let name) = try flow.parseValue() else {
                throw YAMLError(message: "a key must be a string", line: line)
            }
            return name
        }
        guard !trimmed.isEmpty else { throw YAMLError(message: "an empty key", line: line) }
        return trimmed.string
    }

    static func stripComment(_ text: Text) -> Text {
        var quote: UInt8?
        var previous = space
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            let next = index + 1
            if let open = quote {
                if byte == UInt8(ascii: "\\") && open == UInt8(ascii: "\"") && next < text.endIndex {
                    index = next + 1  // an escaped character inside "…"
                    previous = space
                    continue
                }
                if byte == open {
                    if open == UInt8(ascii: "'") && next < text.endIndex && text[next] == UInt8(ascii: "'") {
                        index = next + 1  // '' inside '…'
                        continue
                    }
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                if [space, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(previous) { quote = byte }
            } else if byte == UInt8(ascii: "#") && previous == space {
                return text[..<index].trimmingSpaces()
            }
            previous = byte
            index = next
        }
        return text.trimmingSpaces()
    }

    /// The value on one line, inside `depth` open maps and lists.
    static func inlineValue(_ text: Text, line: Int, depth: Int) throws(YAMLError) -> JSONValue {
        let text = stripComment(text)
        if let first = text.first, "&*!%@`".utf8.contains(first) {
            throw YAMLError(message: "'\(Character(Unicode.Scalar(first)))' (anchors, aliases, tags) is not part of the fixture format", line: line)
        }
        var flow = FlowParser(text: text, line: line, depth: depth)
        let value = try flow.parseValue(topLevel: true)
        try flow.expectEnd()
        return value
    }
}

/// Flow collections and scalars on one line.
private struct FlowParser {
    let text: Text
    let line: Int
    var index: Int
    /// The maps and lists open around the cursor, the block ones the line is in included.
    var depth: Int

    init(text: Text, line: Int, depth: Int) {
        self.text = text
        self.line = line
        self.depth = depth
        index = text.startIndex
    }

    /// One more `[` or `{` opens; past ``YAMLSubset/maximumDepth`` it is an error.
    mutating func enter() throws(YAMLError) {
        depth += 1
        if depth > YAMLSubset.maximumDepth { throw YAMLSubset.tooDeep(line) }
    }

    /// The byte at the cursor, or nil at the end.
    var current: UInt8? { index < text.endIndex ? text[index] : nil }

    mutating func skipSpaces() { while current == space { index += 1 } }

    mutating func expectEnd() throws(YAMLError) {
        skipSpaces()
        if index < text.endIndex { throw YAMLError(message: "unexpected '\(text[index...].string)' after a value", line: line) }
    }

    mutating func parseValue(topLevel: Bool = false) throws(YAMLError) -> JSONValue {
        skipSpaces()
        switch current {
        case nil: return .null
        case UInt8(ascii: "["): return try parseList()
        case UInt8(ascii: "{"): return try parseMap()
        case UInt8(ascii: "\""): return .string(try parseDoubleQuoted())
        case UInt8(ascii: "'"): return .string(try parseSingleQuoted())
        default: return Self.plainScalar(parsePlain(topLevel: topLevel))
        }
    }

    mutating func parseList() throws(YAMLError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipSpaces()
        if current == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            items.append(try parseValue())
            skipSpaces()
            guard let byte = current else { throw YAMLError(message: "a '[' list is not closed with ']'", line: line) }
            index += 1
            if byte == UInt8(ascii: "]") { return .array(items) }
            guard byte == UInt8(ascii: ",") else { throw YAMLError(message: "expected ',' or ']' in a list", line: line) }
        }
    }

    mutating func parseMap() throws(YAMLError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var object: JSONObject = [:]
        skipSpaces()
        if current == UInt8(ascii: "}") { index += 1; return .object([:]) }
        while true {
            skipSpaces()
            let key: String
            if current == UInt8(ascii: "\"") { key = try parseDoubleQuoted() }
            else if current == UInt8(ascii: "'") { key = try parseSingleQuoted() }
            else {
                let start = index
                while let byte = current, byte != UInt8(ascii: ":"), byte != UInt8(ascii: ","), byte != UInt8(ascii: "}") { index += 1 }
                key = text[start..<index].trimmingSpaces().string
            }
            skipSpaces()
            guard current == UInt8(ascii: ":") else {
                throw YAMLError(message: "expected ':' after the key '\(key)' in a '{' map", line: line)
            }
            index += 1
            if object[key] != nil { throw YAMLError(message: "duplicate key '\(key)'", line: line) }
            object[key] = try parseValue()
            skipSpaces()
            guard let byte = current else { throw YAMLError(message: "a '{' map is not closed with '}'", line: line) }
            index += 1
            if byte == UInt8(ascii: "}") { return .object(object) }
            guard byte == UInt8(ascii: ",") else { throw YAMLError(message: "expected ',' or '}' in a map", line: line) }
        }
    }

    mutating func parseDoubleQuoted() throws(YAMLError) -> String {
        index += 1
        var result: [UInt8] = []
        while let byte = current {
            index += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: result, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else { result.append(byte); continue }
            guard let escape = current else { break }
            index += 1
            switch escape {
            case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): result.append(tab)
            case UInt8(ascii: "r"): result.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "0"): result.append(0)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escape)
            case UInt8(ascii: "u"):
                let hex = text[index...].prefix(4)
                guard hex.count == 4, let code = UInt32(hex.string, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw YAMLError(message: "a \\u escape needs four hex digits", line: line)
                }
                result += String(Character(scalar)).utf8
                index += 4
            default:
                // The whole character after the backslash, for the message.
                var end = index
                while end < text.endIndex, text[end] & 0xC0 == 0x80 { end += 1 }
                throw YAMLError(message: "unknown escape '\\\(text[(index - 1)..<end].string)' in a quoted string", line: line)
            }
        }
        throw YAMLError(message: "a \" string is not closed", line: line)
    }

    mutating func parseSingleQuoted() throws(YAMLError) -> String {
        index += 1
        var result: [UInt8] = []
        while let byte = current {
            index += 1
            if byte == UInt8(ascii: "'") {
                if current == UInt8(ascii: "'") { result.append(byte); index += 1; continue }
                return String(decoding: result, as: UTF8.self)
            }
            result.append(byte)
        }
        throw YAMLError(message: "a ' string is not closed", line: line)
    }

    mutating func parsePlain(topLevel: Bool) -> Text {
        let start = index
        while let byte = current {
            if !topLevel, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { break }
            index += 1
        }
        return text[start..<index].trimmingSpaces()
    }

    static func plainScalar(_ text: Text) -> JSONValue {
        let string = text.string
        switch string {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        // Digits and the characters of a number's other parts; `_` separates digit groups.
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if let first = text.first, isDigit(first) || "-+.".utf8.contains(first),
            text.allSatisfy({ isDigit($0) || "+-.eE_".utf8.contains($0) }),
            let number = Double(String(decoding: text.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self))
        {
            return .number(number)
        }
        return .string(string)
    }
}

extension ArraySlice<UInt8> {
    fileprivate func trimmingSpaces() -> ArraySlice<UInt8> {
        var result = self
        while result.first == space { result = result.dropFirst() }
        while result.last == space { result = result.dropLast() }
        return result
    }

    /// The bytes as text (they are UTF-8, and split only at ASCII characters).
    fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}
