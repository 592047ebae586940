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

    /// A socket bound to `host:port` (port 0 picks a free one) and listening, and its port.
    static func bind(host: String, port: Int) throws(ReceiverError) -> (fd: Int32, port: Int) {
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
