import ErrorKinds

/// A request head, checked before libmicrohttpd parses it: the first of a connection by the
/// gate, every one (the first again, and each later one of a kept-alive connection) by the
/// connection's ``RequestStream`` as libmicrohttpd reads.
///
/// libmicrohttpd 0.9.75 answers some malformed heads badly: a `Content-Length` that is not
/// a plain number (`-1`, `+7`, `7 `, above 2^64) gets its status line and headers twice,
/// a request line of binary bytes gets no answer until the timeout, a bare word closes the
/// connection without an answer, of two different `Content-Length`s one is used, and
/// `Transfer-Encoding: gzip` hangs, and a version other than 1.x gets an HTML page. So the
/// receiver reads (peeks at) the head itself and refuses what is not well-formed HTTP/1.x
/// with one JSON answer at once; what passes is
/// handed over unchanged, with where the request ends (``Framing``).
/// Pure functions over bytes, so each rule has a test.
enum RequestHead {
    enum Verdict: Equatable {
        /// More bytes are needed.
        case incomplete
        /// A well-formed head: hand it over.
        case complete(Framing)
        /// Refuse it at once.
        case refused(Refusal)
    }

    struct Refusal: Equatable {
        enum Kind: Equatable {
            /// Not well-formed (400 `malformed-request`).
            case malformed
            /// A declared body length too large to be a number the receiver takes (413).
            case declaredTooLarge(String)
            /// The head does not fit the limit (431).
            case headTooLarge
            /// A well-formed request line in an HTTP version other than 1.x, the version (505).
            case versionNotSupported(String)
            /// A chunk of a chunked body declares more than the receiver reads (413).
            case chunkTooLarge(limit: Int)
        }

        var kind: Kind
        var why: String
        /// The method and path when the request line got that far, else "-".
        var method = "-"
        var path = "-"
    }

    /// Where a well-formed request ends.
    struct Framing: Equatable {
        enum Body: Equatable {
            /// `Content-Length` bytes (0 without the header).
            case length(Int)
            /// Chunks, to their last one and its trailer.
            case chunked
        }

        /// Bytes of the head, from the first byte checked (empty lines before the request
        /// line included) through the empty line that ends it.
        var headLength: Int
        var body: Body
        /// The request's method and path, for a refusal inside its body.
        var method = "-"
        var path = "-"
    }

    /// Most header lines a head may have (431 beyond).
    static let maxFields = 100

    static let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A, space: UInt8 = 0x20, tab: UInt8 = 0x09, colon: UInt8 = 0x3A

