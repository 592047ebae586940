import CMicroHTTPD
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
    /// When its headers arrived, monotonic ms.
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
/// queue the answer, which libmicrohttpd then sends on its own thread after resuming the connection.
public final class HTTPResponder: @unchecked Sendable {
    private let connection: OpaquePointer
    private let context: RequestContext
    private unowned let server: HTTPServer
    private let answered = Atomic<Bool>(false)
    /// The socket of a request that waits for news (``HTTPRoute/waiting(_:)``), watched meanwhile.
    private let waitingSocket: Int32?

    fileprivate init(connection: OpaquePointer, context: RequestContext, server: HTTPServer, waitingSocket: Int32? = nil) {
        self.connection = connection
        self.context = context
        self.server = server
        self.waitingSocket = waitingSocket
    }

    /// Whether the request is answered (by its service, or by the server when its client went away).
    public var isAnswered: Bool { answered.load(ordering: .acquiring) }

    /// Hands the response to the suspended connection and resumes it.
    public func respond(_ response: HTTPResponse) {
        respond { response }
    }

    /// Resumes the connection; `make` builds the response on the HTTP thread that sends it
    /// (so the caller, such as the store's single writer, does not spend time on it).
    public func respond(_ make: @escaping @Sendable () -> HTTPResponse) {
        guard !answered.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let waitingSocket {
            server.waiting.forget(waitingSocket)
            server.table.doneWaiting(waitingSocket)
        }
        context.pending.withLock { $0 = make }
        MHD_resume_connection(connection)
        server.suspended.subtract(1, ordering: .relaxed)
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

/// Why the server answers on its own.
public enum HTTPFailure: Sendable {
    /// The body went past the limit.
    case bodyTooLarge(received: Int)
    /// The body took longer than the request timeout; the connection is closed.
    case requestTimeout(received: Int)
    /// The request head is not well-formed HTTP/1.1 (why, in words).
    case malformedRequest(String)
    /// The head declares a body too long to be a length the server takes (the digits).
    case declaredBodyTooLarge(String)
    /// The head is larger than the server keeps.
    case headersTooLarge(limit: Int)
    /// The request line names an HTTP version other than 1.x (the version, e.g. `HTTP/2.0`).
    case httpVersionNotSupported(String)
    /// The head did not arrive within the idle timeout (bytes of it so far).
    case headTimeout(received: Int)
    /// A chunk of a chunked body declares more bytes than the server reads of a body (the limit).
    case chunkTooLarge(limit: Int)
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
    /// Largest body kept, bytes; larger gets `failure(.bodyTooLarge)`.
    public var bodyLimit = 64 * 1024
    /// Bytes of an oversized body without a declared length (chunked) read and dropped so
    /// that the client still gets its 413 when the body ends; past this the connection is closed.
    public var discardLimit = 16 << 20
    /// Worker threads polling connections (libmicrohttpd's thread pool).
    public var threads = 2
    /// Connections at once (beyond, the one idle the longest is dropped, or the new one
    /// closed when none is idle), and per client address (beyond, the new one is closed).
    public var connectionLimit = 1000
    /// Connections at once from one client address (see ``connectionLimit``).
    public var perAddressLimit = 256
    /// Seconds a connection may be idle (no request in progress) from when it opened or
    /// last answered, however slowly it sends its head; 2 s more is libmicrohttpd's inactivity
    /// timeout (a body that stops arriving, an answer the client does not read).
    public var idleTimeoutSeconds = 10
    /// Largest request head the server reads, bytes; larger gets 431.
    public var headLimit = 32 * 1024
    /// Seconds a request may take to arrive once its headers are in (a slow body is cut off).
    public var requestTimeoutSeconds = 10.0
    /// Memory per connection for headers and buffers, bytes.
    public var connectionMemory = 64 * 1024
    /// The defaults above.
    public init() {}
}

/// Per-request state, kept alive through libmicrohttpd's `con_cls` pointer.
/// `@unchecked Sendable`: `body`, `received` and `deferred` are used only by the libmicrohttpd
/// thread that owns the connection, one callback at a time; `pending` crosses threads under its mutex.
final class RequestContext: @unchecked Sendable {
    let method: String
    let path: String
    let contentType: String?
    let host: String?
    let authorization: String?
    let startedAt = MonotonicClock.milliseconds()
    var body: [UInt8] = []
    var received = 0
    var deferred = false
    let pending = Mutex<(@Sendable () -> HTTPResponse)?>(nil)

    init(method: String, path: String, contentType: String?, host: String?, authorization: String?) {
        self.method = method
        self.path = path
        self.contentType = contentType
        self.host = host
        self.authorization = authorization
    }
}

/// An HTTP/1.1 server on GNU libmicrohttpd: its thread pool polls connections (epoll),
/// requests that need the store are suspended and resumed when their answer is ready.
/// Connections come in through a ``ConnectionGate`` (limits, idle timeout, the first head
/// checked), which hands each to libmicrohttpd once its head is in; ``ConnectionTable``
/// keeps the count across both, and each connection's ``RequestStream`` checks every head
/// before libmicrohttpd reads it. The only file of the receiver that touches libmicrohttpd's
/// C pointers.
/// `@unchecked Sendable`: `daemon`, `listenSocket`, `gate` and `allowedHosts` are set in `start`
/// (before the first connection is accepted) and the first three cleared in `stop`, both called
/// by the owner's thread while no request is served; the callbacks read only constants, `table`
/// (locked), `suspended` (atomic) and `allowedHosts`.
public final class HTTPServer: @unchecked Sendable {
    private let service: HTTPService
    private let limits: HTTPLimits
    private let allowedNames: [String]?
    /// The `Host` values answered once started, at the port bound (nil: any `Host`): a request
    /// naming another host gets 403 before its body is read, on every path (``HostAllowList``).
    public private(set) var allowedHosts: HostAllowList?
    private var daemon: OpaquePointer?
    private var listenSocket: Int32 = -1
    private var gate: ConnectionGate?
    let table: ConnectionTable
    /// The requests that wait for news, watched for their clients going away.
    let waiting = WaitingRequests()
    /// The port it listens on (useful with port 0).
    public private(set) var port: Int = 0
    let suspended = Atomic<Int>(0)
    /// `MHD_CONNECTION_NOTIFY_CLOSED` (Swift does not import the name).
    static let closedNotification = MHD_ConnectionNotificationCode(rawValue: 1)
    /// Seconds libmicrohttpd's inactivity timeout comes after the idle timeout.
    static let inactivityMargin = 2
    /// `MHD_REQUEST_TERMINATED_COMPLETED_OK`.
    static let completedOK = MHD_RequestTerminationCode(rawValue: 0)

    /// A server that answers with `service` within `limits`; it listens once started. With
    /// `allowedHosts` (names or IP addresses), it answers only requests whose `Host` names one
    /// of them at the port it listens on, and any other with 403.
    public init(service: HTTPService, limits: HTTPLimits, allowedHosts: [String]? = nil) {
        self.service = service
        self.limits = limits
        allowedNames = allowedHosts
        table = ConnectionTable(limit: limits.connectionLimit, perAddressLimit: limits.perAddressLimit)
    }

    /// Connections open now (held by the gate or by libmicrohttpd), as the limit counts them.
    public var connectionCount: Int { table.count }

    /// Binds `host:port` (port 0 picks a free one) and starts serving.
    public func start(host: String, port: Int) throws(ReceiverError) {
        let socket = try Self.bind(host: host, port: port)
        listenSocket = socket.fd
        self.port = socket.port
        allowedHosts = allowedNames.map { HostAllowList(hosts: $0, port: socket.port) }
        let completed: MHD_RequestCompletedCallback = { cls, connection, pointer, termination in
            if let cls, let connection {
                let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
                let fd = widgethost_connection_fd(connection)
                server.table.requestEnded(fd, now: MonotonicClock.milliseconds())
                // Its answer is sent and the connection is kept alive: a head waiting behind it may be refused now.
                if termination == HTTPServer.completedOK { RequestStreams.answered(fd) }
            }
            guard let pointer, let context = pointer.pointee else { return }
            Unmanaged<RequestContext>.fromOpaque(context).release()
            pointer.pointee = nil
        }
        let notified: MHD_NotifyConnectionCallback = { cls, connection, _, code in
            guard let cls, let connection, code == HTTPServer.closedNotification else { return }
            // Called before libmicrohttpd closes the socket: the table and the streams let go of it first.
            let fd = widgethost_connection_fd(connection)
            RequestStreams.unwatch(fd)
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            server.waiting.forget(fd)
            server.table.closed(fd)
        }
        let cls = Unmanaged.passUnretained(self).toOpaque()
        // The gate enforces the limits; libmicrohttpd's own are only a backstop with room for
        // connections dropped but not yet closed.
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, limits.threads), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: 2 * limits.connectionLimit + 64, ptr_value: nil),
            // Its own inactivity timeout comes 2 s after the table's idle one, so that an idle
            // connection (part of a later head kept back by its stream included) is the table's
            // to answer and close; it still closes a body that stops arriving, or an answer the
            // client does not read.
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: limits.idleTimeoutSeconds + Self.inactivityMargin, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: limits.connectionMemory, ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(completed, to: Int.self), ptr_value: cls),
            MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(notified, to: Int.self), ptr_value: cls),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, contextPointer in
            guard let cls, let connection, let uploadSize, let contextPointer else { return .NO }
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            return server.access(connection, url: url, method: method, upload: upload, uploadSize: uploadSize,
                                 contextPointer: contextPointer)
        }
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            | MHD_USE_NO_LISTEN_SOCKET.rawValue
        daemon = options.withUnsafeMutableBufferPointer { buffer in
            withVaList([MHD_OPTION.ARRAY.rawValue, buffer.baseAddress!, MHD_OPTION.END.rawValue]) { arguments in
                MHD_start_daemon_va(flags, 0, nil, nil, access, cls, arguments)
            }
        }
        guard let started = daemon else {
            close(socket.fd)
            listenSocket = -1
            throw ReceiverError(.listen, "libmicrohttpd could not start on \(host):\(self.port)")
        }
        do { try waiting.start() } catch {
            MHD_stop_daemon(started)
            daemon = nil
            close(socket.fd)
            listenSocket = -1
            throw error
        }
        let handle = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(started)))
        let gate = ConnectionGate(
            listen: socket.fd, table: table, limits: limits,
            handOver: { fd, address, length in
                let daemon = OpaquePointer(bitPattern: handle)
                return MHD_add_connection(daemon, fd, address, length) == .YES
            },
            answer: { [service] failure, method, path in
                service.failure(failure, method: method, path: path, startedAt: MonotonicClock.milliseconds())
            })
        do { try gate.start() } catch {
            waiting.stop()
            MHD_stop_daemon(started)
            daemon = nil
            close(socket.fd)
            listenSocket = -1
            throw error
        }
        self.gate = gate
    }

    /// Stops accepting (the gate closes the connections it holds), answers the requests that
    /// wait for news, waits up to `drainSeconds` for the other suspended requests to be
    /// answered, then stops the daemon (which closes every connection) and the listening socket.
    public func stop(drainSeconds: Double = 5) {
        guard let daemon else { return }
        gate?.stop()
        gate = nil
        waiting.stop()
        let deadline = MonotonicClock.milliseconds() + drainSeconds * 1000
        while suspended.load(ordering: .relaxed) > 0 && MonotonicClock.milliseconds() < deadline { usleep(2000) }
        MHD_stop_daemon(daemon)
        self.daemon = nil
        if listenSocket >= 0 { close(listenSocket) }
        listenSocket = -1
    }

    // MARK: The access handler

    private func access(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
                        upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                        contextPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = contextPointer.pointee else {
            // First call: the headers are in (checked by the connection's stream); the
            // connection is no longer idle.
            table.requestStarted(widgethost_connection_fd(connection))
            let context = RequestContext(
                method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "",
                contentType: header(connection, "Content-Type"), host: header(connection, "Host"),
                authorization: header(connection, "Authorization"))
            contextPointer.pointee = Unmanaged.passRetained(context).toOpaque()
            if let allowedHosts, !allowedHosts.admits(context.host) { return queue(connection, Self.foreignHost(context.host, allowedHosts)) }
            let length = header(connection, "Content-Length").flatMap { Int($0) }
            if let refusal = service.head(method: context.method, path: context.path, contentType: context.contentType,
                                          contentLength: length) {
                return queue(connection, refusal)
            }
            return .YES
        }
        let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
        let size = uploadSize.pointee
        if size > 0 {
            context.received += size
            if context.received <= limits.bodyLimit, let upload {
                upload.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                    context.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
                }
            } else {
                context.body = []
            }
            uploadSize.pointee = 0
            if context.received > limits.bodyLimit + limits.discardLimit { return .NO }
            if MonotonicClock.milliseconds() - context.startedAt > limits.requestTimeoutSeconds * 1000 {
                // libmicrohttpd cannot answer before the body ends: log the refusal and close.
                _ = service.failure(.requestTimeout(received: context.received), method: context.method,
                                    path: context.path, startedAt: context.startedAt)
                return .NO
            }
            return .YES
        }
        if let make = context.pending.withLock({ $0 }) { return queue(connection, make()) }
        if context.deferred { return .YES }
        if context.received > limits.bodyLimit {
            return queue(connection, service.failure(.bodyTooLarge(received: context.received), method: context.method,
                                                     path: context.path, startedAt: context.startedAt))
        }
        let request = HTTPRequest(method: context.method, path: context.path, contentType: context.contentType,
                                  body: context.body, startedAt: context.startedAt, host: context.host,
                                  authorization: context.authorization)
        context.body = []
        switch service.route(request) {
        case .respond(let response):
            return queue(connection, response)
        case .later(let work):
            context.deferred = true
            suspended.add(1, ordering: .relaxed)
            MHD_suspend_connection(connection)
            work(HTTPResponder(connection: connection, context: context, server: self))
            return .YES
        case .waiting(let work):
            context.deferred = true
            suspended.add(1, ordering: .relaxed)
            MHD_suspend_connection(connection)
            let fd = widgethost_connection_fd(connection)
            let responder = HTTPResponder(connection: connection, context: context, server: self, waitingSocket: fd)
            table.waiting(fd, since: MonotonicClock.milliseconds())
            waiting.watch(fd, responder)
            work(responder)
            return .YES
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

    private func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    private func queue(_ connection: OpaquePointer, _ response: HTTPResponse) -> MHD_Result {
        let handle = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
        guard let handle else { return .NO }
        defer { MHD_destroy_response(handle) }
        _ = MHD_add_response_header(handle, "Content-Type", response.contentType)
        for (name, value) in response.headers { _ = MHD_add_response_header(handle, name, value) }
        if RequestStreams.closesAfterAnswer(widgethost_connection_fd(connection)) {
            _ = MHD_add_response_header(handle, "Connection", "close")
        }
        return MHD_queue_response(connection, UInt32(response.status), handle)
    }

    // MARK: The listening socket

    private static func bind(host: String, port: Int) throws(ReceiverError) -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw ReceiverError(.listen, "port \(port) is not between 0 and 65535") }
        let name = host == "localhost" ? "127.0.0.1" : host
        let isIPv6 = name.contains(":")
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ReceiverError(.listen, "cannot create a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var status: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, name, &address.sin6_addr) == 1 else {
                close(fd)
                throw ReceiverError(.listen, "'\(host)' is not an IP address; use e.g. 127.0.0.1, 0.0.0.0 or ::1")
            }
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, name, &address.sin_addr) == 1 else {
                close(fd)
                throw ReceiverError(.listen, "'\(host)' is not an IP address; use e.g. 127.0.0.1, 0.0.0.0 or ::1")
            }
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard status == 0 else {
            let number = errno
            let reason = String(cString: strerror(number))
            close(fd)
            if number == EADDRINUSE {
                throw ReceiverError(.portInUse, "cannot listen on \(host):\(port): the port is in use by another program")
            }
            throw ReceiverError(.listen, "cannot listen on \(host):\(port): \(reason)")
        }
        guard listen(fd, 4096) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ReceiverError(.listen, "cannot listen on \(host):\(port): \(reason)")
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let boundPort: UInt16 = withUnsafePointer(to: &bound) { pointer in
            isIPv6 ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
                   : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        return (fd, Int(UInt16(bigEndian: boundPort)))
    }
}

