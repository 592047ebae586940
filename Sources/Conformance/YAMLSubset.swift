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
public enum YAMLSubset {
    /// Parses `text`; `firstLine` is the file line of the text's first line.
    public static func parse(_ text: String, firstLine: Int = 1) throws(YAMLError) -> JSONValue {
        var parser = BlockParser(text: text, firstLine: firstLine)
        return try parser.parseDocument()
    }
}

private struct Line {
    let number: Int
    let indent: Int
    let content: Substring
    let raw: Substring
}

private struct BlockParser {
    var lines: [Line] = []
    var rawLines: [(number: Int, text: Substring)] = []
    var index = 0

    init(text: String, firstLine: Int) {
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let raw = raw.last == "\r" ? raw.dropLast() : raw
            let number = firstLine + offset
            rawLines.append((number, raw))
            let indent = raw.prefix { $0 == " " }.count
            let content = raw.dropFirst(indent)
            if content.isEmpty || content.first == "#" { continue }
            lines.append(Line(number: number, indent: indent, content: content, raw: raw))
        }
    }

    mutating func parseDocument() throws(YAMLError) -> JSONValue {
        for line in lines where line.raw.contains("\t") && line.raw.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
            throw YAMLError(message: "a tab in the indentation; indent with spaces", line: line.number)
        }
        guard let first = lines.first else { return .object([:]) }
        let value = try parseBlock(indent: first.indent)
        if index < lines.count {
            throw YAMLError(message: "unexpected indentation", line: lines[index].number)
        }
        return value
    }

    mutating func parseBlock(indent: Int) throws(YAMLError) -> JSONValue {
        let line = lines[index]
        if line.content == "-" || line.content.hasPrefix("- ") { return try parseSequence(indent: indent) }
        return try parseMapping(indent: indent)
    }

    mutating func parseSequence(indent: Int) throws(YAMLError) -> JSONValue {
        var items: [JSONValue] = []
        while index < lines.count, lines[index].indent == indent,
            lines[index].content == "-" || lines[index].content.hasPrefix("- ")
        {
            let line = lines[index]
            let rest = line.content.dropFirst(1).drop { $0 == " " }
            if rest.isEmpty || rest.first == "#" {
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
                items.append(try Self.inlineValue(rest, line: line.number))
            }
        }
        return .array(items)
    }

    mutating func parseMapping(indent: Int) throws(YAMLError) -> JSONValue {
        var object: JSONObject = [:]
        while index < lines.count, lines[index].indent == indent {
            let line = lines[index]
            if line.content == "-" || line.content.hasPrefix("- ") {
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
                } else if index < lines.count, lines[index].indent == indent,
                    lines[index].content == "-" || lines[index].content.hasPrefix("- ")
                {
                    object[name] = try parseSequence(indent: indent)
                } else {
                    object[name] = .null
                }
            } else if value.first == "|" || value.first == ">" {
                object[name] = .string(try blockScalar(header: value, parentIndent: indent, line: line.number))
            } else {
                object[name] = try Self.inlineValue(value, line: line.number)
            }
        }
        if index < lines.count, lines[index].indent > indent {
            throw YAMLError(message: "unexpected indentation", line: lines[index].number)
        }
        return .object(object)
    }

    /// A `|` (literal) or `>` (folded) block string: the lines indented deeper than the key.
    mutating func blockScalar(header: Substring, parentIndent: Int, line: Int) throws(YAMLError) -> String {
        let folded = header.first == ">"
        let chomp = header.dropFirst()
        guard chomp.isEmpty || chomp == "-" || chomp == "+" else {
            throw YAMLError(message: "unsupported block string header '\(header)'; use | or > (optionally with - or +)", line: line)
        }
        guard let start = rawLines.firstIndex(where: { $0.number == line }) else { return "" }
        var collected: [Substring] = []
        var blockIndent: Int?
        var cursor = start + 1
        while cursor < rawLines.count {
            let text = rawLines[cursor].text
            let indent = text.prefix { $0 == " " }.count
            if text.allSatisfy({ $0 == " " }) { collected.append(""); cursor += 1; continue }
            if indent <= parentIndent { break }
            if blockIndent == nil { blockIndent = indent }
            guard indent >= blockIndent! else { break }
            collected.append(text.dropFirst(blockIndent!))
            cursor += 1
        }
        let lastNumber = cursor > start + 1 ? rawLines[cursor - 1].number : line
        while index < lines.count, lines[index].number <= lastNumber { index += 1 }
        while collected.last == "" && chomp != "+" { collected.removeLast() }
        var text: String
        if folded {
            text = ""
            for (i, part) in collected.enumerated() {
                if i > 0 {
                    if part.isEmpty { text += "\n" } else if !collected[i - 1].isEmpty { text += " " }
                }
                text += part
            }
        } else {
            text = collected.joined(separator: "\n")
        }
        return chomp == "-" ? text : text + "\n"
    }

    // MARK: Inline pieces

    /// Splits `key: rest` at the first `:` followed by a space or the end, outside quotes and brackets.
    static func mappingKey(in content: Substring) -> (Substring, Substring)? {
        var quote: Character?
        var depth = 0
        var index = content.startIndex
        while index < content.endIndex {
            let character = content[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                if index == content.startIndex { quote = character }
            } else if character == "[" || character == "{" {
                if index == content.startIndex { return nil }
                depth += 1
            } else if character == "]" || character == "}" {
                depth -= 1
            } else if character == "#", index > content.startIndex, content[content.index(before: index)] == " " {
                return nil
            } else if character == ":" && depth == 0 {
                let next = content.index(after: index)
                if next == content.endIndex || content[next] == " " {
                    return (content[..<index], content[next...].drop { $0 == " " })
                }
            }
            index = content.index(after: index)
        }
        return nil
    }

    static func keyName(_ key: Substring, line: Int) throws(YAMLError) -> String {
        let trimmed = key.trimmingSpaces()
        if trimmed.first == "\"" || trimmed.first == "'" {
            var flow = FlowParser(text: trimmed, line: line)
            guard case .string(let name) = try flow.parseValue() else {
                throw YAMLError(message: "a key must be a string", line: line)
            }
            return name
        }
        guard !trimmed.isEmpty else { throw YAMLError(message: "an empty key", line: line) }
        return String(trimmed)
    }

    static func stripComment(_ text: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if let open = quote {
                if character == "\\" && open == "\"" && next < text.endIndex {
                    index = text.index(after: next)  // an escaped character inside "…"
                    previous = " "
                    continue
                }
                if character == open {
                    if open == "'" && next < text.endIndex && text[next] == "'" {
                        index = text.index(after: next)  // '' inside '…'
                        continue
                    }
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                if previous == " " || previous == "[" || previous == "{" || previous == "," || previous == ":" { quote = character }
            } else if character == "#" && previous == " " {
                return text[..<index].trimmingSpaces()
            }
            previous = character
            index = next
        }
        return text.trimmingSpaces()
    }

    static func inlineValue(_ text: Substring, line: Int) throws(YAMLError) -> JSONValue {
        let text = stripComment(text)
        if let first = text.first, "&*!%@`".contains(first) {
            throw YAMLError(message: "'\(first)' (anchors, aliases, tags) is not part of the fixture format", line: line)
        }
        var flow = FlowParser(text: text, line: line)
        let value = try flow.parseValue(topLevel: true)
        try flow.expectEnd()
        return value
    }
}

