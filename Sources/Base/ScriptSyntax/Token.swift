/// One lexical token of JavaScript source.
public struct Token: Sendable, Hashable {
    /// The lexical category of a token.
    public enum Kind: Sendable, Hashable {
        /// An identifier or keyword (`let`, `return`, `foo`, `$x`, `café`).
        case identifier
        /// A class private name such as `#count`.
        case privateName
        /// A numeric literal, including BigInt and hex/octal/binary forms.
        case number
        /// A single- or double-quoted string literal.
        case string
        /// A template literal without substitutions: `` `text` ``.
        case noSubstitutionTemplate
        /// The start of a template up to and including the first `${`.
        case templateHead
        /// The text between two substitutions: `}` ... `${`.
        case templateMiddle
        /// The end of a template after the last substitution: `}` ... `` ` ``.
        case templateTail
        /// A regular-expression literal including its flags.
        case regularExpression
        /// An operator or punctuation mark (`{`, `=>`, `?.`, `>>>=`, ...).
        case punctuator
        /// A `//` comment (only produced when comments are requested).
        case lineComment
        /// A `/* */` comment (only produced when comments are requested).
        case blockComment
        /// A `#!` first line (only produced when comments are requested).
        case hashbang
    }

    /// The lexical category.
    public var kind: Kind
    /// The exact source text of the token, delimiters included.
    public var text: String
    /// Where the token starts.
    public var position: SourcePosition
    /// Just after the token's last character.
    public var end: SourcePosition
    /// Whether a line terminator (possibly inside a comment) separates this token
    /// from the previous non-comment token, or from the start of the source.
    public var precededByLineBreak: Bool

    /// Creates a token.
    public init(kind: Kind, text: String, position: SourcePosition, end: SourcePosition, precededByLineBreak: Bool) {
        self.kind = kind
        self.text = text
        self.position = position
        self.end = end
        self.precededByLineBreak = precededByLineBreak
    }

    /// Whether this is the punctuator `mark`.
    public func isPunctuator(_ mark: String) -> Bool {
        kind == .punctuator && text == mark
    }

    /// Whether this is the identifier or keyword `name`.
    public func isIdentifier(_ name: String) -> Bool {
        kind == .identifier && text == name
    }

    /// Whether this token is a comment or hashbang line.
    public var isComment: Bool {
        kind == .lineComment || kind == .blockComment || kind == .hashbang
    }

    /// Whether this token opens a nesting level: `(`, `[`, `{` or a template head.
    public var opensNesting: Bool {
        kind == .templateHead || (kind == .punctuator && (text == "(" || text == "[" || text == "{"))
    }

    /// Whether this token closes a nesting level: `)`, `]`, `}` or a template tail.
    public var closesNesting: Bool {
        kind == .templateTail || (kind == .punctuator && (text == ")" || text == "]" || text == "}"))
    }
}
