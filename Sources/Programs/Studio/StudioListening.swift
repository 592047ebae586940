import HostSystem
import PushReceiver
import WidgetHostCLI

/// Where the studio listens (`--listen`, the loopback by default) and the `Host` names it
/// answers as there: `127.0.0.1`, `localhost` and `[::1]`, the address given, and for a
/// wildcard (`0.0.0.0`, `::`) every address of the machine's interfaces (of IPv4 alone for
/// `0.0.0.0`), read when the studio starts.
struct StudioListening: Sendable {
    /// The address bound, canonical (`127.0.0.1`, `0.0.0.0`, `::`, `192.168.1.20`).
    let address: String
    /// The machine's addresses when it started.
    let interfaces: [NetworkInterfaces.Address]

    init(address: String, interfaces: [NetworkInterfaces.Address] = NetworkInterfaces.addresses()) {
        self.address = address
        self.interfaces = interfaces
    }

    /// Whether only this machine can connect.
    var isLoopback: Bool { NetworkInterfaces.isLoopback(address) }

    /// The addresses of the machine the studio is reachable on: the address itself, or for a
    /// wildcard each address of an interface that is up (IPv4 alone for `0.0.0.0`).
    var reachable: [NetworkInterfaces.Address] {
        if NetworkInterfaces.isWildcard(address) {
            return interfaces.filter { $0.isUp && (address == "::" || !$0.isIPv6) }
        }
        return interfaces.filter { $0.address == address }
    }

    /// The `Host` names answered (``HostAllowList``).
    var allowedHosts: [String] {
        var hosts = HostAllowList.loopbackNames
        if !NetworkInterfaces.isWildcard(address) { hosts.append(address) }
        hosts += reachable.filter { !$0.address.hasPrefix("fe80:") }.map(\.address)
        return hosts
    }

    /// The address to give the extension: the one listened on, or for a wildcard the first
    /// IPv4 address of the network (not the loopback), else `127.0.0.1`.
    var preferred: String {
        if isLoopback { return address }
        guard NetworkInterfaces.isWildcard(address) else { return address }
        let network = reachable.filter { !$0.isLoopback && !$0.address.hasPrefix("fe80:") }
        return (network.first { !$0.isIPv6 } ?? network.first)?.address ?? "127.0.0.1"
    }

    /// The page's and the extension's address at `port`: `http://HOST:PORT`.
    func origin(port: Int) -> String { HostAllowList.origin(host: preferred, port: port) }
}

/// Lines said while the studio serves, from any thread (a new pairing code, discovery): each
/// written whole and flushed.
/// `@unchecked Sendable`: the terminal's writers are the C library's locked streams.
final class StudioOutput: @unchecked Sendable {
    private let terminal: Terminal

    init(_ terminal: Terminal) { self.terminal = terminal }

    func line(_ text: String) {
        terminal.out(text)
        terminal.flush()
    }
}
