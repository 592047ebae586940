#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The server's listening socket and the addresses of its clients, over the C library.
extension HTTPServer {
    /// A client address as text (`127.0.0.2`, `::1`): the key of the per-address limit.
    static func text(of address: sockaddr_storage) -> String {
        var copy = address
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let found: Bool = withUnsafePointer(to: &copy) { pointer in
            switch Int32(address.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin_addr
                    return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil
                }
            default:
                return false
            }
        }
        return found ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }

    /// Throws unless `host` is an address ``bind(host:port:)`` takes, before anything is made.
    public static func checkAddress(_ host: String) throws(ReceiverError) {
        freeaddrinfo(try numericAddress(host: host, port: 0))
    }

    /// `host:port` as the C library's address (free it with `freeaddrinfo`): `host` an IP
    /// address (`AI_NUMERICHOST`, so no name is looked up) or `localhost` for 127.0.0.1.
    private static func numericAddress(host: String, port: Int) throws(ReceiverError) -> UnsafeMutablePointer<addrinfo> {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host == "localhost" ? "127.0.0.1" : host, String(port), &hints, &found) == 0, let found else {
            throw ReceiverError(.notAnAddress, "'\(host)' is not an IP address; use e.g. 127.0.0.1, 0.0.0.0 or ::1")
        }
        return found
    }

    /// A socket bound to `host:port` (port 0 picks a free one) and listening, and its port.
    static func bind(host: String, port: Int) throws(ReceiverError) -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw ReceiverError(.listen, "port \(port) is not between 0 and 65535") }
        let address = try numericAddress(host: host, port: port)
        defer { freeaddrinfo(address) }
        let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ReceiverError(.listen, "cannot create a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard Glibc.bind(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            let number = errno
            close(fd)
            if number == EADDRINUSE {
                throw ReceiverError(.portInUse, "cannot listen on \(host):\(port): the port is in use by another program")
            }
            throw ReceiverError(.listen, "cannot listen on \(host):\(port): \(String(cString: strerror(number)))")
        }
        guard listen(fd, 4096) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ReceiverError(.listen, "cannot listen on \(host):\(port): \(reason)")
        }
        // The port bound: in_port_t sits at the same place in sockaddr_in and sockaddr_in6.
        var bound = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: bound.sin6_port)))
    }
}
