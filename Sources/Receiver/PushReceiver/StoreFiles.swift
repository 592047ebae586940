#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The files the store opened, by device and inode, so that the receiver notices when its
/// path no longer names them (P11): a database deleted underneath a running receiver (with its
/// `-wal`) keeps taking commits into files no restart can find, and one replaced by another
/// file (a restored copy) keeps taking them into the old one. SQLite does not notice either:
/// its open descriptors still work. Compared at every commit and at every `/healthz`; the
/// identities are taken once, right after the store opened, and never change.
final class StoreFiles: Sendable {
    struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The database file's path, as given.
    let path: String
    private let database: Identity?
    private let wal: Identity?

    /// The identities `path` and `path-wal` have now (the store has both open).
    init(path: String) {
        self.path = path
        database = Self.identity(path).identity
        wal = Self.identity(path + "-wal").identity
    }

    /// `nil` while the path still names the files the store opened; otherwise what happened, in words.
    func problem() -> String? {
        for (name, opened) in [(path, database), (path + "-wal", wal)] {
            guard let opened else { continue }
            let now = Self.identity(name)
            guard let identity = now.identity else {
                return "the database file \(name) was deleted after the receiver opened it (\(now.error))"
            }
            if identity != opened {
                return "the database file \(name) was replaced by another file after the receiver opened it"
            }
        }
        return nil
    }

    private static func identity(_ path: String) -> (identity: Identity?, error: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (nil, String(cString: strerror(errno))) }
        return (Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), "")
    }
}
