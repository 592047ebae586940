import HostSystem

/// The `Host` header values a server answers: the names and addresses it listens as, each with
/// the port it listens on. Any other `Host` is refused before the request's body is read, on
/// every path: a page of another site whose name an attacker has pointed at this machine (DNS
/// rebinding) still sends that name, so it can neither read nor drive the server. The rule of
/// Vite's `server.allowedHosts` and webpack-dev-server's `allowedHosts`.
public struct HostAllowList: Sendable, Hashable {
    /// The port every admitted `Host` names (a `Host` without one names port 80).
    public let port: Int
    /// Host names in lower case and IP addresses in canonical form (IPv6 without brackets).
    public let hosts: [String]

    /// The names a loopback server always answers as: `127.0.0.1`, `localhost` and `::1`.
    public static let loopbackNames = ["127.0.0.1", "localhost", "::1"]

    /// The list of `hosts` (names or IP literals, an IPv6 one with or without brackets) at `port`.
    public init(hosts: [String], port: Int) {
        var kept: [String] = []
        for host in hosts {
            let key = NetworkInterfaces.canonical(host) ?? host.lowercased()
            if !kept.contains(key) { kept.append(key) }
        }
        self.hosts = kept
        self.port = port
    }

    /// Whether the `Host` header `header` (nil when absent) names one of ``hosts`` at ``port``.
    public func admits(_ header: String?) -> Bool {
        guard let (host, port) = Self.split(header) else { return false }
        return port == self.port && hosts.contains(host)
    }

    /// `http://HOST:PORT` of each admitted host, brackets around an IPv6 address.
    public var origins: [String] { hosts.map { Self.origin(host: $0, port: port) } }

    /// `http://HOST:PORT`, brackets around an IPv6 address.
    public static func origin(host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// A `Host` header's host (canonical IP, or a name in lower case) and port (80 when it names
    /// none); nil when it is absent or not of the form `name[:port]` or `[IPv6][:port]`.
    public static func split(_ header: String?) -> (host: String, port: Int)? {
        guard let header, !header.isEmpty else { return nil }
        let host: Substring
        var rest: Substring
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            host = header[header.index(after: header.startIndex)..<close]
            rest = header[header.index(after: close)...]
        } else {
            let colon = header.firstIndex(of: ":") ?? header.endIndex
            host = header[..<colon]
            rest = header[colon...]
        }
        var port = 80
        if !rest.isEmpty {
            guard rest.first == ":" else { return nil }
            rest = rest.dropFirst()
            guard !rest.isEmpty, rest.count <= 5, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(rest),
                  number <= 65535 else { return nil }
            port = number
        }
        guard !host.isEmpty else { return nil }
        if header.hasPrefix("[") {
            guard let address = NetworkInterfaces.canonical(String(host)), address.contains(":") else { return nil }
            return (address, port)
        }
        return (NetworkInterfaces.canonical(String(host)) ?? host.lowercased(), port)
    }
}