/// Flow collections and scalars on one line.
private struct FlowParser {
    let text: Substring
    let line: Int
    var index: Substring.Index

    init(text: Substring, line: Int) {
        self.text = text
        self.line = line
        index = text.startIndex
    }

    mutating func skipSpaces() { while index < text.endIndex, text[index] == " " { index = text.index(after: index) } }

    mutating func expectEnd() throws(YAMLError) {
        skipSpaces()
        if index < text.endIndex { throw YAMLError(message: "unexpected '\(text[index...])' after a value", line: line) }
    }

    mutating func parseValue(topLevel: Bool = false) throws(YAMLError) -> JSONValue {
        skipSpaces()
        guard index < text.endIndex else { return .null }
        switch text[index] {
        case "[": return try parseList()
        case "{": return try parseMap()
        case "\"": return .string(try parseDoubleQuoted())
        case "'": return .string(try parseSingleQuoted())
        default: return Self.plainScalar(parsePlain(topLevel: topLevel))
        }
    }

    mutating func parseList() throws(YAMLError) -> JSONValue {
        index = text.index(after: index)
        var items: [JSONValue] = []
        skipSpaces()
        if index < text.endIndex, text[index] == "]" { index = text.index(after: index); return .array([]) }
        while true {
            items.append(try parseValue())
            skipSpaces()
            guard index < text.endIndex else { throw YAMLError(message: "a '[' list is not closed with ']'", line: line) }
            let character = text[index]
            index = text.index(after: index)
            if character == "]" { return .array(items) }
            guard character == "," else { throw YAMLError(message: "expected ',' or ']' in a list", line: line) }
        }
    }

