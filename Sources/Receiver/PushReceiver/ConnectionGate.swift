import CMicroHTTPD
import HostSystem
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The receiver's front door: one thread that accepts every connection, enforces the
/// connection limits (``ConnectionTable``), and holds each new connection until its first
/// request head has arrived, peeking at it (`MSG_PEEK`, so nothing is consumed) with its
/// own epoll. A well-formed head (``RequestHead``) hands the connection to libmicrohttpd
/// (`MHD_add_connection`), which reads it from the start, through the connection's
/// ``RequestStream`` (which checks that head again and every later one); a malformed one gets
/// one JSON answer at once, and a head that does not arrive within the idle timeout gets 408.
/// Idle connections held here cost no libmicrohttpd worker and no slot it would refuse.
/// A later head the stream refuses is answered here too (``refuse(_:_:)``), and the gate
/// lingers on the connection as it does on its own.
/// `@unchecked Sendable`: after `init`, `epoll`, `pending` and the lingering sockets belong to the
/// gate's own thread alone; `stop` only writes to the wake pipe and joins that thread; sockets
/// handed to it to linger on cross under `handed`'s lock; the other fields are constants.
final class ConnectionGate: StreamOwner, @unchecked Sendable {
    struct Pending {
        var address: sockaddr_storage
        var length: socklen_t
        var seen = 0
    }

    private let listenFD: Int32
    private let table: ConnectionTable
    private let limits: HTTPLimits
    /// Largest request head, bytes (the gate's buffer holds one).
    let headLimit: Int
    /// Largest chunk of a chunked body: what the server reads of a body, dropped past its limit.
    var chunkLimit: Int { limits.bodyLimit + limits.discardLimit }
    private let handOver: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Bool
    private let answer: @Sendable (HTTPFailure, String, String) -> HTTPResponse
    private var epoll: Int32 = -1
    private var wake: [Int32] = [-1, -1]
    private var pending: [Int32: Pending] = [:]
    /// Connections answered and half-closed, read and dropped until the client closes (or a deadline).
    private var lingering: [Int32: Double] = [:]
    /// Sockets refused on libmicrohttpd's threads, for the gate's thread to linger on; nil once stopped.
    private let handed = Mutex<[Int32]?>([])
    private var acceptPausedUntil: Double?
    private var buffer: UnsafeMutableRawBufferPointer
    private let stopping = Atomic<Bool>(false)
    private var thread: OSThread?

    static let lingerMs = 2000.0
    private static let listenTag: UInt64 = UInt64.max
    private static let wakeTag: UInt64 = UInt64.max - 1

