/// Byte- and scalar-level character classes used by the tokenizer.
enum CharacterClasses {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let backslash: UInt8 = 0x5C
    static let slash: UInt8 = 0x2F
    static let star: UInt8 = 0x2A
    static let backtick: UInt8 = 0x60
    static let dollar: UInt8 = 0x24
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let dot: UInt8 = 0x2E
    static let hash: UInt8 = 0x23
    static let bang: UInt8 = 0x21

    /// `A`-`Z`, `a`-`z`, `$`, `_`.
    @inline(__always)
    static func isASCIIIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x24 || byte == 0x5F
    }

    /// `0`-`9`.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// Identifier start characters plus digits.
    @inline(__always)
    static func isASCIIIdentifierPart(_ byte: UInt8) -> Bool {
        isASCIIIdentifierStart(byte) || isDigit(byte)
    }

    /// Space, tab, vertical tab and form feed.
    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    /// Non-ASCII scalars that JavaScript treats as white space (`Zs`, NBSP, BOM).
    static func isUnicodeWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    /// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR.
    static func isUnicodeLineTerminator(_ scalar: UInt32) -> Bool {
        scalar == 0x2028 || scalar == 0x2029
    }

    /// Decodes the scalar whose lead byte is at `index` of well-formed UTF-8.
    static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0..<0x80: return (UInt32(lead), 1)
        case 0xC0..<0xE0: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0..<0xF0: length = 3; value = UInt32(lead & 0x0F)
        default: length = 4; value = UInt32(lead & 0x07)
        }
        var next = index + 1
        while next < index + length, next < bytes.count {
            value = value << 6 | UInt32(bytes[next] & 0x3F)
            next += 1
        }
        return (value, next - index)
    }

    /// Multi-character punctuators indexed by their first byte, longest first.
    /// `/` and `/=` are handled separately because of regular expressions.
    static let punctuatorsByFirstByte: [[[UInt8]]] = {
        let all = [
            ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
            "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=",
            "*=", "%=", "&=", "|=", "^=", "<<", ">>", "**",
        ]
        var table = [[[UInt8]]](repeating: [], count: 128)
        for mark in all.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            let bytes = Array(mark.utf8)
            table[Int(bytes[0])].append(bytes)
        }
        return table
    }()
}
