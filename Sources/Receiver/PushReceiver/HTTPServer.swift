import CH2O
import HostSystem
import JSONKit
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An HTTP request whose body has fully arrived.
public struct HTTPRequest: Sendable {
    /// The method, e.g. `POST`.
    public var method: String
    /// The request target's path, e.g. `/api/push` (the query is not split off).
    public var path: String
    /// The `Content-Type` header, `nil` when absent.
    public var contentType: String?
    /// The whole body, as bytes.
    public var body: [UInt8]
    /// When the server had it whole (head and body) and handed it on, monotonic ms.
    public var startedAt: Double
    /// The `Host` header, `nil` when absent (with ``HTTPServer/allowedHosts`` set, one it admits).
    public var host: String?
    /// The `Authorization` header, `nil` when absent.
    public var authorization: String?
}

/// An HTTP response.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The body, as bytes.
    public var body: [UInt8]
    /// The `Content-Type` header.
    public var contentType: String
    /// Further headers, name and value, in order.
    public var headers: [(String, String)]

    /// A response with `status`, `body` and, by default, a JSON content type and no other headers.
    public init(status: Int, body: [UInt8], contentType: String = "application/json", headers: [(String, String)] = []) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.headers = headers
    }
}

/// Answers a request later, from any thread, exactly once.
/// `@unchecked Sendable`: its fields are constants; `answered` (atomic) lets exactly one caller
/// hand the answer to the server, whose event loop sends it on its own thread.
public final class HTTPResponder: @unchecked Sendable {
    fileprivate let request: UnsafeMutablePointer<h2o_req_t>
    private unowned let server: HTTPServer
    private let answered = Atomic<Bool>(false)
    /// The socket of a request that waits for news (``HTTPRoute/waiting(_:)``), watched meanwhile.
    private let waitingSocket: Int32?

    fileprivate init(request: UnsafeMutablePointer<h2o_req_t>, server: HTTPServer, waitingSocket: Int32? = nil) {
        self.request = request
        self.server = server
        self.waitingSocket = waitingSocket
    }

    /// Whether the request is answered (by its service, or by the server when its client went away).
    public var isAnswered: Bool { answered.load(ordering: .acquiring) }

    /// Hands the response to the server, which sends it.
    public func respond(_ response: HTTPResponse) {
        respond { response }
    }

    /// Hands the answer to the server; `make` builds the response on the event loop's thread that
    /// sends it (so the caller, such as the store's single writer, does not spend time on it).
    public func respond(_ make: @escaping @Sendable () -> HTTPResponse) {
        guard !answered.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let waitingSocket {
            server.waiting.forget(waitingSocket)
            server.table.doneWaiting(waitingSocket)
        }
        server.answerLater(self, make)
    }
}

/// What to do with a request.
public enum HTTPRoute: Sendable {
    /// Answer now.
    case respond(HTTPResponse)
    /// Answer later through the responder (the connection is suspended meanwhile).
    case later(@Sendable (HTTPResponder) -> Void)
    /// Answer later, a request that waits for news (an event stream): as ``later(_:)``, and
    /// meanwhile the server answers it on its own, and frees its connection, as soon as its
    /// client goes away, or when a new connection needs its place (over a connection limit,
    /// the request that has waited the longest gives way once no connection is idle).
    case waiting(@Sendable (HTTPResponder) -> Void)
}

/// Why the server answers on its own: an HTTP/1.1 request without `Host`
/// (``malformedRequest(_:)``) and a body just over the limit (``bodyTooLarge(received:)``). H2O
/// answers every other malformed request itself, with its own answers.
public enum HTTPFailure: Sendable {
    /// The body went past the limit.
    case bodyTooLarge(received: Int)
    /// The request head is not well-formed HTTP/1.1 (why, in words).
    case malformedRequest(String)
}

/// What a server serves.
public protocol HTTPService: AnyObject, Sendable {
    /// Called once the headers are in: a response here refuses the request before its body is read.
    func head(method: String, path: String, contentType: String?, contentLength: Int?) -> HTTPResponse?
    /// Called once the body is in.
    func route(_ request: HTTPRequest) -> HTTPRoute
    /// The response for a request the server refuses on its own.
    func failure(_ failure: HTTPFailure, method: String, path: String, startedAt: Double) -> HTTPResponse
}

