extension JSONValue {
    /// The nesting of arrays and objects a reader takes by default: 512 levels. The fixtures'
    /// front matter (`YAMLSubset`) is bounded by it too, so every value the tool reads can be
    /// compared, serialized and destroyed (which recurse) without exhausting a thread's stack.
    public static let defaultMaxDepth = 512

    /// Parses strict RFC 8259 JSON text.
    ///
    /// - No trailing commas, comments, leading zeros, `NaN`/`Infinity`, byte order
    ///   mark, or non-whitespace after the value.
    /// - Object keys are kept exactly as the text gives them (after unescaping): two keys
    ///   are the same only when their Unicode scalars are, never by Unicode equivalence.
    ///   For a key repeated exactly the last member wins, as in JavaScript's `JSON.parse`.
    /// - `\u` escapes may form surrogate pairs; a lone surrogate escape becomes U+FFFD, or
    ///   with `loneSurrogates: .reject` is an error whose `loneSurrogatePath` names the
    ///   member (a Swift string cannot hold it, and U+FFFD would make `"\ud800"` and
    ///   `"\udfff"` the same text).
    /// - Numbers too large for a `Double` become ±infinity, as in JavaScript's
    ///   `JSON.parse` (the writer then emits them as `null`).
    /// - Nesting of arrays and objects deeper than `maxDepth` is an error. The parser
    ///   keeps its own stack on the heap, so hostile input cannot overflow the call
    ///   stack while parsing. (Comparing, hashing, serializing or destroying a value
    ///   recurses, so keep `maxDepth` in the thousands at most.)
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth, loneSurrogates: LoneSurrogates = .replace) throws(JSONParseError) -> JSONValue {
        if let result = text.utf8.withContiguousStorageIfAvailable({ buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer: buffer, maxDepth: maxDepth, loneSurrogates: loneSurrogates) }
        }) {
            return try result.get()
        }
        var copy = text
        copy.makeContiguousUTF8()
        return try parse(bytes: Array(copy.utf8), maxDepth: maxDepth, loneSurrogates: loneSurrogates)
    }

    /// Parses strict RFC 8259 JSON from UTF-8 bytes; invalid UTF-8 is an error.
    /// See `parse(_:maxDepth:)` for the rules.
    public static func parse(bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth, loneSurrogates: LoneSurrogates = .replace) throws(JSONParseError) -> JSONValue {
        if let result = bytes.withContiguousStorageIfAvailable({ buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer: buffer, maxDepth: maxDepth, loneSurrogates: loneSurrogates) }
        }) {
            return try result.get()
        }
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { buffer throws(JSONParseError) -> JSONValue in
            try parse(buffer: buffer, maxDepth: maxDepth, loneSurrogates: loneSurrogates)
        }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, loneSurrogates: LoneSurrogates) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: buffer, maxDepth: maxDepth, loneSurrogates: loneSurrogates)
        return try parser.parseDocument()
    }

    /// What `parse` does with a `\u` escape of a lone surrogate (U+D800–U+DFFF without its pair).
    public enum LoneSurrogates: Sendable {
        /// It becomes U+FFFD, as in most parsers.
        case replace
        /// It is an error (``JSONParseError/loneSurrogatePath`` says where).
        case reject
    }
}

/// A container under construction; the parser's explicit stack holds these.
private struct Frame {
    var isObject: Bool
    var array: [JSONValue] = []
    /// Where the object's members begin in the parser's member stacks.
    var membersStart = 0
    var key: String = ""
}

/// Where the parser stands when it expects a value, for the error message.
private enum ValueContext {
    case topLevel, arrayStart, afterComma, afterColon

    var expectation: String {
        switch self {
        case .topLevel: return "expected a JSON value"
        case .arrayStart: return "expected a JSON value or ']'"
        case .afterComma: return "expected a JSON value after ','"
        case .afterColon: return "expected a JSON value after ':'"
        }
    }
}

enum Byte {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, minus: UInt8 = 0x2D, plus: UInt8 = 0x2B
    static let dot: UInt8 = 0x2E, zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let lowerE: UInt8 = 0x65, upperE: UInt8 = 0x45
}

