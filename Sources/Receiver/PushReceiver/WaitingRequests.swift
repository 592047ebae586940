import CH2O
import HostSystem
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The requests that wait for news (``HTTPRoute/waiting(_:)``, an event stream), watched
/// while the server holds them (H2O reads nothing of their sockets meanwhile): one thread
/// waits (epoll) for each socket's peer to hang up, or for the socket to be shut down (by the
/// connection table, to make room), and then answers the request with ``gone``, so that H2O
/// writes to the connection, finds it closed and frees it at once.
/// `@unchecked Sendable`: `epoll`, `wake` and `thread` are set in `start` and cleared in `stop`,
/// called by the server's owner while no request waits to be watched; `watched` is behind its lock.
final class WaitingRequests: @unchecked Sendable {
    private var epoll: Int32 = -1
    private var wake: [Int32] = [-1, -1]
    private var thread: OSThread?
    /// Each watched socket's responder, with the number that tells this wait from an earlier
    /// one on the same socket number (an event may come late); nil once stopped.
    private let watched = Mutex<(next: UInt64, bySocket: [Int32: (number: UInt64, responder: HTTPResponder)])?>(nil)
    private static let wakeTag = UInt64.max

    /// What a request whose client went away is answered: it never reaches anyone.
    static let gone = HTTPResponse(status: 503, body: Array("{\"error\":\"gone\"}".utf8), headers: [("Connection", "close")])

    func start() throws(ReceiverError) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0, pipe(&wake) == 0 else {
            throw ReceiverError(.listen, "cannot watch waiting requests: \(String(cString: strerror(errno)))")
        }
        for fd in wake { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeTag
        _ = epoll_ctl(epoll, EPOLL_CTL_ADD, wake[0], &event)
        watched.withLock { $0 = (1, [:]) }
        thread = OSThread { [self] in run() }
    }

    /// Answers every request still waiting with ``gone`` and ends the thread.
    func stop() {
        guard let thread else { return }
        let left = watched.withLock { state -> [HTTPResponder] in
            defer { state = nil }
            return state?.bySocket.values.map(\.responder) ?? []
        }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        thread.join()
        self.thread = nil
        for responder in left { responder.respond(Self.gone) }
        close(epoll)
        close(wake[0])
        close(wake[1])
    }

    /// Watches `fd`, the socket of a request `responder` answers, until it is answered.
    func watch(_ fd: Int32, _ responder: HTTPResponder) {
        let number = watched.withLock { state -> UInt64? in
            guard state != nil else { return nil }
            let number = state!.next
            state!.next += 1
            state!.bySocket[fd] = (number, responder)
            return number
        }
        guard let number else { return }
        var event = epoll_event()
        // Only the end of what the peer sends (or the socket shut down, which epoll always
        // reports); a request that arrives meanwhile is not a reason to answer this one.
        event.events = EPOLLRDHUP.rawValue | EPOLLONESHOT.rawValue
        event.data.u64 = number << 32 | UInt64(UInt32(bitPattern: fd))
        if epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) != 0, errno == EEXIST {
            _ = epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event)
        }
    }

    /// Stops watching `fd` (its request is answered, or its connection closes).
    func forget(_ fd: Int32) {
        let held = watched.withLock { $0?.bySocket.removeValue(forKey: fd) != nil }
        if held { _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil) }
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while true {
            let count = epoll_wait(epoll, &events, Int32(events.count), -1)
            if count < 0 && errno != EINTR { return }
            for index in 0..<max(0, Int(count)) {
                let tag = events[index].data.u64
                if tag == Self.wakeTag {
                    if watched.withLock({ $0 == nil }) { return }
                    continue
                }
                let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: tag))
                let responder = watched.withLock { state -> HTTPResponder? in
                    guard let entry = state?.bySocket[fd], entry.number == tag >> 32 else { return nil }
                    state!.bySocket[fd] = nil
                    return entry.responder
                }
                guard let responder else { continue }
                _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
                responder.respond(Self.gone)
            }
        }
    }
}