/// Limits of the HTTP layer.
public struct HTTPLimits: Sendable, Hashable {
    /// Largest body read, bytes: one byte more gets `failure(.bodyTooLarge)`; a larger declared
    /// length, or a chunked body reaching one byte more, gets H2O's own 413 (the connection closed).
    public var bodyLimit = 64 * 1024
    /// Connections at once (beyond, the one idle the longest is dropped, or the new one
    /// closed when none is idle), and per client address (beyond, the new one is closed).
    public var connectionLimit = 1000
    /// Connections at once from one client address (see ``connectionLimit``).
    public var perAddressLimit = 256
    /// Seconds a connection may be idle (no request in progress) from when it opened or last
    /// answered, however slowly it sends: with ``requestTimeoutSeconds``, the time its next
    /// request has to arrive whole, head and body (H2O's request timeout), or it is closed.
    public var idleTimeoutSeconds = 10
    /// Seconds added to ``idleTimeoutSeconds`` for a request's body to arrive.
    public var requestTimeoutSeconds = 10.0
    /// The defaults above.
    public init() {}
}

/// An HTTP/1.1 server on H2O's library (`libh2o-evloop`): one event loop thread accepts every
/// connection, H2O reads and parses each request once (picohttpparser, its chunked decoder) and
/// answers what is not well-formed HTTP/1.x itself (400, 413, or the connection closed); what it
/// parsed, with its whole body, goes to the service. Requests answered later are held by H2O
/// until their answer is handed over (``HTTPResponder``) and sent from the loop's thread.
/// ``ConnectionTable`` keeps the connection limits; ``WaitingRequests`` watches requests that
/// wait for news. The only file of the receiver that touches H2O's C pointers.
/// `@unchecked Sendable`: `loop`, `thread` and `listenSocket` are set in `start` and cleared in
/// `stop`, both called by the owner's thread; the loop's callbacks run on its one thread; what
/// other threads hand over crosses under `answers`' lock.
public final class HTTPServer: @unchecked Sendable {
    private let service: HTTPService
    private let limits: HTTPLimits
    private let allowedNames: [String]?
    /// The `Host` values answered once started, at the port bound (nil: any `Host`): a request
    /// naming another host gets 403, on every path (``HostAllowList``).
    public private(set) var allowedHosts: HostAllowList?
    private var loop: UnsafeMutablePointer<widgethost_h2o_loop>?
    private var thread: OSThread?
    private var listenSocket: Int32 = -1
    let table: ConnectionTable
    /// The requests that wait for news, watched for their clients going away.
    let waiting = WaitingRequests()
    /// The port it listens on (useful with port 0).
    public private(set) var port: Int = 0
    /// Requests handed to a service that has not answered them yet.
    let suspended = Atomic<Int>(0)
    private let running = Atomic<Bool>(false)
    /// Work for the loop's thread (answers made elsewhere, and the steps of stopping) and the
    /// loop to wake for it, which is woken with the lock held; nil once the loop no longer runs.
    private let answers = Mutex<(work: [LoopWork], loop: UInt)?>(nil)

    /// Something for the loop's thread to do. `@unchecked Sendable`: the request pointer is used
    /// only on that thread.
    private struct LoopWork: @unchecked Sendable {
        var request: UnsafeMutablePointer<h2o_req_t>?
        var make: @Sendable () -> HTTPResponse
    }

    /// A server that answers with `service` within `limits`; it listens once started. With
    /// `allowedHosts` (names or IP addresses), it answers only requests whose `Host` names one
    /// of them at the port it listens on, and any other with 403.
    public init(service: HTTPService, limits: HTTPLimits, allowedHosts: [String]? = nil) {
        self.service = service
        self.limits = limits
        allowedNames = allowedHosts
        table = ConnectionTable(limit: limits.connectionLimit, perAddressLimit: limits.perAddressLimit)
    }

    /// Connections open now, as the limit counts them.
    public var connectionCount: Int { table.count }

