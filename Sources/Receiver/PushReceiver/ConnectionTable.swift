import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Every open connection of the receiver, whether the gate still holds it (its first head
/// has not arrived) or libmicrohttpd does, with the limits on them (P1):
///
/// - at most `limit` connections at once: a new one drops the connection that has been
///   idle the longest (no request in progress: waiting for its first head, or kept alive
///   between requests); when none is idle, the new one is closed at once;
/// - at most `perAddressLimit` from one client address; beyond, the new one is closed at once;
/// - a connection idle for `idleTimeout` is closed, however slowly it sends its head: the
///   time counts from when it opened or last answered, not from its last byte;
/// - a connection whose request waits for news (``HTTPRoute/waiting(_:)``, an event stream)
///   is not idle, but gives way when a new one would be refused: over the global limit with
///   none idle, or over its address's limit, the one of them that has waited the longest
///   (of that address) is shut down and the new one kept.
///
/// Connections are known by their socket. One lock guards the table; a connection held by
/// libmicrohttpd is dropped with `shutdown` while the lock is held, and libmicrohttpd tells
/// the table that a connection closed (taking the lock) before it closes the socket, so the
/// socket shut down is always the connection's own.
/// `@unchecked Sendable`: every entry and count is read and written only with `lock` held.
final class ConnectionTable: @unchecked Sendable {
    final class Entry {
        let fd: Int32
        let address: String
        /// libmicrohttpd has it (else the gate does).
        var handedOver = false
        /// A request is in progress: its head is in, its answer not yet sent.
        var active = false
        /// Since when its request waits for news; nil when it does not.
        var waitingSince: Double?
        /// Shut down by the table; no longer counted, gone once libmicrohttpd closes it.
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

    enum Admission: Equatable {
        /// Keep it; the gate closes these (dropped connections it held).
        case admitted(closing: [Int32])
        /// Close the new connection at once.
        case refused
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

    /// A connection the gate accepted.
    func admit(fd: Int32, address: String, now: Double) -> Admission {
        lock.withLock { _ in
            if perAddress[address, default: 0] >= perAddressLimit {
                guard let waiting = longestWaiting(from: address) else { return .refused }
                _ = drop(waiting)
            }
            var closing: [Int32] = []
            if counted >= limit {
                guard let victim = oldest ?? longestWaiting(from: nil) else { return .refused }
                if let fd = drop(victim) { closing.append(fd) }
            }
            let entry = Entry(fd: fd, address: address, now: now)
            entries[fd] = entry
            counted += 1
            perAddress[address, default: 0] += 1
            append(entry)
            return .admitted(closing: closing)
        }
    }

    /// Drops the connection idle the longest (the process ran out of sockets); the gate's
    /// own to close, or nil.
    func dropOldestIdle() -> (dropped: Bool, gateFD: Int32?) {
        lock.withLock { _ in
            guard let victim = oldest else { return (false, nil) }
            return (true, drop(victim))
        }
    }

    /// The gate hands the connection to libmicrohttpd: its idle time starts again.
    func handOver(_ fd: Int32, now: Double) {
        lock.withLock { _ in
            guard let entry = entries[fd], !entry.dropped else { return }
            entry.handedOver = true
            entry.idleSince = now
            unlink(entry)
            append(entry)
        }
    }

    /// The gate closes (or lingers on) a connection it holds.
    func release(_ fd: Int32) {
        lock.withLock { _ in remove(fd) }
    }

    /// libmicrohttpd has a request's head.
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

    /// libmicrohttpd sent a request's answer.
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

    /// libmicrohttpd is closing the connection (its socket is still open).
    func closed(_ fd: Int32) {
        lock.withLock { _ in remove(fd) }
    }

    /// Drops every connection idle for `timeout` ms by `now`; returns those the gate holds,
    /// for it to answer or close. Those libmicrohttpd holds go to `answering` first, with the
    /// lock held (so each socket is still the connection's own), then are shut down.
    func expire(now: Double, timeout: Double, answering: (Int32) -> Void = { _ in }) -> [Int32] {
        lock.withLock { _ in
            var gate: [Int32] = []
            while let entry = oldest, entry.idleSince + timeout <= now {
                if entry.handedOver { answering(entry.fd) }
                if let fd = drop(entry) { gate.append(fd) }
            }
            return gate
        }
    }

    /// When the next idle connection times out, monotonic ms.
    func nextDeadline(timeout: Double) -> Double? {
        lock.withLock { _ in oldest.map { $0.idleSince + timeout } }
    }

    /// Whether a connection is still counted (for tests and the gate).
    func holds(_ fd: Int32) -> Bool { lock.withLock { _ in entries[fd].map { !$0.dropped } ?? false } }

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

    /// Stops counting `entry`; shuts a libmicrohttpd connection down (it closes it and tells
    /// the table), or removes a gate connection and returns its socket for the gate to close.
    private func drop(_ entry: Entry) -> Int32? {
        unlink(entry)
        entry.dropped = true
        uncount(entry)
        if entry.handedOver {
            shutdown(entry.fd, Int32(SHUT_RDWR))
            return nil
        }
        entries[entry.fd] = nil
        return entry.fd
    }

    private func remove(_ fd: Int32) {
        guard let entry = entries.removeValue(forKey: fd) else { return }
        unlink(entry)
        if !entry.dropped { uncount(entry) }
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
