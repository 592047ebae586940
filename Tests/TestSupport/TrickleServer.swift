import HostSystem
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An HTTP server on 127.0.0.1 that answers every request as slowly as a hostile one can: the
/// head at once, announcing a body of ``bodyLength`` bytes, then one byte of it a second, one
/// connection at a time, until the client goes away, the body is whole or ``stop()`` is called.
/// It waits on the client's socket between bytes (`poll`), so a client that closes is seen at
/// once and `stop()` ends it at once.
public final class TrickleServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// The body every answer announces, in bytes (and the most it sends).
    public let bodyLength: Int
    /// Bytes of bodies sent so far.
    public var bytesSent: Int { sent.load(ordering: .relaxed) }
    /// Connections accepted so far.
    public var connections: Int { accepted.load(ordering: .relaxed) }

    /// `http://127.0.0.1:PORT/path`.
    public func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }

    private let listener: Int32
    private let sent = Atomic<Int>(0)
    private let accepted = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    /// The connection being answered, so that `stop()` can end it.
    private let client = Mutex<Int32>(-1)
    private var thread: OSThread?

    /// Listens on a free port of 127.0.0.1; a socket that cannot listen is a harness failure.
    public init(bodyLength: Int = 60) throws {
        self.bodyLength = bodyLength
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard fd >= 0, bound == 0, named == 0, listen(fd, 8) == 0 else {
            if fd >= 0 { close(fd) }
            throw HarnessError("the trickling server cannot listen on 127.0.0.1")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        thread = OSThread { [self] in serve() }
    }

    /// Stops listening, ends the connection being answered and waits for the server's thread.
    public func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        client.withLock { if $0 >= 0 { shutdown($0, Int32(SHUT_RDWR)) } }
        thread?.join()
        thread = nil
        close(listener)
    }

    deinit { stop() }

    private func serve() {
        while !stopping.load(ordering: .relaxed) {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                if errno == EINTR { continue }
                return
            }
            accepted.add(1, ordering: .relaxed)
            let open = client.withLock { current -> Bool in
                current = fd
                return !stopping.load(ordering: .relaxed)
            }
            if open { answer(fd) }
            client.withLock { $0 = -1 }
            close(fd)
        }
    }

    private func answer(_ fd: Int32) {
        // The request's head, up to its blank line (or the client's end).
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.ends(with: [13, 10, 13, 10]) && head.count < 65536 {
            guard recv(fd, &byte, 1, 0) == 1 else { return }
            head.append(byte)
        }
        let start = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(bodyLength)\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, start, start.count, Int32(MSG_NOSIGNAL)) == start.count else { return }
        for _ in 0..<bodyLength {
            guard send(fd, [UInt8(ascii: "x")], 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
            sent.add(1, ordering: .relaxed)
            // A second before the next byte, unless the client goes away (or stop() shuts it).
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 1000) != 0 { return }
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