    /// Binds `host:port` (port 0 picks a free one) and starts serving.
    public func start(host: String, port: Int) throws(ReceiverError) {
        let socket = try Self.bind(host: host, port: port)
        let timeout = UInt64(max(1, limits.idleTimeoutSeconds)) * 1000 + UInt64(max(0, limits.requestTimeoutSeconds) * 1000)
        // H2O reads a body of one byte more than the limit, so that the service refuses one just over it
        // (a declared length beyond, or a chunked body reaching it, gets H2O's own 413).
        guard let made = widgethost_h2o_loop_create(socket.fd, max(1, limits.bodyLimit) + 1, timeout,
                                                    Unmanaged.passUnretained(self).toOpaque()) else {
            close(socket.fd)
            throw ReceiverError(.listen, "cannot make the HTTP event loop: \(String(cString: strerror(errno)))")
        }
        do { try waiting.start() } catch {
            widgethost_h2o_loop_destroy(made)
            close(socket.fd)
            throw error
        }
        listenSocket = socket.fd
        self.port = socket.port
        allowedHosts = allowedNames.map { HostAllowList(hosts: $0, port: socket.port) }
        made.pointee.on_request = { owner, request, fd in
            guard let owner, let request else { return }
            Unmanaged<HTTPServer>.fromOpaque(owner).takeUnretainedValue().handle(request, fd: fd)
        }
        made.pointee.on_accept = { owner, fd in
            guard let owner else { return 0 }
            return Unmanaged<HTTPServer>.fromOpaque(owner).takeUnretainedValue().admit(fd) ? 1 : 0
        }
        made.pointee.on_answered = { owner, fd in
            guard let owner else { return }
            Unmanaged<HTTPServer>.fromOpaque(owner).takeUnretainedValue().table.requestEnded(fd, now: MonotonicClock.milliseconds())
        }
        made.pointee.on_closed = { owner, fd in
            guard let owner else { return }
            let server = Unmanaged<HTTPServer>.fromOpaque(owner).takeUnretainedValue()
            server.waiting.forget(fd)
            server.table.closed(fd)
        }
        made.pointee.on_wake = { owner in
            guard let owner else { return }
            Unmanaged<HTTPServer>.fromOpaque(owner).takeUnretainedValue().sendAnswers()
        }
        loop = made
        answers.withLock { $0 = ([], UInt(bitPattern: made)) }
        running.store(true, ordering: .releasing)
        widgethost_h2o_listen(made)
        let handle = UInt(bitPattern: made)
        thread = OSThread { [self] in
            // H2O writes to its sockets with writev, on this thread alone: a client gone is an
            // error there (EPIPE), not a signal that ends the process.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            let loop = UnsafeMutablePointer<widgethost_h2o_loop>(bitPattern: handle)
            while running.load(ordering: .acquiring) { _ = widgethost_h2o_run(loop, 1000) }
        }
    }

    /// Stops accepting, answers the requests that wait for news, waits up to `drainSeconds` for
    /// the other requests handed to the service to be answered, closes every connection, and
    /// ends the event loop.
    public func stop(drainSeconds: Double = 5) {
        guard let loop, let thread else { return }
        let handle = UInt(bitPattern: loop)
        onLoop { widgethost_h2o_stop_listening(UnsafeMutablePointer<widgethost_h2o_loop>(bitPattern: handle)) }
        waiting.stop()
        var deadline = MonotonicClock.milliseconds() + drainSeconds * 1000
        while suspended.load(ordering: .relaxed) > 0 && MonotonicClock.milliseconds() < deadline { usleep(2000) }
        // Every connection shut down: H2O sees each end and closes it (one whose request is
        // still with the service at this point stays open, and the loop with it).
        table.shutDownAll()
        deadline = MonotonicClock.milliseconds() + 2000
        while table.open > 0 && MonotonicClock.milliseconds() < deadline { usleep(2000) }
        let idle = table.open == 0
        answers.withLock { $0 = nil }
        running.store(false, ordering: .releasing)
        widgethost_h2o_wake(loop)
        thread.join()
        self.thread = nil
        self.loop = nil
        // A loop that still holds a request is left as it is: freeing it would free the request.
        if idle { widgethost_h2o_loop_destroy(loop) }
        if listenSocket >= 0 { close(listenSocket) }
        listenSocket = -1
    }

    // MARK: On the loop's thread

    /// A connection accepted: kept within the limits, or refused (closed at once).
    private func admit(_ fd: Int32) -> Bool {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        return table.admit(fd: fd, address: Self.text(of: address), now: MonotonicClock.milliseconds())
    }

