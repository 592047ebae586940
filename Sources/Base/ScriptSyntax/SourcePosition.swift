/// A location in script source text, counted the way JavaScriptCore reports it.
///
/// Line terminators are LF, CR, CRLF (counted once), U+2028 and U+2029.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in UTF-16 code units from the start of the line.
    public var column: Int
    /// The 0-based UTF-8 byte offset from the start of the source.
    public var offset: Int

    /// Creates a position from its three coordinates.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The position of the first character of any source.
    public static let start = SourcePosition(line: 1, column: 1, offset: 0)

    /// `line:column`, as used in error messages.
    public var description: String { "\(line):\(column)" }
}

/// A lexical or bracket-structure problem that makes a script certainly invalid.
public struct SyntaxProblem: Sendable, Hashable, CustomStringConvertible {
    /// A human-readable explanation, e.g. "Unterminated string literal".
    public var message: String
    /// Where the offending construct starts.
    public var position: SourcePosition

    /// Creates a problem report.
    public init(message: String, position: SourcePosition) {
        self.message = message
        self.position = position
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
