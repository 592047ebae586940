import ScriptSyntax

/// Where on its line a syntax error the engine reported lies, and its message as the host shows it (S1, S2).
///
/// The engine gives a parse error a line but no column: neither `JSScriptCreateFromString` nor
/// the error object `JSEvaluateScript` throws has one. So the column is found from what the message
/// quotes, on the line the engine named:
///
/// - `Invalid character '\u2192'` and `Invalid character: '@'`: the first occurrence of that
///   character in the line's code, as the host's tokenizer reads it, so a copy inside a string, a
///   template or a comment earlier on the line is passed over. The engine names a character outside
///   the basic plane by its first UTF-16 unit (`'\ud83d'`); the source has the whole character. The
///   message then shows the character itself and its code point, `Invalid character '→' (U+2192)`,
///   rather than an escape an author must decode.
/// - Any other quoted token (`Unexpected token '*'`): its first occurrence on the line.
/// - Otherwise column 1.
///
/// Columns count UTF-16 units from 1, as the engine's columns do.
struct SyntaxErrorPlace: Equatable {
    /// The 1-based column, or nil when the line is not in the source.
    let column: Int?
    /// The message without the `SyntaxError: ` prefix.
    let message: String

    static func locate(message: String, line: Int, source: String, lines: SourceLines) -> SyntaxErrorPlace {
        guard lines.line(line) != nil else { return SyntaxErrorPlace(column: nil, message: message) }
        if let character = invalidCharacter(in: message),
            let (column, scalar) = firstInCode(line: line, source: source, matching: character)
        {
            let shown = character.isEscape ? "Invalid character '\(scalar)' (\(codePoint(scalar)))" : message
            return SyntaxErrorPlace(column: column, message: shown)
        }
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        if parts.count >= 3, !parts[1].isEmpty, let column = lines.column(of: String(parts[1]), onLine: line) {
            return SyntaxErrorPlace(column: column, message: message)
        }
        return SyntaxErrorPlace(column: 1, message: message)
    }

    /// The character an `Invalid character` message names: a UTF-16 unit from `'\uXXXX'`, or the
    /// ASCII character of `: 'c'`.
    struct NamedCharacter {
        let unit: UInt16
        let isEscape: Bool

        func matches(_ scalar: Unicode.Scalar) -> Bool { scalar.utf16.first == unit }
    }

    static func invalidCharacter(in message: String) -> NamedCharacter? {
        let escaped = "Invalid character '\\u"
        if message.hasPrefix(escaped) {
            let rest = message.dropFirst(escaped.count)
            guard rest.count == 5, rest.last == "'", let unit = UInt16(rest.prefix(4), radix: 16) else { return nil }
            return NamedCharacter(unit: unit, isEscape: true)
        }
        let plain = "Invalid character: '"
        if message.hasPrefix(plain) {
            let rest = Array(message.dropFirst(plain.count).utf16)
            guard rest.count == 2, rest[1] == UInt16(UInt8(ascii: "'")) else { return nil }
            return NamedCharacter(unit: rest[0], isEscape: false)
        }
        return nil
    }

    /// The column and the whole character of the first character on `line` that `character`
    /// names, in code: names, numbers and punctuation, not strings, templates, regular
    /// expressions or comments.
    private static func firstInCode(line: Int, source: String, matching character: NamedCharacter) -> (Int, Unicode.Scalar)? {
        let code: Set<Token.Kind> = [.identifier, .privateName, .number, .punctuator]
        for token in Tokenizer.tokenize(source).tokens where token.position.line == line && code.contains(token.kind) {
            var offset = 0
            for scalar in token.text.unicodeScalars {
                if character.matches(scalar) { return (token.position.column + offset, scalar) }
                offset += scalar.utf16.count
            }
        }
        return nil
    }

    /// `U+2192`, `U+1F600`: at least four hexadecimal digits, upper case.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
