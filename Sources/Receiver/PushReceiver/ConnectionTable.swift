import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Every open connection of a server, with the limits on them (P1):
///
/// - at most `limit` connections at once: a new one drops the connection that has been
///   idle the longest (no request in progress: its request still arriving, or kept alive
///   between requests); when none is idle, the new one is closed at once;
/// - at most `perAddressLimit` from one client address; beyond, the new one is closed at once;
/// - a connection whose request waits for news (``HTTPRoute/waiting(_:)``, an event stream)
///   is not idle, but gives way when a new one would be refused: over the global limit with
///   none idle, or over its address's limit, the one of them that has waited the longest
///   (of that address) is shut down and the new one kept.
///
/// (A connection idle too long is H2O's to close: its request timeout.) Connections are known
/// by their socket. Every change but the waits' comes from the event loop's thread, which also
/// closes the sockets, so a socket the table shuts down is always the connection's own.
/// `@unchecked Sendable`: every entry and count is read and written only with `lock` held.
final class ConnectionTable: @unchecked Sendable {
    final class Entry {
        let fd: Int32
        let address: String
        /// A request is in progress: it is in, its answer not yet sent.
        var active = false
        /// Since when its request waits for news; nil when it does not.
        var waitingSince: Double?
        /// Shut down by the table; no longer counted, gone once it is closed.
        var dropped = false
        var idleSince: Double
        // The idle list, oldest first.
        weak var previous: Entry?
        var next: Entry?
        var listed = false

        init(fd: Int32, address: String, now: Double) {
            self.fd = fd
            self.address = address
            idleSince = now
        }
    }

    let limit: Int
    let perAddressLimit: Int
    private let lock = Mutex<Void>(())
    private var entries: [Int32: Entry] = [:]
    private var perAddress: [String: Int] = [:]
    private var counted = 0
    private var oldest: Entry?
    private var newest: Entry?

    init(limit: Int, perAddressLimit: Int) {
        self.limit = max(1, limit)
        self.perAddressLimit = max(1, perAddressLimit)
    }

    /// Connections counted against the limit.
    var count: Int { lock.withLock { _ in counted } }

    /// Connections not yet closed, those shut down included.
    var open: Int { lock.withLock { _ in entries.count } }

    /// A connection accepted: whether to keep it (else it is closed at once).
    func admit(fd: Int32, address: String, now: Double) -> Bool {
        lock.withLock { _ in
            if perAddress[address, default: 0] >= perAddressLimit {
                guard let waiting = longestWaiting(from: address) else { return false }
                drop(waiting)
            }
            if counted >= limit {
                guard let victim = oldest ?? longestWaiting(from: nil) else { return false }
                drop(victim)
            }
            let entry = Entry(fd: fd, address: address, now: now)
            entries[fd] = entry
            counted += 1
            perAddress[address, default: 0] += 1
            append(entry)
            return true
        }
    }

    /// A request of the connection is in.
    func requestStarted(_ fd: Int32) {
        lock.withLock { _ in
            guard let entry = entries[fd] else { return }
            entry.active = true
            unlink(entry)
        }
    }

    /// A request of the connection waits for news from `now` on, until ``doneWaiting(_:)``.
    func waiting(_ fd: Int32, since now: Double) {
        lock.withLock { _ in
            guard let entry = entries[fd], !entry.dropped else { return }
            entry.waitingSince = now
        }
    }

    /// The request that waited for news is answered.
    func doneWaiting(_ fd: Int32) {
        lock.withLock { _ in entries[fd]?.waitingSince = nil }
    }

    /// A request's answer is sent.
    func requestEnded(_ fd: Int32, now: Double) {
        lock.withLock { _ in
            guard let entry = entries[fd], !entry.dropped else { return }
            entry.waitingSince = nil
            entry.active = false
            entry.idleSince = now
            unlink(entry)
            append(entry)
        }
    }

    /// The connection is closed.
    func closed(_ fd: Int32) {
        lock.withLock { _ in
            guard let entry = entries.removeValue(forKey: fd) else { return }
            unlink(entry)
            if !entry.dropped { uncount(entry) }
        }
    }

    /// Shuts every connection down (the server stops).
    func shutDownAll() {
        lock.withLock { _ in
            for entry in entries.values { shutdown(entry.fd, Int32(SHUT_RDWR)) }
        }
    }

    // MARK: With the lock held

    /// The counted connection whose request has waited for news the longest, from `address`
    /// when one is given.
    private func longestWaiting(from address: String?) -> Entry? {
        var found: Entry?
        for entry in entries.values where !entry.dropped {
            guard let since = entry.waitingSince, address == nil || entry.address == address else { continue }
            if let best = found?.waitingSince, best <= since { continue }
            found = entry
        }
        return found
    }

    /// Stops counting `entry` and shuts its connection down: H2O sees its end and closes it (a
    /// request waiting for news is answered by ``WaitingRequests`` first).
    private func drop(_ entry: Entry) {
        unlink(entry)
        entry.dropped = true
        uncount(entry)
        shutdown(entry.fd, Int32(SHUT_RDWR))
    }

    private func uncount(_ entry: Entry) {
        counted -= 1
        let left = perAddress[entry.address, default: 1] - 1
        perAddress[entry.address] = left > 0 ? left : nil
    }

    private func append(_ entry: Entry) {
        guard !entry.listed else { return }
        entry.listed = true
        entry.previous = newest
        entry.next = nil
        if let newest { newest.next = entry } else { oldest = entry }
        newest = entry
    }

    private func unlink(_ entry: Entry) {
        guard entry.listed else { return }
        entry.listed = false
        if let previous = entry.previous { previous.next = entry.next } else { oldest = entry.next }
        if let next = entry.next { next.previous = entry.previous } else { newest = entry.previous }
        entry.previous = nil
        entry.next = nil
    }
}
