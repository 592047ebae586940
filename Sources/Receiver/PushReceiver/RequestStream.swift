import CReceiverSockets
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where libmicrohttpd's reading of one connection stands, as the receiver follows it: every
/// request head is checked (``RequestHead``) before libmicrohttpd reads a byte of it, the first
/// and each later one of a kept-alive connection alike.
///
/// libmicrohttpd reads with `recv`, which the program defines (`CReceiverSockets`): a read of a
/// watched connection comes to ``RequestStreams/read(_:_:_:)``, which peeks at what the socket
/// holds and passes on requests whose heads are well-formed, each to its end (its head's length
/// plus its `Content-Length`), pipelined ones included. A head that is still arriving is not
/// passed on until it is whole; a malformed one never is: it is answered once its requests
/// before it are, with the JSON refusal a first head gets, and the connection is closed.
/// A chunked body is followed chunk by chunk (``ChunkedBody``): a malformed one is refused as a
/// malformed head is, and the connection is closed after a chunked request's answer (what
/// follows it is passed on unchecked).
struct RequestStream: Equatable {
    enum Position: Equatable {
        /// The next byte begins a request head.
        case head
        /// This many bytes of a checked request (the rest of its head, its body) come next.
        case request(Int)
        /// A chunked request: this many bytes of its head come next, then its body, followed to
        /// its end (``ChunkedBody``).
        case chunked(ChunkedBody, headLeft: Int)
        /// After a chunked body: passed on unchecked; the connection closes after its answer.
        case unframed
        /// A malformed head that follows requests not yet answered: refused once they are.
        case refused(RequestHead.Refusal)
        /// Refused: every read ends.
        case closed
    }

    var position: Position = .head
    /// Heads checked and passed on.
    var passed = 0
    /// Requests libmicrohttpd finished answering.
    var answered = 0

    /// Moves over `bytes`, what the socket holds from the stream's next byte on, and returns how
    /// many of them to pass on (at most `length`). A head is checked over all of `bytes`, which
    /// must reach `headLimit` bytes past any position up to `length` unless the socket holds no
    /// more: then a head that is not whole is still arriving.
    mutating func advance(over bytes: UnsafeRawBufferPointer, length: Int, headLimit: Int, chunkLimit: Int = 16 << 20) -> Int {
        let room = min(length, bytes.count)
        var pass = 0
        while pass < room {
            switch position {
            case .chunked(let body, let headLeft) where headLeft > 0:
                let take = min(headLeft, room - pass)
                pass += take
                position = .chunked(body, headLeft: headLeft - take)
            case .chunked(var body, _):
                switch body.advance(over: UnsafeRawBufferPointer(rebasing: bytes[pass..<room])) {
                case .more:
                    position = .chunked(body, headLeft: 0)
                    return room
                case .ended(let count):
                    pass += count
                    position = .unframed
                    return room
                case .refused(let count, let refusal):
                    // The request of this body is never answered: it is the refusal that answers it.
                    pass += count
                    passed -= 1
                    position = .refused(refusal)
                    return pass
                }
            case .request(let left):
                let take = min(left, room - pass)
                pass += take
                position = take == left ? .head : .request(left - take)
            case .head:
                // As the gate does: at most a whole head's worth, so that a longer one is too large.
                let window = UnsafeRawBufferPointer(rebasing: bytes[pass..<min(bytes.count, pass + headLimit)])
                switch RequestHead.check(window, limit: headLimit) {
                case .incomplete:
                    return pass
                case .refused(let refusal):
                    position = .refused(refusal)
                    return pass
                case .complete(let framing):
                    passed += 1
                    switch framing.body {
                    case .length(let count): position = .request(framing.headLength + count)
                    case .chunked:
                        var body = ChunkedBody(chunkLimit: chunkLimit, lineLimit: headLimit)
                        body.method = framing.method
                        body.path = framing.path
                        position = .chunked(body, headLeft: framing.headLength)
                    }
                }
            case .unframed:
                return room
            case .refused, .closed:
                return pass
            }
        }
        return pass
    }
}

/// Who refuses a malformed head on a watched connection: sends the answer, shuts the socket
/// for writing and keeps reading until the client closes.
protocol StreamOwner: AnyObject, Sendable {
    /// Largest request head, bytes.
    var headLimit: Int { get }
    /// Largest chunk of a chunked body, bytes.
    var chunkLimit: Int { get }
    /// Answers `refusal` on `fd`, from libmicrohttpd's thread.
    func refuse(_ fd: Int32, _ refusal: RequestHead.Refusal)
}

/// The streams of every connection libmicrohttpd holds, by socket, across all receivers of the
/// process. A stream is read and written by the libmicrohttpd thread that owns its connection
/// (its reads, the end of each request, its close), and made by the gate before it hands the
/// connection over; the lock only keeps the table whole.
enum RequestStreams {
    struct Entry {
        var stream = RequestStream()
        let owner: any StreamOwner
    }

    private static let table = Mutex<[Int32: Entry]>([:])

    /// Installs the reader once per process.
    private static let installed: Bool = {
        let reader: widgethost_receiver_reader = { fd, buffer, length in RequestStreams.read(fd, buffer, length) }
        widgethost_receiver_set_reader(reader)
        return true
    }()

