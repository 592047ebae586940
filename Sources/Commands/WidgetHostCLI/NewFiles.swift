import ErrorKinds
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Files a command creates and never overwrites (`init`, `types --wrap`): folders made as
/// needed, each file opened with `O_CREAT | O_EXCL`, so an existing file is never touched,
/// even one that appears between the check and the write.
enum NewFiles {
    struct Failure: KindedError {
        /// A file that cannot be made, or is already there.
        var errorKind: ErrorKind { .environment(.cannotCreate) }
        var path: String
        var message: String
        /// The file was already there.
        var exists: Bool
    }

    /// The paths of `paths` that exist (as anything: a file, a folder, a link).
    static func existing(_ paths: [String]) -> [String] {
        paths.filter { path in
            var info = stat()
            return lstat(path, &info) == 0
        }
    }

    /// Creates `path` and its missing parents (mode 0755).
    static func makeFolders(_ path: String) throws(Failure) {
        let bytes = Array(path.utf8)
        var prefixes = bytes.indices.filter { bytes[$0] == 0x2F && $0 > 0 && bytes[$0 - 1] != 0x2F }
            .map { String(decoding: bytes[..<$0], as: UTF8.self) }
        if bytes.last != 0x2F { prefixes.append(path) }
        for prefix in prefixes {
            var info = stat()
            if stat(prefix, &info) == 0 {
                if (info.st_mode & S_IFMT) != S_IFDIR { throw Failure(path: prefix, message: "is not a folder", exists: false) }
                continue
            }
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw Failure(path: prefix, message: String(cString: strerror(errno)), exists: false)
            }
        }
    }

    /// Writes a new file; fails when anything is at `path` already.
    static func create(_ path: String, _ text: String, executable: Bool = false) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, executable ? 0o755 : 0o644)
        guard fd >= 0 else {
            let code = errno
            throw Failure(path: path, message: code == EEXIST ? "exists" : String(cString: strerror(code)), exists: code == EEXIST)
        }
        let bytes = Array(text.utf8)
        var offset = 0
        var failure: String?
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                break
            }
            offset += count
        }
        if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(path)
            throw Failure(path: path, message: failure, exists: false)
        }
    }
}