    init(listen: Int32, table: ConnectionTable, limits: HTTPLimits,
         handOver: @escaping (Int32, UnsafePointer<sockaddr>, socklen_t) -> Bool,
         answer: @escaping @Sendable (HTTPFailure, String, String) -> HTTPResponse) {
        listenFD = listen
        self.table = table
        self.limits = limits
        self.handOver = handOver
        self.answer = answer
        headLimit = max(1024, limits.headLimit)
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: headLimit, alignment: 16)
    }

    deinit { buffer.deallocate() }

    func start() throws(ReceiverError) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0, pipe(&wake) == 0 else { throw ReceiverError(.listen, "cannot make the receiver's event loop: \(String(cString: strerror(errno)))") }
        for fd in [listenFD, wake[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        _ = fcntl(wake[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(wake[1], F_SETFD, FD_CLOEXEC)
        watch(listenFD, tag: Self.listenTag, edge: false)
        watch(wake[0], tag: Self.wakeTag, edge: false)
        thread = OSThread { [self] in run() }
    }

    /// Stops accepting, closes what it holds, and ends the thread.
    func stop() {
        guard let thread else { return }
        stopping.store(true, ordering: .releasing)
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        thread.join()
        self.thread = nil
        // Written to the wake pipe only under this lock: after it, nothing is.
        for fd in handed.withLock({ list -> [Int32] in
            defer { list = nil }
            return list ?? []
        }) { close(fd) }
        close(epoll)
        close(wake[0])
        close(wake[1])
    }

    // MARK: The loop

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        let timeout = Double(limits.idleTimeoutSeconds) * 1000
        while !stopping.load(ordering: .acquiring) {
            let now = MonotonicClock.milliseconds()
            var next = now + 1000
            if let deadline = table.nextDeadline(timeout: timeout) { next = min(next, deadline) }
            if let linger = lingering.values.min() { next = min(next, linger) }
            if let paused = acceptPausedUntil { next = min(next, paused) }
            let wait = Int32(max(0, min(1000, (next - now).rounded(.up))))
            let count = epoll_wait(epoll, &events, Int32(events.count), wait)
            for index in 0..<max(0, Int(count)) {
                let tag = events[index].data.u64
                switch tag {
                case Self.listenTag: acceptAll()
                case Self.wakeTag: adoptHanded()
                default:
                    let fd = Int32(truncatingIfNeeded: tag)
                    if lingering[fd] != nil { drain(fd) } else if pending[fd] != nil { inspect(fd) }
                }
            }
            let later = MonotonicClock.milliseconds()
            if let paused = acceptPausedUntil, paused <= later {
                acceptPausedUntil = nil
                watch(listenFD, tag: Self.listenTag, edge: false)
            }
            for fd in table.expire(now: later, timeout: timeout, answering: { timedOutLater($0) }) { timedOut(fd) }
            for (fd, deadline) in lingering where deadline <= later { finish(fd) }
        }
        for fd in Array(pending.keys) {
            table.release(fd)
            forget(fd)
            close(fd)
        }
        for fd in Array(lingering.keys) { finish(fd) }
    }

    private func acceptAll() {
        for _ in 0..<128 {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listenFD, $0, &length) }
            }
            if fd >= 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
            guard fd >= 0 else {
                switch errno {
                case EAGAIN, EWOULDBLOCK: return
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of sockets: make room by dropping the oldest idle connection, or
                    // stop accepting for a moment (the kernel queues the newcomers).
                    let (dropped, gateFD) = table.dropOldestIdle()
                    if let gateFD { closeHeld(gateFD) }
                    if !dropped {
                        acceptPausedUntil = MonotonicClock.milliseconds() + 100
                        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, listenFD, nil)
                    }
                    return
                default: continue
                }
            }
            switch table.admit(fd: fd, address: Self.text(of: address), now: MonotonicClock.milliseconds()) {
            case .refused:
                close(fd)  // over a limit, with nothing idle to drop: closed at once
            case .admitted(let closing):
                for old in closing { closeHeld(old) }
                pending[fd] = Pending(address: address, length: length)
                watch(fd, tag: UInt64(UInt32(bitPattern: fd)), edge: true)
                inspect(fd)
            }
        }
    }

    /// Looks at what has arrived on a held connection.
    private func inspect(_ fd: Int32) {
        guard var held = pending[fd] else { return }
        let count = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_PEEK))
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            table.release(fd)
            forget(fd)
            close(fd)
            return
        }
        guard count > 0 else { return }
        held.seen = count
        pending[fd] = held
        switch RequestHead.check(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), limit: buffer.count) {
        case .incomplete:
            return
        case .complete:
            guard RequestStreams.watch(fd, owner: self) else {
                // A socket number past what can be watched: it would reach libmicrohttpd unchecked.
                table.release(fd)
                forget(fd)
                close(fd)
                return
            }
            forget(fd)
            table.handOver(fd, now: MonotonicClock.milliseconds())
            let accepted = withUnsafePointer(to: &held.address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { handOver(fd, $0, held.length) }
            }
            // libmicrohttpd closed the socket when it could not take it.
            if !accepted {
                RequestStreams.unwatch(fd)
                table.release(fd)
            }
        case .refused(let refusal):
            respond(fd, answer(failure(for: refusal), refusal.method, refusal.path), consumed: count)
        }
    }

    private func failure(for refusal: RequestHead.Refusal) -> HTTPFailure {
        switch refusal.kind {
        case .malformed: return .malformedRequest(refusal.why)
        case .declaredTooLarge(let digits): return .declaredBodyTooLarge(digits)
        case .headTooLarge: return .headersTooLarge(limit: headLimit)
        case .versionNotSupported(let version): return .httpVersionNotSupported(version)
        case .chunkTooLarge(let limit): return .chunkTooLarge(limit: limit)
        }
    }

    // MARK: Later heads

    /// A head of a connection libmicrohttpd holds that its stream refused (on libmicrohttpd's
    /// thread, with nothing of it passed on and every request before it answered): the same
    /// answer as for a first head, the socket shut for writing, and a copy of it handed to the
    /// gate's thread to linger on, so that libmicrohttpd may close its own at once.
    func refuse(_ fd: Int32, _ refusal: RequestHead.Refusal) {
        Self.sendAndShut(fd, Self.serialize(answer(failure(for: refusal), refusal.method, refusal.path)))
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return }
        let kept = handed.withLock { list -> Bool in
            guard list != nil else { return false }
            list!.append(copy)
            var byte: UInt8 = 1
            _ = write(wake[1], &byte, 1)
            return true
        }
        if !kept { close(copy) }
    }

    /// Lingers on the sockets refused on libmicrohttpd's threads.
    private func adoptHanded() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wake[0], &bytes, bytes.count) > 0 {}
        let fds = handed.withLock { list -> [Int32] in
            defer { if list != nil { list = [] } }
            return list ?? []
        }
        for fd in fds {
            lingering[fd] = MonotonicClock.milliseconds() + Self.lingerMs
            watch(fd, tag: UInt64(UInt32(bitPattern: fd)), edge: true)
            drain(fd)
        }
    }

    /// A held connection whose head did not arrive in time: 408 when it sent part of one, else closed.
    private func timedOut(_ fd: Int32) {
        guard let held = pending[fd] else { return }
        if held.seen > 0 {
            respond(fd, answer(.headTimeout(received: held.seen), "-", "-"), consumed: held.seen, released: true)
        } else {
            forget(fd)
            close(fd)
        }
    }

    /// A connection libmicrohttpd holds, idle for the timeout (with the table's lock held, just
    /// before the table shuts it down): part of a later head arrived, which its stream keeps
    /// from libmicrohttpd until it is whole, gets 408 as a first head does.
    private func timedOutLater(_ fd: Int32) {
        let seen = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_PEEK | MSG_DONTWAIT))
        guard seen > 0 else { return }
        _ = recv(fd, buffer.baseAddress, seen, Int32(MSG_DONTWAIT))
        Self.sendAndShut(fd, Self.serialize(answer(.headTimeout(received: seen), "-", "-")))
    }

    /// A held connection dropped for a newer one.
    private func closeHeld(_ fd: Int32) {
        forget(fd)
        close(fd)
    }

    /// Sends one answer, half-closes, and lingers reading until the client closes: closing
    /// with unread bytes would reset the connection and could destroy the answer.
    private func respond(_ fd: Int32, _ response: HTTPResponse, consumed: Int, released: Bool = false) {
        if !released { table.release(fd) }
        pending[fd] = nil
        _ = recv(fd, buffer.baseAddress, consumed, Int32(MSG_DONTWAIT))
        Self.sendAndShut(fd, Self.serialize(response))
        lingering[fd] = MonotonicClock.milliseconds() + Self.lingerMs
        drain(fd)
    }

    private func drain(_ fd: Int32) {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            if count < 0 && errno == EINTR { continue }
            finish(fd)
            return
        }
    }

    private func finish(_ fd: Int32) {
        guard lingering.removeValue(forKey: fd) != nil else { return }
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
        close(fd)
    }

    private func forget(_ fd: Int32) {
        pending[fd] = nil
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
    }

    private func watch(_ fd: Int32, tag: UInt64, edge: Bool) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (edge ? EPOLLET.rawValue : 0)
        event.data.u64 = tag
        _ = epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }

    // MARK: Bytes

    /// A client address as text (`127.0.0.2`, `::1`): the key of the per-address limit.
    static func text(of address: sockaddr_storage) -> String {
        var copy = address
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        return withUnsafePointer(to: &copy) { pointer -> String in
            switch Int32(address.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin_addr
                    return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil ? Self.string(text) : "?"
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil ? Self.string(text) : "?"
                }
            default:
                return "?"
            }
        }
    }

    private static func string(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sends `bytes` as far as the socket takes them without blocking, then shuts the
    /// connection for writing: a refusal is one answer, and nothing follows it.
    static func sendAndShut(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if count <= 0 { break }
            sent += count
        }
        shutdown(fd, Int32(SHUT_WR))
    }

    /// An answer as HTTP/1.1 bytes, closing the connection.
    static func serialize(_ response: HTTPResponse) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(phrase(response.status))\r\nDate: \(httpDate())\r\nConnection: close\r\n"
        head += "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
        for (name, value) in response.headers where name.lowercased() != "connection" { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + response.body
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: return "Bad Request"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 431: return "Request Header Fields Too Large"
        case 505: return "HTTP Version Not Supported"
        default: return "Error"
        }
    }

    /// The current time as an HTTP date: `Tue, 01 Dec 2026 09:52:17 GMT`.
    static func httpDate() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var text = [CChar](repeating: 0, count: 64)
        let count = strftime(&text, text.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: text.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
