import ScriptSyntax

/// A script as TypeScript's checker must read it for `types --wrap` (docs/editors.md): the body
/// of an async function whose `this` is the global object, so top-level `await`, `return` and
/// `this.name = …` mean what the host makes of them, with every line and column where the script
/// has it, so the checker's `file(line,col)` points into the script itself.
///
/// The function's opening (``header``) goes at the end of a line, never in front of the script's
/// text: after the comments and blank lines that open the script when there are any (the end of
/// the line before its first statement), or else at the end of its first line when that line
/// holds whole statements the module around the function reads alike (no `return` or name
/// declared further down, nothing that runs on into the next line). A module's `this` is
/// `undefined` to the checker, so that line's `this` is written as ``thisName`` (as long),
/// declared the global object. Only a first line that cannot be moved out so gets the opening
/// in front of it, which shifts that line's columns.
enum CheckerWrap {
    /// The opening, after a `;` that ends what precedes it on its line (and keeps a doc comment
    /// before it from attaching to the function).
    static let header = ";/** @this {Omni.ScriptThis} */ async function widgetScript() {"

    /// What stands for `this` on a first line left outside the function: as long as `this`, so
    /// no column moves, and declared the global object in front of ``header``.
    static let thisName = "$$th"
    static let thisDeclaration = ";/** @type {Omni.ScriptThis} */ var \(thisName) = globalThis"

    /// `text` with ``header`` put where it shifts none of the script's columns when it can, and
    /// `}` after its last line.
    static func wrap(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let plan = placement(text, bytes)
        bytes.insert(contentsOf: Array(((plan.thisOffsets.isEmpty ? "" : thisDeclaration) + header).utf8), at: plan.offset)
        for offset in plan.thisOffsets { bytes.replaceSubrange(offset..<offset + 4, with: Array(thisName.utf8)) }
        var out = String(decoding: bytes, as: UTF8.self)
        if !out.hasSuffix("\n") { out += "\n" }
        return out + "}\n"
    }

    /// What earlier versions put in front of the script's first line.
    static let earlierPrefix = "/** @this {Omni.ScriptThis} */ async function widgetScript() {"

    /// Whether `text` is what ``wrap(_:)`` writes, or wrote before (so `--wrap` may replace it).
    static func isWrapped(_ text: String) -> Bool {
        (text.contains(header) || text.hasPrefix(earlierPrefix)) && text.hasSuffix("\n}\n")
    }

    /// Names that mean something else at a module's top level than in the function.
    private static let functionOnly: Set<String> = ["return", "arguments", "super", "yield"]
    /// Words that start a statement that runs on past its line, or is not a whole statement.
    private static let compoundStarts: Set<String> = [
        "if", "for", "while", "do", "try", "switch", "with", "else", "catch", "finally", "case", "default",
        "function", "class", "async", "import", "export", "break", "continue", "throw",
    ]
    /// Words after which an expression or statement goes on.
    private static let continuingWords: Set<String> = [
        "new", "typeof", "void", "delete", "await", "in", "instanceof", "of", "const", "let", "var", "extends",
        "yield", "return", "case", "else", "do", "throw", "async",
    ]
    /// Punctuators a statement may end with.
    private static let endingMarks: Set<String> = [")", "]", "}", ";", "++", "--"]
    /// Punctuators that, first on the next line, do not continue the statement before (ASI).
    private static let freshMarks: Set<String> = ["{", "++", "--", "!", "~", ";"]

