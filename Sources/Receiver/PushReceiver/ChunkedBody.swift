/// Where a chunked body (RFC 9112, 7.1) stands, followed byte by byte as it is passed on to
/// libmicrohttpd, so that a malformed one gets the receiver's JSON refusal rather than
/// libmicrohttpd's HTML page: a chunk size that is not hexadecimal digits (`zz`, `-1`, none)
/// or whose line does not end as a line, data not followed by its line end, a trailer line
/// that is not a header line or a trailer too long; a chunk size larger than the receiver
/// would ever read is refused as too large. Pure, over bytes, so each rule has a test.
struct ChunkedBody: Equatable {
    enum State: Equatable {
        /// Reading a chunk-size line: the digits so far and their value.
        case size(digits: Int, value: Int)
        /// Past the digits and a `;`: an extension, to the line end.
        case sizeExtension(length: Int)
        /// A CR ended the size line: its LF comes next.
        case sizeLineFeed
        /// This many data bytes come next.
        case data(Int)
        /// The data ended: CR LF (or a bare LF) next.
        case dataEnd(sawCR: Bool)
        /// In the trailer, after the last chunk: this many bytes of the current line (past its
        /// name's `:` once `colon`), of the whole.
        case trailer(line: Int, total: Int, colon: Bool)
        /// The body ended: the bytes after it are the next request's.
        case done
    }

    enum Step: Equatable {
        /// Every byte given belongs to the body, which goes on.
        case more
        /// The body ended after this many of the bytes given.
        case ended(Int)
        /// Malformed at this many bytes in (the bytes before it may be passed on).
        case refused(at: Int, RequestHead.Refusal)
    }

    var state = State.size(digits: 0, value: 0)
    /// The largest chunk the receiver reads (and drops past its body limit).
    let chunkLimit: Int
    /// The longest chunk-size line or trailer.
    let lineLimit: Int
    /// The request's method and path, for the refusal's log line.
    var method = "-"
    var path = "-"

    init(chunkLimit: Int, lineLimit: Int) {
        self.chunkLimit = chunkLimit
        self.lineLimit = lineLimit
    }

    /// Moves over `bytes`, the next bytes of the body.
    mutating func advance(over bytes: UnsafeRawBufferPointer) -> Step {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch state {
            case .size(let digits, let value):
                if let digit = Self.hexValue(byte) {
                    if digits + 1 > lineLimit {
                        return refuse(at: index, .malformed, "a chunk-size line longer than \(lineLimit) bytes")
                    }
                    let next = value * 16 + digit
                    if next > chunkLimit {
                        return refuse(at: index, .chunkTooLarge(limit: chunkLimit), "a chunk of more than \(chunkLimit) bytes")
                    }
                    state = .size(digits: digits + 1, value: next)
                } else if digits == 0 {
                    return refuse(at: index, .malformed, "a chunk size must be hexadecimal digits; got the byte \(RequestHead.hex(byte))")
                } else if byte == RequestHead.cr {
                    pending = value
                    state = .sizeLineFeed
                } else if byte == RequestHead.lf {
                    startChunk(value)
                } else if byte == Self.semicolon {
                    // No white space before it: RFC 9112 allows some, libmicrohttpd does not.
                    pending = value
                    state = .sizeExtension(length: digits + 1)
                } else {
                    return refuse(at: index, .malformed, "a chunk size must be hexadecimal digits, then ';' and an extension if any (no white space); got the byte \(RequestHead.hex(byte)) after them")
                }
            case .sizeExtension(let length):
                if byte == RequestHead.cr {
                    state = .sizeLineFeed
                } else if byte == RequestHead.lf {
                    startChunk(pending)
                } else if !RequestHead.isFieldByte(byte) {
                    return refuse(at: index, .malformed, "a chunk extension holds the byte \(RequestHead.hex(byte))")
                } else if length + 1 > lineLimit {
                    return refuse(at: index, .malformed, "a chunk-size line longer than \(lineLimit) bytes")
                } else {
                    state = .sizeExtension(length: length + 1)
                }
            case .sizeLineFeed:
                guard byte == RequestHead.lf else {
                    return refuse(at: index, .malformed, "a CR inside a chunk-size line")
                }
                startChunk(pending)
            case .data(let left):
                let take = min(left, bytes.count - index)
                index += take
                state = take == left ? .dataEnd(sawCR: false) : .data(left - take)
                continue
            case .dataEnd(let sawCR):
                if byte == RequestHead.cr && !sawCR {
                    state = .dataEnd(sawCR: true)
                } else if byte == RequestHead.lf {
                    state = .size(digits: 0, value: 0)
                } else {
                    return refuse(at: index, .malformed, "a chunk's data is longer than its size says (no line end after it)")
                }
            case .trailer(let line, let total, let colon):
                if total + 1 > lineLimit {
                    return refuse(at: index, .headTooLarge, "the trailer is larger than \(lineLimit) bytes")
                }
                if byte == RequestHead.lf {
                    if line == 0 {
                        state = .done
                        return .ended(index + 1)
                    }
                    guard colon else { return refuse(at: index, .malformed, "a trailer line has no ':'") }
                    state = .trailer(line: 0, total: total + 1, colon: false)
                } else if byte == RequestHead.cr {
                    state = .trailer(line: line, total: total + 1, colon: colon)
                } else if !colon && byte == RequestHead.colon && line > 0 {
                    state = .trailer(line: line + 1, total: total + 1, colon: true)
                } else if !colon && !RequestHead.isTokenByte(byte) {
                    return refuse(at: index, .malformed, "a trailer line's name holds the byte \(RequestHead.hex(byte)) (a name is a token, then ':')")
                } else if !RequestHead.isFieldByte(byte) {
                    return refuse(at: index, .malformed, "a trailer line holds the byte \(RequestHead.hex(byte))")
                } else {
                    state = .trailer(line: line + 1, total: total + 1, colon: colon)
                }
            case .done:
                return .ended(index)
            }
            index += 1
        }
        return .more
    }

    /// The size of the chunk whose size line is being ended.
    private var pending = 0
    private static let semicolon: UInt8 = 0x3B

    private mutating func startChunk(_ size: Int) {
        state = size == 0 ? .trailer(line: 0, total: 0, colon: false) : .data(size)
    }

    private mutating func refuse(at index: Int, _ kind: RequestHead.Refusal.Kind, _ why: String) -> Step {
        var refusal = RequestHead.Refusal(kind: kind, why: why)
        refusal.method = method
        refusal.path = path
        state = .done
        return .refused(at: index, refusal)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }
}