/// A non-recursive strict JSON parser over a UTF-8 buffer.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    let loneSurrogates: JSONValue.LoneSurrogates
    var pos = 0
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, loneSurrogates: JSONValue.LoneSurrogates = .replace) {
        self.bytes = bytes
        self.maxDepth = max(0, maxDepth)
        self.loneSurrogates = loneSurrogates
    }

    func fail(_ message: String, at offset: Int) -> JSONParseError {
        JSONParseError(message: message, offset: offset, in: bytes)
    }

    mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            throw fail("expected a JSON value, not a byte order mark", at: 0)
        }
        var stack: [Frame] = []
        // The members of every open object, in the order of the text, each object's after
        // those of the objects around it: one pair of arrays for the whole document.
        var keys: [JSONKey] = []
        var values: [JSONValue] = []
        var context = ValueContext.topLevel
        var value: JSONValue
        /// Which key is being read: the first of an object not yet on the stack, or the next
        /// one of the object on top (for the path of a lone surrogate).
        var readingKey = KeyPosition.none
        do throws(JSONParseError) {
            parseValue: while true {
                skipWhitespace()
                guard let first = peek() else { throw fail(context.expectation, at: pos) }
                switch first {
                case Byte.openBrace:
                    try checkDepth(stack.count)
                    pos += 1
                    skipWhitespace()
                    if peek() == Byte.closeBrace {
                        pos += 1
                        value = .object([:])
                    } else {
                        readingKey = .first
                        let key = try parseKey(expectation: "expected a string key or '}' after '{'")
                        readingKey = .none
                        stack.append(Frame(isObject: true, membersStart: keys.count, key: key))
                        context = .afterColon
                        continue parseValue
                    }
                case Byte.openBracket:
                    try checkDepth(stack.count)
                    pos += 1
                    skipWhitespace()
                    if peek() == Byte.closeBracket {
                        pos += 1
                        value = .array([])
                    } else {
                        stack.append(Frame(isObject: false))
                        context = .arrayStart
                        continue parseValue
                    }
                case Byte.quote:
                    value = .string(try parseString())
                case Byte.minus, Byte.zero...Byte.nine:
                    value = .number(try parseNumber())
                case 0x74: // t
                    try expectLiteral("true")
                    value = .bool(true)
                case 0x66: // f
                    try expectLiteral("false")
                    value = .bool(false)
                case 0x6E: // n
                    try expectLiteral("null")
                    value = .null
                default:
                    throw fail(context.expectation, at: pos)
                }

                // Attach the finished value to its container, closing containers as they end.
                while let top = stack.indices.last {
                    skipWhitespace()
                    if stack[top].isObject {
                        keys.append(JSONKey(stack[top].key))
                        values.append(value)
                        switch peek() {
                        case Byte.comma:
                            pos += 1
                            readingKey = .next
                            stack[top].key = try parseKey(expectation: "expected a string key after ',' in an object")
                            readingKey = .none
                            context = .afterColon
                            continue parseValue
                        case Byte.closeBrace:
                            pos += 1
                            let start = stack.removeLast().membersStart
                            value = .object(JSONObject(exactKeys: keys[start...], values: values[start...]))
                            keys.removeSubrange(start...)
                            values.removeSubrange(start...)
                        default:
                            throw fail("expected ',' or '}' after an object member", at: pos)
                        }
                    } else {
                        stack[top].array.append(value)
                        switch peek() {
                        case Byte.comma:
                            pos += 1
                            context = .afterComma
                            continue parseValue
                        case Byte.closeBracket:
                            pos += 1
                            value = .array(stack.removeLast().array)
                        default:
                            throw fail("expected ',' or ']' after an array element", at: pos)
                        }
                    }
                }
                break parseValue
            }
        } catch {
            var failure = error
            if failure.loneSurrogatePath != nil {
                failure.loneSurrogatePath = Self.path(of: readingKey == .next ? stack.dropLast() : stack[...])
            }
            throw failure
        }
        skipWhitespace()
        if pos != bytes.count {
            throw fail("expected end of input after the JSON value", at: pos)
        }
        return value
    }

    enum KeyPosition { case none, first, next }

    /// `a.b[2]`: the member path the frames stand at.
    private static func path(of frames: ArraySlice<Frame>) -> String {
        var path = ""
        for frame in frames {
            if frame.isObject { path += (path.isEmpty ? "" : ".") + frame.key } else { path += "[\(frame.array.count)]" }
        }
        return path
    }

    func checkDepth(_ open: Int) throws(JSONParseError) {
        if open >= maxDepth {
            throw fail("expected at most \(maxDepth) levels of nesting", at: pos)
        }
    }

    /// Parses `"key"` and the `:` after it, leaving `pos` just past the colon.
    mutating func parseKey(expectation: String) throws(JSONParseError) -> String {
        skipWhitespace()
        guard peek() == Byte.quote else { throw fail(expectation, at: pos) }
        let key = try parseString()
        skipWhitespace()
        guard peek() == Byte.colon else { throw fail("expected ':' after an object key", at: pos) }
        pos += 1
        return key
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        guard pos + count <= bytes.count else { throw fail("expected '\(word)'", at: pos) }
        for i in 0..<count where bytes[pos + i] != start[i] {
            throw fail("expected '\(word)'", at: pos)
        }
        pos += count
    }

    // MARK: Numbers

    func isDigit(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return b >= Byte.zero && b <= Byte.nine
    }

    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = pos
        var negative = false
        if bytes[pos] == Byte.minus {
            negative = true
            pos += 1
            guard isDigit(peek()) else { throw fail("expected a digit after '-'", at: pos) }
        }
        if bytes[pos] == Byte.zero {
            pos += 1
            if isDigit(peek()) {
                throw fail("expected '.', 'e' or the end of the number after a leading '0'", at: pos)
            }
        } else {
            while isDigit(peek()) { pos += 1 }
        }
        let integerEnd = pos
        var isInteger = true
        if peek() == Byte.dot {
            isInteger = false
            pos += 1
            guard isDigit(peek()) else { throw fail("expected a digit after the decimal point", at: pos) }
            while isDigit(peek()) { pos += 1 }
        }
        if peek() == Byte.lowerE || peek() == Byte.upperE {
            isInteger = false
            pos += 1
            if peek() == Byte.plus || peek() == Byte.minus { pos += 1 }
            guard isDigit(peek()) else { throw fail("expected a digit in the exponent", at: pos) }
            while isDigit(peek()) { pos += 1 }
        }
        let digitStart = negative ? start + 1 : start
        if isInteger && integerEnd - digitStart <= 15 {
            // Exact: fewer than 2^53.
            var magnitude: Int64 = 0
            for i in digitStart..<integerEnd { magnitude = magnitude * 10 + Int64(bytes[i] - Byte.zero) }
            let d = Double(magnitude)
            return negative ? -d : d
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        guard let d = Double(text) else { throw fail("expected a number", at: start) }
        return d
    }
}