    /// Checks the bytes received so far (`bytes`, at most `limit` of them; a full buffer
    /// without the head's end is a head too large).
    static func check(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Verdict {
        let count = bytes.count
        var index = 0
        // Empty lines before the request line are ignored (RFC 9112, 2.2).
        while index < count && (bytes[index] == cr || bytes[index] == lf) { index += 1 }
        guard let lineEnd = nextLineFeed(bytes, from: index) else {
            if let why = partialRequestLineProblem(bytes, from: index) { return .refused(Refusal(kind: .malformed, why: why)) }
            return count >= limit ? .refused(Refusal(kind: .headTooLarge, why: "no end of the request line")) : .incomplete
        }
        let requestLine = try? line(bytes, from: index, to: lineEnd)
        guard let requestLine else {
            return .refused(Refusal(kind: .malformed, why: "a carriage return inside the request line"))
        }
        var refusal = Refusal(kind: .malformed, why: "")
        if let why = requestLineProblem(requestLine, into: &refusal) {
            refusal.why = why
            return .refused(refusal)
        }
        var lengths: [[UInt8]] = []
        var codings: [UInt8]?
        var hosts = 0, fields = 0
        index = lineEnd + 1
        while true {
            guard let end = nextLineFeed(bytes, from: index) else {
                if let byte = (index..<count).lazy.map({ bytes[$0] }).first(where: { !isFieldByte($0) && $0 != cr }) {
                    refusal.why = "a header line holds the byte \(hex(byte))"
                    return .refused(refusal)
                }
                if count >= limit {
                    refusal.kind = .headTooLarge
                    refusal.why = "the head is larger than \(limit) bytes"
                    return .refused(refusal)
                }
                return .incomplete
            }
            guard let field = try? line(bytes, from: index, to: end) else {
                refusal.why = "a carriage return inside a header line"
                return .refused(refusal)
            }
            index = end + 1
            if field.isEmpty { break }
            fields += 1
            if fields > maxFields {
                // libmicrohttpd keeps a record of every header in the connection's memory: far
                // fewer than 32 KiB of short headers fill it, and it answers with its own page.
                refusal.kind = .headTooLarge
                refusal.why = "the head has more than \(maxFields) header lines"
                return .refused(refusal)
            }
            if field[0] == space || field[0] == tab {
                refusal.why = "a header line starts with white space (folded headers are not accepted)"
                return .refused(refusal)
            }
            guard let colonIndex = field.firstIndex(of: colon) else {
                refusal.why = "a header line has no ':' (\(shown(field)))"
                return .refused(refusal)
            }
            let name = field[..<colonIndex]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                refusal.why = "the header name \(shown(Array(name))) is not a token (no spaces before ':')"
                return .refused(refusal)
            }
            var value = field[(colonIndex + 1)...]
            while let first = value.first, first == space || first == tab { value = value.dropFirst() }
            if let byte = value.first(where: { !isFieldByte($0) }) {
                refusal.why = "the header \(shown(Array(name))) holds the byte \(hex(byte))"
                return .refused(refusal)
            }
            switch String(decoding: name, as: UTF8.self).lowercased() {
            case "content-length": lengths.append(Array(value))
            case "transfer-encoding": codings = (codings.map { $0 + [0x2C] } ?? []) + Array(value)
            case "host": hosts += 1
            default: break
            }
        }
        // RFC 9112, 3.2: a 1.1 request has exactly one Host, and no request has two.
        if hosts > 1 || (hosts == 0 && requestLine.last != 0x30) {
            refusal.why = hosts > 1 ? "\(hosts) Host headers (send one)" : "no Host header (HTTP/1.1 requires one, e.g. Host: 127.0.0.1)"
            return .refused(refusal)
        }
        switch framing(lengths: lengths, codings: codings, refusal: refusal) {
        case .failure(let problem): return .refused(problem)
        case .success(let body): return .complete(Framing(headLength: index, body: body, method: refusal.method, path: refusal.path))
        }
    }

    private enum Either {
        case success(Framing.Body)
        case failure(Refusal)
    }

