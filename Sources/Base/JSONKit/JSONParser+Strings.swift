/// String literals: escapes, surrogate pairs and UTF-8 validation.
extension JSONParser {
    /// Parses a string starting at its opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        pos += 1
        let start = pos
        var runStart = pos
        var escaped = false
        while true {
            guard pos < bytes.count else { throw fail("expected '\"' to close the string", at: pos) }
            let b = bytes[pos]
            if b == Byte.quote {
                let result: String
                if escaped {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<pos]))
                    result = String(decoding: scratch, as: UTF8.self)
                } else {
                    result = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
                }
                pos += 1
                return result
            } else if b == Byte.backslash {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<pos]))
                try parseEscape()
                runStart = pos
            } else if b < 0x20 {
                throw fail("expected an escape sequence such as \\n or \\u001f instead of a raw control character in a string", at: pos)
            } else if b < 0x80 {
                pos += 1
            } else {
                try skipUTF8Sequence()
            }
        }
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629) at `pos` and steps over it.
    mutating func skipUTF8Sequence() throws(JSONParseError) {
        let b0 = bytes[pos]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw fail("expected valid UTF-8 in a string", at: pos)
        }
        for i in 1..<length {
            let index = pos + i
            guard index < bytes.count else { throw fail("expected valid UTF-8 in a string", at: pos) }
            let b = bytes[index]
            let (lo, hi) = i == 1 ? (low, high) : (0x80, 0xBF)
            guard b >= lo && b <= hi else { throw fail("expected valid UTF-8 in a string", at: pos) }
        }
        pos += length
    }

    /// Decodes the escape at `pos` (a backslash) into `scratch`.
    mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = pos
        pos += 1
        guard let c = peek() else {
            throw fail("expected an escape character after '\\'", at: pos)
        }
        pos += 1
        switch c {
        case Byte.quote: scratch.append(Byte.quote)
        case Byte.backslash: scratch.append(Byte.backslash)
        case Byte.slash: scratch.append(Byte.slash)
        case 0x62: scratch.append(0x08) // b
        case 0x66: scratch.append(0x0C) // f
        case 0x6E: scratch.append(0x0A) // n
        case 0x72: scratch.append(0x0D) // r
        case 0x74: scratch.append(0x09) // t
        case 0x75: // u
            let unit = try parseHex4()
            var scalar: UInt32?
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate counts only when a low surrogate escape follows.
                if pos + 6 <= bytes.count && bytes[pos] == Byte.backslash && bytes[pos + 1] == 0x75,
                   let low = hex4(at: pos + 2), low >= 0xDC00 && low <= 0xDFFF {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    pos += 6
                }
            } else if unit < 0xDC00 || unit > 0xDFFF {
                scalar = unit
            }
            if scalar == nil && loneSurrogates == .reject {
                let hex = String(unit, radix: 16, uppercase: true)
                var failure = fail(
                    "expected Unicode text, not the lone surrogate escape \\u\(hex) (a character beyond U+FFFF is written as a pair such as \\uD83D\\uDE00)",
                    at: escapeStart)
                failure.loneSurrogatePath = ""
                throw failure
            }
            appendUTF8(scalar ?? 0xFFFD)
        default:
            throw fail("expected one of \" \\ / b f n r t u after '\\'", at: escapeStart + 1)
        }
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard let value = hex4(at: pos) else {
            throw fail("expected 4 hexadecimal digits after '\\u'", at: pos)
        }
        pos += 4
        return value
    }

    func hex4(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for i in index..<index + 4 {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x41...0x46: digit = b - 0x41 + 10
            case 0x61...0x66: digit = b - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
