import CAvahi
import HostSystem
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The studio advertised over mDNS (DNS-SD) as `_omniwidgets-code._tcp`, so the app's VS Code
/// extension's "Connect Active Editor" finds it, through Avahi's daemon (``CAvahi``). It is
/// advertised on the interfaces it listens on, each with its IPv4 address under a host name of
/// the studio's own: the loopback alone by default (VS Code on this machine), the network's
/// with `--listen`. When it cannot be advertised (no Avahi, no daemon, an IPv6 address), it says
/// why; connecting by address works all the same.
/// `@unchecked Sendable`: `handle` is set once, before any callback can read it, and cleared by
/// `stop`, after which no callback comes.
final class StudioDiscovery: @unchecked Sendable {
    /// The DNS-SD service type the extension asks for.
    static let serviceType = "_omniwidgets-code._tcp"

    private var handle: OpaquePointer?
    private let say: @Sendable (String) -> Void
    private let interfaces: String
    /// Said after the advertisement when it is on the loopback alone and the machine has a
    /// network: the extension's query then leaves by the network's interface, and misses it.
    private let note: String
    private let stopped = Atomic<Bool>(false)

    private init(say: @escaping @Sendable (String) -> Void, interfaces: String, note: String) {
        self.say = say
        self.interfaces = interfaces
        self.note = note
    }

    /// Starts advertising `name` for a studio listening as `listening` at `port`; nil (having
    /// said why) when it cannot. What happens later (the records announced, a rename after a
    /// collision, the daemon gone) is said through `say`.
    static func advertise(listening: StudioListening, port: Int, name: String,
                          say: @escaping @Sendable (String) -> Void) -> StudioDiscovery? {
        let fallback = "VS Code connects by address (Omni Widgets: Connect Manually)"
        let entries = listening.reachable.filter { !$0.isIPv6 && $0.index > 0 }
        guard !entries.isEmpty else {
            let why = listening.reachable.isEmpty
                ? "no interface of this machine has the address \(listening.address)"
                : "the extension finds IPv4 addresses only, and \(listening.address) is IPv6"
            say("not advertised over mDNS: \(why); \(fallback)")
            return nil
        }
        let network = listening.interfaces.contains { $0.isUp && !$0.isLoopback && !$0.isIPv6 }
        let note = entries.allSatisfy(\.isLoopback) && network
            ? "; VS Code asks on the network's interface when the machine has one, so here it finds the studio with --listen (an address of the network, or 0.0.0.0), else use Connect Manually"
            : ""
        let discovery = StudioDiscovery(say: say, interfaces: entries.map(\.interface).joined(separator: ", "), note: note)
        let context = Unmanaged.passUnretained(discovery).toOpaque()
        let callback: widgethost_mdns_callback = { context, event, message in
            guard let context else { return }
            let discovery = Unmanaged<StudioDiscovery>.fromOpaque(context).takeUnretainedValue()
            discovery.news(event, message.map { String(cString: $0) } ?? "")
        }
        let txt = ["txtvers=1", "server=widgethost"]
        var error = [CChar](repeating: 0, count: 512)
        let label = hostLabel(port: port)
        let handle = withCStrings(entries.map(\.address)) { addresses in
            withCStrings(txt) { records in
                entries.map(\.index).withUnsafeBufferPointer { indexes in
                    widgethost_mdns_start(name, serviceType, UInt16(port), label, indexes.baseAddress, addresses, entries.count,
                                          records, txt.count, callback, context, &error, error.count)
                }
            }
        }
        guard let handle else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            say("not advertised over mDNS (through Avahi's daemon): \(reason); \(fallback)")
            return nil
        }
        discovery.handle = handle
        return discovery
    }

    /// Withdraws the advertisement (its records say goodbye).
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing), let handle else { return }
        widgethost_mdns_stop(handle)
        self.handle = nil
    }

    deinit { stop() }

    private func news(_ event: widgethost_mdns_event, _ message: String) {
        guard !stopped.load(ordering: .acquiring) else { return }
        switch event {
        case WIDGETHOST_MDNS_ESTABLISHED:
            say("advertised over mDNS as \"\(message)\" (\(Self.serviceType)) on \(interfaces)\(note)")
        case WIDGETHOST_MDNS_RENAMED:
            say("another service has the name; advertising as \"\(message)\"")
        default:
            say("not advertised over mDNS: \(message); VS Code connects by address (Omni Widgets: Connect Manually)")
        }
    }

    /// The instance name the extension lists: the script's file name and the machine's, at most
    /// 63 bytes (DNS-SD's limit), cut at a character.
    static func instanceName(script: String, machine: String = machineName()) -> String {
        let file = script.split(separator: "/").last.map(String.init) ?? script
        var name = "\(file) · widgethost studio on \(machine)"
        while name.utf8.count > 63 { name.removeLast() }
        return name
    }

    /// The host name the studio's address records use: the machine's name, `-studio-`, the port
    /// (a label of letters, digits and hyphens, at most 63 bytes).
    static func hostLabel(port: Int, machine: String = machineName()) -> String {
        let cleaned = String(machine.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }.prefix(40))
        return "\(cleaned.isEmpty ? "widgethost" : cleaned)-studio-\(port)"
    }

    /// This machine's host name (`gethostname`), `widgethost` when it has none.
    static func machineName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "widgethost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.split(separator: ".").first.map(String.init) ?? "widgethost"
    }
}

/// `body` with `strings` as an array of C strings, valid during the call.
private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { UnsafePointer(strdup($0)) }
    defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
}