    /// Content-Length and Transfer-Encoding: one way to find the body's end, and one the receiver can read.
    private static func framing(lengths: [[UInt8]], codings: [UInt8]?, refusal: Refusal) -> Either {
        var refusal = refusal
        var declared: [UInt8]?
        for value in lengths {
            guard !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                refusal.why = "Content-Length must be a number of bytes (digits only); got \(shown(value))"
                return .failure(refusal)
            }
            let digits = Array(value.drop { $0 == 0x30 })
            if let declared, declared != digits {
                refusal.why = "two different Content-Length headers"
                return .failure(refusal)
            }
            declared = digits
        }
        if let declared, declared.count > 18 {
            refusal.kind = .declaredTooLarge(String(decoding: declared, as: UTF8.self))
            refusal.why = "the declared body is too large"
            return .failure(refusal)
        }
        if let codings {
            if declared != nil {
                refusal.why = "both Content-Length and Transfer-Encoding (send one)"
                return .failure(refusal)
            }
            // chunked alone: the receiver decodes no other coding (libmicrohttpd neither, and
            // waits on `gzip, chunked`), and chunked twice is not allowed (RFC 9112, 6.1).
            let parts = codings.split(separator: 0x2C, omittingEmptySubsequences: false).map { part in
                String(decoding: part.drop { $0 == space || $0 == tab }.reversed().drop { $0 == space || $0 == tab }.reversed(), as: UTF8.self).lowercased()
            }
            if parts != ["chunked"] {
                refusal.why = "Transfer-Encoding must be chunked alone, the only transfer coding the receiver reads; got \(shown(codings))"
                return .failure(refusal)
            }
            return .success(.chunked)
        }
        guard let declared else { return .success(.length(0)) }
        // At most 18 digits: an Int.
        return .success(.length(declared.reduce(0) { $0 * 10 + Int($1 - 0x30) }))
    }

    /// `METHOD SP target SP HTTP/d.d`, with single spaces; fills in the method and path, and
    /// the kind when the version is not 1.x (a later 1.x is served as 1.1, RFC 9110, 6.2).
    private static func requestLineProblem(_ line: [UInt8], into refusal: inout Refusal) -> String? {
        let parts = line.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, !parts[2].isEmpty else {
            return "the request line \(shown(line)) is not METHOD PATH HTTP/1.1"
        }
        guard parts[0].allSatisfy(isTokenByte) else { return "the method \(shown(Array(parts[0]))) is not a token" }
        refusal.method = String(decoding: parts[0], as: UTF8.self)
        guard parts[1].allSatisfy({ $0 > space && $0 != 0x7F }) else {
            return "the path holds the byte \(hex(parts[1].first { $0 <= space || $0 == 0x7F } ?? 0))"
        }
        refusal.path = String(decoding: parts[1], as: UTF8.self)
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), isDigit(version[5]), version[6] == 0x2E, isDigit(version[7]) else {
            return "\(shown(version)) is not an HTTP version such as HTTP/1.1"
        }
        if version[5] != 0x31 {
            refusal.kind = .versionNotSupported(String(decoding: version, as: UTF8.self))
            return "the version is not 1.x"
        }
        return nil
    }

    /// A request line still arriving that already cannot become one.
    private static func partialRequestLineProblem(_ bytes: UnsafeRawBufferPointer, from start: Int) -> String? {
        var spaces = 0
        for index in start..<bytes.count {
            let byte = bytes[index]
            if byte == space {
                spaces += 1
                if spaces > 2 { return "the request line has more than two spaces" }
                continue
            }
            if byte == cr { continue }
            let fits = spaces == 0 ? isTokenByte(byte) : byte > space && byte != 0x7F
            if !fits { return "the request line holds the byte \(hex(byte)); this is not HTTP" }
        }
        return nil
    }

    private struct CarriageReturnInside: KindedError {
        /// A request head with a lone CR: malformed input.
        var errorKind: ErrorKind { .input(.malformed) }
    }

    /// The bytes of a line ending at `end` (a LF), without a CR right before it; a CR elsewhere is an error.
    private static func line(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) throws(CarriageReturnInside) -> [UInt8] {
        var stop = end
        if stop > start && bytes[stop - 1] == cr { stop -= 1 }
        let line = Array(bytes[start..<stop])
        if line.contains(cr) { throw CarriageReturnInside() }
        return line
    }

    private static func nextLineFeed(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == lf { return index }
            index += 1
        }
        return nil
    }

    /// tchar of RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: return true
        default: return false
        }
    }

    /// What a field value may hold: visible ASCII, space, tab and bytes of UTF-8 text (obs-text).
    static func isFieldByte(_ byte: UInt8) -> Bool {
        byte == tab || byte == space || (byte > space && byte != 0x7F)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    /// Bytes quoted for a message: printable ASCII as is, anything else as `\xNN`, at most 60.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = "\""
        for byte in bytes.prefix(60) {
            if byte >= space && byte < 0x7F && byte != 0x22 && byte != 0x5C { text.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text + (bytes.count > 60 ? "…\"" : "\"")
    }
}
