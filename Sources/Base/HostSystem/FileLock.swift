#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An advisory lock on a lock file (`flock`, exclusive), held for as long as the value lives.
///
/// The kernel ties the lock to the open file: it is released when the value goes, and when the
/// process ends in any way, `kill -9` included, so a crashed holder never leaves it taken. Two
/// values in one process exclude each other as two processes do (each opens the file anew).
/// The lock file itself holds nothing and is never removed: removing it while another process
/// waits on it would give the two of them two different files.
public final class FileLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Takes the lock on `location` (opened as ``FileSystem`` opens every file: its folders
    /// without following links, created when missing), waiting for another holder until
    /// `deadline`. Nil when the lock was still held at the deadline.
    ///
    /// The wait polls, first every millisecond and then less often, up to every 20 ms: the
    /// kernel's blocking wait cannot be given a deadline.
    public static func acquire(_ location: FileSystem.Location, until deadline: ContinuousClock.Instant) throws(FileSystemError) -> FileLock? {
        guard let folder = try FileSystem.open(location, create: true) else { throw FileSystemError(location.display, "cannot create the folder") }
        let fd = FileSystem.at(location.name) {
            openat(folder.fd, $0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0o644)
        }
        guard fd >= 0 else {
            if Glibc.errno == ELOOP { throw FileSystemError(location.display, FileSystemError.linkMessage(location.display), kind: .link) }
            throw .errno(location.display, "cannot open the lock file")
        }
        var pause = 1_000_000
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return FileLock(fd: fd) }
            let code = Glibc.errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(fd)
                throw .errno(location.display, "cannot lock", code)
            }
            let now = ContinuousClock.now
            guard now < deadline else {
                close(fd)
                return nil
            }
            let left = now.duration(to: deadline)
            let nanos = min(pause, Int(left.components.seconds) * 1_000_000_000 + Int(left.components.attoseconds / 1_000_000_000) + 1)
            var wait = timespec(tv_sec: nanos / 1_000_000_000, tv_nsec: nanos % 1_000_000_000)
            _ = nanosleep(&wait, nil)
            pause = min(pause * 2, 20_000_000)
        }
    }
}