    /// Where ``header`` goes, as a UTF-8 offset into `bytes`, and the offsets of the `this`
    /// tokens before it that are written as ``thisName`` (all before the offset).
    static func placement(_ text: String, _ bytes: [UInt8]) -> (offset: Int, thisOffsets: [Int]) {
        let tokens = Tokenizer.tokenize(text, includeComments: true).tokens
        guard let first = tokens.firstIndex(where: { !$0.isComment }) else { return (bytes.count, []) }
        let code = tokens[first]

        // 1. The end of a line before the first statement, outside every comment.
        for end in lineEnds(bytes, before: code.position.offset) {
            if tokens.contains(where: { $0.position.offset < end && $0.end.offset > end }) { continue }
            // A line that ends in a `//` comment takes the opening before the comment, unless it
            // is a pragma (`// @ts-nocheck`), which must stay among the file's leading comments.
            if let comment = tokens.last(where: { $0.end.offset == end && $0.kind == .lineComment }) {
                if comment.text.contains("@ts-") { continue }
                return (comment.position.offset, [])
            }
            if tokens.contains(where: { $0.kind == .hashbang && $0.end.offset == end }) { continue }
            return (end, [])
        }

        // 2. The end of the first statement's line, when that line can stay outside the function.
        let line = code.position.line
        let onLine = tokens[first...].prefix { $0.position.line == line }
        let codeOnLine = Array(onLine.filter { !$0.isComment })
        let rest = tokens[(first + onLine.count)...]
        if let last = onLine.last, last.end.line == line,
           movable(codeOnLine, next: rest.first { !$0.isComment }, text: text, line: line) {
            let thisOffsets = codeOnLine.filter { $0.isIdentifier("this") }.map(\.position.offset)
            return (last.kind == .lineComment ? last.position.offset : last.end.offset, thisOffsets)
        }

        // 3. In front of the first statement.
        return (code.position.offset, [])
    }

    /// The offsets of the line terminators before `limit` (LF, CR, CRLF once, U+2028, U+2029).
    private static func lineEnds(_ bytes: [UInt8], before limit: Int) -> [Int] {
        var ends: [Int] = []
        var i = 0
        while i < min(limit, bytes.count) {
            let byte = bytes[i]
            if byte == 0x0A || byte == 0x0D {
                ends.append(i)
                if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            } else if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                ends.append(i)
                i += 2
            }
            i += 1
        }
        return ends
    }

    /// Whether the statements of a line (`tokens`, comments left out) read the same at a module's
    /// top level as in the function (`this` written as ``thisName``), and end with the line:
    /// `next` is the first token after it.
    private static func movable(_ tokens: [Token], next: Token?, text: String, line: Int) -> Bool {
        guard let first = tokens.first, let last = tokens.last else { return false }
        // Whole tokens, balanced brackets.
        var depth = 0
        for token in tokens {
            if token.end.line != line { return false }
            if token.opensNesting { depth += 1 }
            if token.closesNesting { depth -= 1 }
            if depth < 0 { return false }
        }
        guard depth == 0 else { return false }
        // A simple statement: not a compound one, not a label.
        if first.kind == .identifier, compoundStarts.contains(first.text) { return false }
        if tokens.count > 1, first.kind == .identifier, tokens[1].isPunctuator(":") { return false }
        // It ends with the line.
        switch last.kind {
        case .punctuator where !endingMarks.contains(last.text): return false
        case .identifier where continuingWords.contains(last.text): return false
        case .templateHead, .templateMiddle: return false
        default: break
        }
        if !last.isPunctuator(";"), let next {
            switch next.kind {
            case .identifier where next.text == "in" || next.text == "instanceof": return false
            case .identifier, .string, .number: break
            case .punctuator where freshMarks.contains(next.text): break
            default: return false
            }
        }
        // Nothing that means something else outside the function, and no name the script
        // declares further down (the function's scope would hide it from this line).
        let names = Set(tokens.enumerated().compactMap { index, token -> String? in
            guard token.kind == .identifier else { return nil }
            if index > 0, tokens[index - 1].isPunctuator(".") || tokens[index - 1].isPunctuator("?.") { return nil }
            return token.text
        })
        if !names.isDisjoint(with: functionOnly) || names.contains(thisName) { return false }
        // `this` stands for the global object only outside functions of its own.
        if names.contains("this"), names.contains("function") || names.contains("class") { return false }
        return names.isDisjoint(with: declaredBelow(text, line: line))
    }

    /// Names declared after line `line`: top-level `let`, `const` and `var`, and every
    /// `function NAME` and `class NAME`.
    private static func declaredBelow(_ text: String, line: Int) -> Set<String> {
        var names = Set(ScriptScanner.scan(text).bindings.filter { $0.position.line > line }.map(\.name))
        let tokens = Tokenizer.tokenize(text).tokens
        for (index, token) in tokens.enumerated() where token.position.line > line && index + 1 < tokens.count {
            guard token.isIdentifier("function") || token.isIdentifier("class") else { continue }
            var nameIndex = index + 1
            if tokens[nameIndex].isPunctuator("*"), nameIndex + 1 < tokens.count { nameIndex += 1 }
            if tokens[nameIndex].kind == .identifier { names.insert(tokens[nameIndex].text) }
        }
        return names
    }
}
