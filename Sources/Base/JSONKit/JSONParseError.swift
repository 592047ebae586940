import ErrorKinds

/// Why `JSONValue.parse` refused its input, and where.
///
/// `offset` is the byte offset of the offending byte in the UTF-8 input (equal to
/// the input's length when the input ended too early). `line` and `column` are
/// 1-based; lines end at "\n", "\r\n" or a lone "\r", and columns count Unicode
/// scalars, so a multi-byte character advances the column by one.
public struct JSONParseError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// Text that is not JSON: malformed input.
    public var errorKind: ErrorKind { .input(.malformed) }
    /// A sentence saying what was expected, e.g. "expected ',' or '}' after an object member".
    public let message: String
    /// Byte offset into the UTF-8 input.
    public let offset: Int
    /// 1-based line number.
    public let line: Int
    /// 1-based column, counted in Unicode scalars.
    public let column: Int
    /// Set when the input was refused for a lone surrogate escape (with
    /// `loneSurrogates: .reject`): the member path of the string holding it, such as
    /// `nonce`, `content_state.data` or `items[2]`; `""` for the top-level value. For a
    /// lone surrogate in an object key, the path of that object.
    public internal(set) var loneSurrogatePath: String?

    /// Creates an error with an explicit position.
    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Creates an error, working out `line` and `column` from `offset` in `bytes`.
    init(message: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var i = 0
        let stop = min(offset, bytes.count)
        while i < stop {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b == 0x0D {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A {
                    // "\r\n": the "\n" ends the line.
                } else {
                    line += 1
                    column = 1
                }
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        self.init(message: message, offset: offset, line: line, column: column)
    }

    /// "line L, column C: message".
    public var description: String { "line \(line), column \(column): \(message)" }
}