    mutating func parseMap() throws(YAMLError) -> JSONValue {
        index = text.index(after: index)
        var object: JSONObject = [:]
        skipSpaces()
        if index < text.endIndex, text[index] == "}" { index = text.index(after: index); return .object([:]) }
        while true {
            skipSpaces()
            let key: String
            if index < text.endIndex, text[index] == "\"" { key = try parseDoubleQuoted() }
            else if index < text.endIndex, text[index] == "'" { key = try parseSingleQuoted() }
            else {
                let start = index
                while index < text.endIndex, text[index] != ":", text[index] != ",", text[index] != "}" { index = text.index(after: index) }
                key = String(text[start..<index].trimmingSpaces())
            }
            skipSpaces()
            guard index < text.endIndex, text[index] == ":" else {
                throw YAMLError(message: "expected ':' after the key '\(key)' in a '{' map", line: line)
            }
            index = text.index(after: index)
            if object[key] != nil { throw YAMLError(message: "duplicate key '\(key)'", line: line) }
            object[key] = try parseValue()
            skipSpaces()
            guard index < text.endIndex else { throw YAMLError(message: "a '{' map is not closed with '}'", line: line) }
            let character = text[index]
            index = text.index(after: index)
            if character == "}" { return .object(object) }
            guard character == "," else { throw YAMLError(message: "expected ',' or '}' in a map", line: line) }
        }
    }

    mutating func parseDoubleQuoted() throws(YAMLError) -> String {
        index = text.index(after: index)
        var result = ""
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "\"" { return result }
            guard character == "\\" else { result.append(character); continue }
            guard index < text.endIndex else { break }
            let escape = text[index]
            index = text.index(after: index)
            switch escape {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\"", "\\", "/": result.append(escape)
            case "u":
                let hex = text[index...].prefix(4)
                guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw YAMLError(message: "a \\u escape needs four hex digits", line: line)
                }
                result.unicodeScalars.append(scalar)
                index = text.index(index, offsetBy: 4)
            default: throw YAMLError(message: "unknown escape '\\\(escape)' in a quoted string", line: line)
            }
        }
        throw YAMLError(message: "a \" string is not closed", line: line)
    }

    mutating func parseSingleQuoted() throws(YAMLError) -> String {
        index = text.index(after: index)
        var result = ""
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "'" {
                if index < text.endIndex, text[index] == "'" { result.append("'"); index = text.index(after: index); continue }
                return result
            }
            result.append(character)
        }
        throw YAMLError(message: "a ' string is not closed", line: line)
    }

    mutating func parsePlain(topLevel: Bool) -> Substring {
        let start = index
        while index < text.endIndex {
            let character = text[index]
            if !topLevel, character == "," || character == "]" || character == "}" { break }
            index = text.index(after: index)
        }
        return text[start..<index].trimmingSpaces()
    }

    static func plainScalar(_ text: Substring) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let first = text.first, first.isNumber || first == "-" || first == "+" || first == ".",
            text.allSatisfy({ $0.isNumber || "+-.eE_".contains($0) }), let number = Double(text.replacing("_", with: ""))
        {
            return .number(number)
        }
        return .string(String(text))
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
