#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension ChildProcess {
    /// How ``readLine(_:errors:until:)`` ended.
    public enum LineRead: Sendable, Equatable {
        /// The bytes up to the next newline (without it).
        case line([UInt8])
        /// The child's output reached its end first (it ended, or closed it).
        case ended
        /// The deadline passed first.
        case timedOut
    }

    /// Reads the child's output up to its next newline, keeping what follows it in `pending`
    /// for the next call, and reads its error pipe meanwhile into `err` (so that a child that
    /// writes much there never blocks on it), until `deadline`.
    public func readLine(_ pending: inout [UInt8], errors err: inout [UInt8], until deadline: ContinuousClock.Instant) -> LineRead {
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return .line(line)
            }
            guard fds[0].fd >= 0 else { return .ended }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .timedOut }
            let ready = poll(&fds, 2, Int32(min(left.milliseconds.rounded(.up), 60_000)))
            if ready < 0 && errno != EINTR { return .ended }
            for index in 0..<2 where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 {
                    // Its end: no longer polled here; the pipe is closed with the child's other ends.
                    fds[index].fd = -1
                } else if index == 0 {
                    pending += buffer[0..<count]
                } else {
                    err += buffer[0..<count]
                }
            }
        }
    }
}