    /// A request H2O parsed, with its whole body.
    private func handle(_ request: UnsafeMutablePointer<h2o_req_t>, fd: Int32) {
        let startedAt = MonotonicClock.milliseconds()
        table.requestStarted(fd)
        let method = Self.string(widgethost_h2o_method(request)) ?? ""
        let path = Self.path(Self.string(widgethost_h2o_path(request)) ?? "")
        let host = Self.string(widgethost_h2o_host(request))
        if host == nil && widgethost_h2o_version(request) >= 0x101 {
            let why = "no Host header (HTTP/1.1 requires one, e.g. Host: 127.0.0.1)"
            return send(request, service.failure(.malformedRequest(why), method: method, path: path, startedAt: startedAt), closes: true)
        }
        if let allowedHosts, !allowedHosts.admits(host) {
            return send(request, Self.foreignHost(host, allowedHosts))
        }
        let contentType = Self.string(widgethost_h2o_header(request, "content-type"))
        let entity = widgethost_h2o_body(request)
        if let refusal = service.head(method: method, path: path, contentType: contentType,
                                      contentLength: entity.base == nil ? nil : entity.len) {
            return send(request, refusal)
        }
        if entity.len > limits.bodyLimit {
            return send(request, service.failure(.bodyTooLarge(received: entity.len), method: method, path: path, startedAt: startedAt),
                        closes: true)
        }
        let body = entity.base.map { Array(UnsafeRawBufferPointer(start: $0, count: entity.len)) } ?? []
        let parsed = HTTPRequest(method: method, path: path, contentType: contentType, body: body, startedAt: startedAt,
                                 host: host, authorization: Self.string(widgethost_h2o_header(request, "authorization")))
        switch service.route(parsed) {
        case .respond(let response):
            send(request, response)
        case .later(let work):
            suspended.add(1, ordering: .relaxed)
            work(HTTPResponder(request: request, server: self))
        case .waiting(let work):
            suspended.add(1, ordering: .relaxed)
            let responder = HTTPResponder(request: request, server: self, waitingSocket: fd)
            table.waiting(fd, since: MonotonicClock.milliseconds())
            waiting.watch(fd, responder)
            work(responder)
        }
    }

    /// Sends the answers handed over since the last wake.
    private func sendAnswers() {
        let due = answers.withLock { queue -> [LoopWork] in
            defer { queue?.work = [] }
            return queue?.work ?? []
        }
        for item in due {
            let response = item.make()
            if let request = item.request {
                send(request, response)
                suspended.subtract(1, ordering: .relaxed)
            }
        }
    }

    private func send(_ request: UnsafeMutablePointer<h2o_req_t>, _ response: HTTPResponse, closes: Bool = false) {
        var closes = closes
        widgethost_h2o_add_header(request, "Content-Type", response.contentType)
        for (name, value) in response.headers {
            guard name.lowercased() != "connection" else {
                if value.lowercased() == "close" { closes = true }
                continue
            }
            widgethost_h2o_add_header(request, name, value)
        }
        response.body.withUnsafeBytes { body in
            widgethost_h2o_send(request, Int32(response.status), Self.phrase(response.status), body.baseAddress, body.count, closes ? 1 : 0)
        }
    }

    // MARK: From any thread

    /// Queues `make`'s answer to `responder`'s request for the loop's thread (dropped once the loop has stopped).
    fileprivate func answerLater(_ responder: HTTPResponder, _ make: @escaping @Sendable () -> HTTPResponse) {
        enqueue(LoopWork(request: responder.request, make: make))
    }

    /// Runs `step` on the loop's thread (`make`'s response is not sent: there is no request).
    private func onLoop(_ step: @escaping @Sendable () -> Void) {
        enqueue(LoopWork(request: nil, make: {
            step()
            return HTTPResponse(status: 200, body: [])
        }))
    }

    /// Queues `work` and wakes the loop (with the lock held, so never once it is stopped).
    private func enqueue(_ work: LoopWork) {
        answers.withLock { queue in
            guard queue != nil else { return }
            queue!.work.append(work)
            widgethost_h2o_wake(UnsafeMutablePointer<widgethost_h2o_loop>(bitPattern: queue!.loop))
        }
    }

    /// 403 for a request whose `Host` the server does not listen as, saying which it answers.
    static func foreignHost(_ host: String?, _ allowed: HostAllowList) -> HTTPResponse {
        let named = host.map { "names \(String($0.prefix(100)).debugDescription)" } ?? "is missing"
        let message = "the request's Host header \(named), which is not an address this server listens as; "
            + "it answers only \(allowed.origins.joined(separator: ", "))"
        let body: JSONValue = ["ok": false, "code": "foreign-host", "error": .string(message)]
        return HTTPResponse(status: 403, body: Array(body.serialized().utf8), headers: [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")])
    }

    // MARK: Bytes

    /// The bytes of an H2O string as text; nil when absent.
    private static func string(_ value: h2o_iovec_t) -> String? {
        guard let base = value.base else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: base, count: value.len), as: UTF8.self)
    }

    /// The request target's path as the services know it: the query cut off and `%` escapes of
    /// two hexadecimal digits decoded (an escape left in it was escaped twice).
    static func path(_ target: String) -> String {
        let bytes = Array(target.utf8.prefix { $0 != 0x3F })
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// The reason phrase of a status.
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }
}