    /// Follows `fd` from its first byte; false when it cannot be watched (then it must not be handed over).
    static func watch(_ fd: Int32, owner: any StreamOwner) -> Bool {
        _ = installed
        table.withLock { $0[fd] = Entry(owner: owner) }
        guard widgethost_receiver_watch(fd) == 1 else {
            table.withLock { $0[fd] = nil }
            return false
        }
        return true
    }

    /// Forgets `fd` (libmicrohttpd is closing it, or did not take it).
    static func unwatch(_ fd: Int32) {
        widgethost_receiver_unwatch(fd)
        table.withLock { $0[fd] = nil }
    }

    /// libmicrohttpd finished answering a request on `fd`: a malformed head waiting behind it is refused now.
    static func answered(_ fd: Int32) {
        let refusal = table.withLock { entries -> (any StreamOwner, RequestHead.Refusal)? in
            guard var entry = entries[fd] else { return nil }
            entry.stream.answered += 1
            var due: RequestHead.Refusal?
            if case .refused(let refusal) = entry.stream.position, entry.stream.answered >= entry.stream.passed {
                entry.stream.position = .closed
                due = refusal
            }
            entries[fd] = entry
            return due.map { (entry.owner, $0) }
        }
        // Shutting the socket for writing also wakes libmicrohttpd, whose next read ends the connection.
        if let (owner, refusal) = refusal { owner.refuse(fd, refusal) }
    }

    /// Whether the answer on `fd` must close the connection (a chunked request: what follows its body is not checked).
    static func closesAfterAnswer(_ fd: Int32) -> Bool {
        table.withLock { entries in
            switch entries[fd]?.stream.position {
            case .unframed, .chunked: return true
            default: return false
            }
        }
    }

    /// The stream of `fd`, for tests.
    static func stream(_ fd: Int32) -> RequestStream? {
        table.withLock { $0[fd]?.stream }
    }

    /// libmicrohttpd's `recv(fd, buffer, length, 0)` on a watched socket.
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ length: Int) -> Int {
        guard let buffer, length > 0, let entry = table.withLock({ $0[fd] }) else {
            return widgethost_receiver_read(fd, buffer, length)
        }
        var stream = entry.stream
        switch stream.position {
        case .closed:
            return 0
        case .refused(let refusal):
            // Behind requests still to be answered, it waits for their answers (``answered(_:)``);
            // inside a body whose first bytes were passed on, nothing else comes: refused now.
            guard stream.answered >= stream.passed else {
                errno = EAGAIN
                return -1
            }
            stream.position = .closed
            store(stream, fd)
            entry.owner.refuse(fd, refusal)
            return 0
        case .unframed:
            return widgethost_receiver_read(fd, buffer, length)
        case .request(let left) where left >= length:
            // All of it belongs to the request under way: no head to check.
            let got = widgethost_receiver_read(fd, buffer, length)
            if got > 0 {
                stream.position = got == left ? .head : .request(left - got)
                store(stream, fd)
            }
            return got
        case .head, .request, .chunked:
            break
        }
        let seen = widgethost_receiver_peek(fd, buffer, length)
        guard seen > 0 else { return seen }  // the end, or an error: as the socket says
        var pass: Int
        if seen < length {
            pass = stream.advance(over: UnsafeRawBufferPointer(start: buffer, count: seen), length: length,
                                  headLimit: entry.owner.headLimit, chunkLimit: entry.owner.chunkLimit)
        } else {
            // More may wait past libmicrohttpd's room: look a whole head further.
            let wider = UnsafeMutableRawBufferPointer.allocate(byteCount: length + entry.owner.headLimit, alignment: 16)
            defer { wider.deallocate() }
            let more = widgethost_receiver_peek(fd, wider.baseAddress, wider.count)
            guard more > 0 else { return more }
            pass = stream.advance(over: UnsafeRawBufferPointer(rebasing: wider[0..<more]), length: length,
                                  headLimit: entry.owner.headLimit, chunkLimit: entry.owner.chunkLimit)
        }
        if case .refused(let refusal) = stream.position, stream.answered >= stream.passed {
            // Nothing before it waits for an answer: refuse it now, and end libmicrohttpd's connection.
            // (Bytes to pass on here are those of a chunked request refused inside its body, which
            // is not counted as passed: libmicrohttpd gets none of them, nor waits for more, since a
            // short read makes it wait for the socket to become readable again, which it may never.)
            stream.position = .closed
            store(stream, fd)
            entry.owner.refuse(fd, refusal)
            return 0
        }
        guard pass > 0 else {
            store(stream, fd)
            errno = EAGAIN  // the head is still arriving
            return -1
        }
        let got = widgethost_receiver_take(fd, buffer, pass)
        if got != pass { stream.position = .unframed }  // not what was peeked: stop following it
        store(stream, fd)
        return got
    }

    private static func store(_ stream: RequestStream, _ fd: Int32) {
        table.withLock { entries in
            guard entries[fd] != nil else { return }
            entries[fd]!.stream = stream
        }
    }
}
