/// A JavaScript tokenizer over UTF-8 source.
///
/// It understands strings, template literals with nested substitutions,
/// regular-expression literals (deciding regex versus division from the previous
/// significant token), comments and a hashbang first line. It never fails: lexical
/// problems are collected in ``problems`` and tokenizing continues.
///
/// ```swift
/// var tokenizer = Tokenizer("let a = `x${b}`")
/// while let token = tokenizer.next() { print(token.kind, token.text) }
/// ```
public struct Tokenizer: IteratorProtocol, Sequence, Sendable {
    /// What an open `{` or `${` means to the tokenizer.
    enum BraceFrame {
        /// A statement-level brace: a `/` after its `}` starts a regex.
        case block
        /// An expression brace (object literal): a `/` after its `}` divides.
        case expression
        /// A template substitution opened by the backtick at this position.
        case template(SourcePosition)
    }

    let bytes: [UInt8]
    /// Whether comment and hashbang tokens are returned.
    public let includeComments: Bool
    /// Lexical problems found so far, in the order they were found.
    public private(set) var problems: [SyntaxProblem] = []

    var index = 0
    var line = 1
    /// UTF-16 code units since the start of the current line.
    var column = 0
    var sawLineBreak = false
    var finished = false
    var reportedUnterminatedTemplate = false
    var braceStack: [BraceFrame] = []
    /// For each open `(`: whether it follows `if`, `for`, `while` or `with`.
    var parenStack: [Bool] = []
    var lastClosedParenWasControl = false
    var lastClosedBraceWasBlock = true
    var previous: Token?
    /// Whether `previous` is a property name after `.` or `?.`.
    var previousIsPropertyName = false
    /// Whether the token before `previous` is `for`.
    var previousFollowsFor = false

    /// Creates a tokenizer; comments are skipped unless `includeComments` is set.
    public init(_ source: String, includeComments: Bool = false) {
        self.bytes = Array(source.utf8)
        self.includeComments = includeComments
    }

    /// Tokenizes a whole source at once.
    public static func tokenize(_ source: String, includeComments: Bool = false) -> (tokens: [Token], problems: [SyntaxProblem]) {
        var tokenizer = Tokenizer(source, includeComments: includeComments)
        var tokens: [Token] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return (tokens, tokenizer.problems)
    }

    /// Tokenizes a source, comments left out, as far as `watch` lets it: once it stops, the tokens
    /// so far. Room for the tokens is made at once (a token takes at least a byte, and there are
    /// at most the watch's maximum), so a large script's tokens are not copied as they grow.
    static func tokenize(_ source: String, watch: ScanWatch) -> (tokens: [Token], problems: [SyntaxProblem]) {
        var tokenizer = Tokenizer(source)
        var tokens: [Token] = []
        let maximum = watch.maximumTokens
        tokens.reserveCapacity(Swift.min(maximum, tokenizer.bytes.count, 1 << 20) + 1)
        while let token = tokenizer.next() {
            guard tokens.count < maximum else {
                watch.tooManyTokens()
                break
            }
            guard watch.step() else { break }
            tokens.append(token)
        }
        return (tokens, tokenizer.problems)
    }

