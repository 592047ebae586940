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
/// - Otherwise, when the host can ask the engine (`reproduces`): the first token of the line such
///   that the script cut right after it fails with the same message on the same line. The script
///   cut before the offending token still parses so far (it ends in "Unexpected end of script"),
///   cut after it fails as the whole did, so the engine's own parser decides, found by bisection
///   over the line's tokens: `1 * 2 +* 3` is at the second `*`, `let legacy = 010` in strict mode
///   at `010`, though its message quotes nothing.
/// - Any other quoted token (`Unexpected token '*'`): its first occurrence on the line.
/// - Otherwise column 1.
///
/// Columns count UTF-16 units from 1, as the engine's columns do.
struct SyntaxErrorPlace: Equatable {
    /// The 1-based column, or nil when the line is not in the source.
    let column: Int?
    /// The message without the `SyntaxError: ` prefix.
    let message: String

    /// `reproduces(offset)`: whether the script cut after its first `offset` bytes (UTF-8) fails
    /// with this error's message on this line.
    static func locate(message: String, line: Int, source: String, lines: SourceLines,
                       reproduces: ((Int) -> Bool)? = nil) -> SyntaxErrorPlace {
        guard lines.line(line) != nil else { return SyntaxErrorPlace(column: nil, message: message) }
        if let character = invalidCharacter(in: message),
            let (column, scalar) = firstInCode(line: line, source: source, matching: character)
        {
            let shown = character.isEscape ? "Invalid character '\(scalar)' (\(codePoint(scalar)))" : message
            return SyntaxErrorPlace(column: column, message: shown)
        }
        if let reproduces, !message.contains("end of script"),
            let token = firstReproducing(line: line, source: source, reproduces)
        {
            return SyntaxErrorPlace(column: token.position.column, message: message)
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

    /// The first token on `line` after which the cut script fails as the whole did (see above):
    /// a bisection, since every cut before the offending token parses so far and every cut after
    /// it fails there; nil when even the line's last token does not.
    private static func firstReproducing(line: Int, source: String, _ reproduces: (Int) -> Bool) -> Token? {
        let skipped: Set<Token.Kind> = [.lineComment, .blockComment, .hashbang]
        let tokens = Tokenizer.tokenize(source).tokens.filter { $0.position.line == line && !skipped.contains($0.kind) }
        guard let last = tokens.last, reproduces(last.position.offset + last.text.utf8.count) else { return nil }
        var low = 0, high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            let token = tokens[middle]
            if reproduces(token.position.offset + token.text.utf8.count) { high = middle } else { low = middle + 1 }
        }
        return tokens[low]
    }

    /// `U+2192`, `U+1F600`: at least four hexadecimal digits, upper case.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
