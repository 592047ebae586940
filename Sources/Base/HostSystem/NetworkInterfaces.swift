#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The machine's network interfaces and their IP addresses (`getifaddrs`), as a server needs
/// them: which addresses a wildcard listening address (`0.0.0.0`, `::`) answers on, and which
/// interface carries a given address.
public enum NetworkInterfaces {
    /// One address of one interface.
    public struct Address: Sendable, Hashable {
        /// The interface's name, e.g. `lo` or `eth0`.
        public var interface: String
        /// The interface's index (`if_nametoindex`).
        public var index: Int32
        /// The address in its canonical text (`inet_ntop`): `127.0.0.1`, `::1`, `fe80::1`.
        public var address: String
        /// Whether it is an IPv6 address.
        public var isIPv6: Bool
        /// Whether the interface is the loopback.
        public var isLoopback: Bool
        /// Whether the interface is up.
        public var isUp: Bool
    }

    /// Every IP address of every interface, in the system's order.
    public static func addresses() -> [Address] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var result: [Address] = []
        var cursor = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let socketAddress = entry.pointee.ifa_addr, let name = entry.pointee.ifa_name else { continue }
            let family = Int32(socketAddress.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            let converted: UnsafePointer<CChar>? = family == AF_INET
                ? socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    withUnsafePointer(to: pointer.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }
                }
                : socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafePointer(to: pointer.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, &text, socklen_t(text.count)) }
                }
            guard converted != nil else { continue }
            let flags = entry.pointee.ifa_flags
            result.append(Address(
                interface: String(cString: name), index: Int32(bitPattern: if_nametoindex(name)),
                address: Self.string(text), isIPv6: family == AF_INET6,
                isLoopback: flags & UInt32(IFF_LOOPBACK) != 0, isUp: flags & UInt32(IFF_UP) != 0))
        }
        return result
    }

    /// `text` in the canonical form ``Address/address`` uses, when it is an IPv4 or IPv6
    /// address (an IPv6 one may be in brackets); nil for anything else (a name, `127.1`).
    public static func canonical(_ text: String) -> String? {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        var buffer = [UInt8](repeating: 0, count: 16)
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        for family in [AF_INET, AF_INET6] where inet_pton(family, String(literal), &buffer) == 1 {
            guard inet_ntop(family, buffer, &out, socklen_t(out.count)) != nil else { return nil }
            return string(out)
        }
        return nil
    }

    /// The text of a NUL-terminated buffer.
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `address` (canonical) is a wildcard: `0.0.0.0` or `::`.
    public static func isWildcard(_ address: String) -> Bool { address == "0.0.0.0" || address == "::" }

    /// Whether `address` (canonical) is a loopback address: `127.0.0.0/8` or `::1`.
    public static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") || address == "::1" }
}
