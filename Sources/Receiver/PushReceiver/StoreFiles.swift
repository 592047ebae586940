import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The files the store opened, by device and inode, and the largest size each has had, so that
/// the receiver notices when its path no longer names them or they lost what they held (P11): a
/// database deleted underneath a running receiver (with its `-wal`) keeps taking commits into
/// files no restart can find, one replaced by another file (a restored copy) keeps taking them
/// into the old one, and one truncated (`truncate -s 0`) has lost every page not in the WAL, so
/// what a restart finds is damaged. SQLite notices none of these: its open descriptors still
/// work, and a page read past the end of a file reads as zeros. Neither file ever shrinks while
/// the receiver runs (no `VACUUM`, no automatic vacuum, the WAL is reused from its start, never
/// cut), so a file smaller than it was is a file that lost data. Compared at every commit, at
/// every `/healthz` and before every checkpoint; the identities are taken once, right after the
/// store opened, and never change.
final class StoreFiles: Sendable {
    struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The database file's path, as given.
    let path: String
    private let database: Identity?
    private let wal: Identity?
    /// The largest size seen of each file, by name. Each look takes its size and compares it
    /// under this lock, so two looks from two threads are ordered and a file that grew between
    /// them never looks shrunk.
    private let largest = Mutex<[String: Int64]>([:])

    /// The identities `path` and `path-wal` have now (the store has both open).
    init(path: String) {
        self.path = path
        let database = Self.look(path)
        let wal = Self.look(path + "-wal")
        self.database = database.identity
        self.wal = wal.identity
        largest.withLock { $0 = [path: database.size, path + "-wal": wal.size] }
    }

    /// `nil` while the path still names the files the store opened, as large as they have been;
    /// otherwise what happened, in words.
    func problem() -> String? {
        for (name, opened) in [(path, database), (path + "-wal", wal)] {
            guard let opened else { continue }
            let problem = largest.withLock { largest -> String? in
                let now = Self.look(name)
                guard let identity = now.identity else {
                    return "the database file \(name) was deleted after the receiver opened it (\(now.error))"
                }
                if identity != opened {
                    return "the database file \(name) was replaced by another file after the receiver opened it"
                }
                let before = largest[name] ?? 0
                if now.size < before {
                    return "the database file \(name) shrank from \(before) to \(now.size) bytes after the receiver opened it (truncated underneath), losing what it held"
                }
                largest[name] = now.size
                return nil
            }
            if let problem { return problem }
        }
        return nil
    }

    private static func look(_ path: String) -> (identity: Identity?, size: Int64, error: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (nil, 0, String(cString: strerror(errno))) }
        return (Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), Int64(info.st_size), "")
    }
}