    /// Returns the next token, or `nil` at the end of the source.
    public mutating func next() -> Token? {
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                finish()
                return nil
            }
            let start = position
            let byte = bytes[index]
            if byte == CharacterClasses.slash, index + 1 < bytes.count,
               bytes[index + 1] == CharacterClasses.slash || bytes[index + 1] == CharacterClasses.star {
                let kind: Token.Kind = bytes[index + 1] == CharacterClasses.slash ? .lineComment : .blockComment
                let lineBreakBefore = sawLineBreak
                if kind == .lineComment { skipToLineEnd() } else { skipBlockComment(start: start) }
                if includeComments { return makeToken(kind, from: start, lineBreak: lineBreakBefore) }
                continue
            }
            if index == 0, byte == CharacterClasses.hash, bytes.count > 1, bytes[1] == CharacterClasses.bang {
                skipToLineEnd()
                if includeComments { return makeToken(.hashbang, from: start, lineBreak: false) }
                continue
            }
            let kind = lexSignificant(start: start)
            let token = makeToken(kind, from: start, lineBreak: sawLineBreak)
            sawLineBreak = false
            if let before = previous {
                previousIsPropertyName = before.kind == .punctuator && (before.text == "." || before.text == "?.")
                previousFollowsFor = before.kind == .identifier && before.text == "for"
            }
            previous = token
            return token
        }
    }

    // MARK: - Positions

    var position: SourcePosition {
        SourcePosition(line: line, column: column + 1, offset: index)
    }

    /// Advances over one byte that is not part of a line terminator.
    @inline(__always)
    mutating func bump() {
        let byte = bytes[index]
        if byte & 0xC0 != 0x80 { column += byte >= 0xF0 ? 2 : 1 }
        index += 1
    }

    /// The byte length of the line terminator at `offset`, or 0 if there is none.
    func lineTerminatorLength(at offset: Int) -> Int {
        guard offset < bytes.count else { return 0 }
        switch bytes[offset] {
        case CharacterClasses.lineFeed: return 1
        case CharacterClasses.carriageReturn:
            return offset + 1 < bytes.count && bytes[offset + 1] == CharacterClasses.lineFeed ? 2 : 1
        case 0xE2:
            guard offset + 2 < bytes.count, bytes[offset + 1] == 0x80 else { return 0 }
            return bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9 ? 3 : 0
        default: return 0
        }
    }

    mutating func consumeLineTerminator(_ length: Int) {
        index += length
        line += 1
        column = 0
    }

    func peek(_ offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    mutating func report(_ message: String, at position: SourcePosition) {
        problems.append(SyntaxProblem(message: message, position: position))
    }

    func makeToken(_ kind: Token.Kind, from start: SourcePosition, lineBreak: Bool) -> Token {
        let text = String(decoding: bytes[start.offset..<index], as: UTF8.self)
        return Token(kind: kind, text: text, position: start, end: position, precededByLineBreak: lineBreak)
    }

    mutating func finish() {
        guard !finished else { return }
        finished = true
        if !reportedUnterminatedTemplate {
            for case .template(let start) in braceStack.reversed() {
                report("Unterminated template literal", at: start)
                break
            }
        }
    }

    // MARK: - White space and comments

    mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            if CharacterClasses.isASCIIWhitespace(byte) {
                bump()
            } else if byte < 0x80 {
                let length = lineTerminatorLength(at: index)
                guard length > 0 else { return }
                consumeLineTerminator(length)
                sawLineBreak = true
            } else {
                let scalar = CharacterClasses.decodeScalar(bytes, at: index)
                if CharacterClasses.isUnicodeLineTerminator(scalar.value) {
                    consumeLineTerminator(scalar.length)
                    sawLineBreak = true
                } else if CharacterClasses.isUnicodeWhitespace(scalar.value) {
                    for _ in 0..<scalar.length { bump() }
                } else {
                    return
                }
            }
        }
    }

    mutating func skipToLineEnd() {
        while index < bytes.count, lineTerminatorLength(at: index) == 0 { bump() }
    }

    mutating func skipBlockComment(start: SourcePosition) {
        bump()
        bump()
        while index < bytes.count {
            if bytes[index] == CharacterClasses.star, peek(index + 1) == CharacterClasses.slash {
                bump()
                bump()
                return
            }
            let length = lineTerminatorLength(at: index)
            if length > 0 {
                consumeLineTerminator(length)
                sawLineBreak = true
            } else {
                bump()
            }
        }
        report("Unterminated comment", at: start)
    }

    // MARK: - Significant tokens

    mutating func lexSignificant(start: SourcePosition) -> Token.Kind {
        let byte = bytes[index]
        switch byte {
        case 0x22, 0x27:
            return lexString(start: start)
        case CharacterClasses.backtick:
            bump()
            return lexTemplateText(backtick: start, opening: true)
        case CharacterClasses.closeBrace:
            bump()
            switch braceStack.popLast() {
            case .template(let backtick)?:
                return lexTemplateText(backtick: backtick, opening: false)
            case .expression?:
                lastClosedBraceWasBlock = false
            case .block?, nil:
                lastClosedBraceWasBlock = true
            }
            return .punctuator
        case CharacterClasses.openBrace:
            braceStack.append(openBraceIsBlock() ? .block : .expression)
            bump()
            return .punctuator
        case 0x28:
            parenStack.append(openParenIsControl())
            bump()
            return .punctuator
        case 0x29:
            lastClosedParenWasControl = parenStack.popLast() ?? false
            bump()
            return .punctuator
        case CharacterClasses.slash:
            if slashStartsRegex() { return lexRegex(start: start) }
            bump()
            if peek(index) == 0x3D { bump() }
            return .punctuator
        case CharacterClasses.dot where peek(index + 1).map(CharacterClasses.isDigit) == true:
            lexNumber()
            return .number
        case CharacterClasses.hash where peek(index + 1).map(startsIdentifier(_:)) == true:
            bump()
            lexIdentifierRest()
            return .privateName
        default:
            if CharacterClasses.isDigit(byte) {
                lexNumber()
                return .number
            }
            if startsIdentifier(byte) {
                lexIdentifierRest()
                return .identifier
            }
            lexPunctuator()
            return .punctuator
        }
    }
}
