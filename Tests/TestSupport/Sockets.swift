#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// TCP connections to a server on the loopback, for tests that are its clients.
public enum Sockets {
    /// A connection to 127.0.0.1:`port`, from the loopback address `source` when one is given,
    /// its receives and sends bounded by the seconds given; -1 when the socket cannot be made,
    /// bound or connected.
    public static func connect(port: Int, source: String? = nil, receiveTimeout: Int? = nil, sendTimeout: Int? = nil) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        for (option, seconds) in [(SO_RCVTIMEO, receiveTimeout), (SO_SNDTIMEO, sendTimeout)] {
            guard let seconds else { continue }
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        if let source {
            var local = address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                return -1
            }
        }
        var remote = address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    /// Whether the peer has closed `fd` (end of stream or reset), checked without waiting.
    public static func isClosed(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return n == 0 || (n < 0 && errno == ECONNRESET)
    }

    /// Waits on the sockets' own events (`poll`) until at least `count` of `fds` have been
    /// closed by their peer (end of stream, or reset), or `timeout` has passed; the number
    /// closed by then.
    public static func waitUntilClosed(_ fds: [Int32], atLeast count: Int, within timeout: Duration) -> Int {
        let deadline = ContinuousClock.now + timeout
        // POLLRDHUP (the peer closed its end), which Glibc's module leaves out (_GNU_SOURCE).
        let peerClosed: Int16 = 0x2000
        let closedEvents = peerClosed | Int16(POLLHUP) | Int16(POLLERR)
        var open = fds
        while fds.count - open.count < count {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            let milliseconds = min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000)
            var descriptors = open.map { pollfd(fd: $0, events: peerClosed, revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds)) > 0 else { continue }
            open = descriptors.filter { $0.revents & closedEvents == 0 }.map(\.fd)
        }
        return fds.count - open.count
    }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, text, &address.sin_addr)
        return address
    }
}
