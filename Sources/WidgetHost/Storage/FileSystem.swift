#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A file-system failure: what was being done, to which path, and the system's reason.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }

    init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    static func errno(_ path: String, _ doing: String) -> FileSystemError {
        FileSystemError(path, "\(doing): \(String(cString: strerror(Glibc.errno)))")
    }
}

/// The few file operations storage needs, on the C library (no Foundation).
enum FileSystem {
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Reads a whole regular file; nil when it does not exist. Does not follow a symbolic link.
    static func read(_ path: String, limit: Int = FileBytes.maximumSize) throws(FileSystemError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if Glibc.errno == ENOENT || Glibc.errno == ENOTDIR { return nil }
            throw .errno(path, "cannot read")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if Glibc.errno == EINTR { continue }
                throw .errno(path, "cannot read")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw FileSystemError(path, "is larger than \(limit >> 20) MiB") }
        }
        return bytes
    }

    /// Creates `path` and its missing parents (mode 0755).
    static func makeDirectories(_ path: String) throws(FileSystemError) {
        if path.isEmpty || isDirectory(path) { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]))
        }
        if mkdir(path, 0o755) != 0 && Glibc.errno != EEXIST { throw .errno(path, "cannot create the folder") }
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same folder,
    /// flushed to disk, then renamed over the target. A crash leaves either the
    /// old file or the new one, never half of one.
    static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        try makeDirectories(folder)
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .errno(temporary, "cannot write") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if Glibc.errno == EINTR { continue }
                let failure = FileSystemError.errno(temporary, "cannot write")
                close(fd)
                unlink(temporary)
                throw failure
            }
            written += count
        }
        if fsync(fd) != 0 {
            let failure = FileSystemError.errno(temporary, "cannot flush")
            close(fd)
            unlink(temporary)
            throw failure
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let failure = FileSystemError.errno(path, "cannot replace")
            unlink(temporary)
            throw failure
        }
    }

    /// Removes a file; a missing file is not an error.
    static func remove(_ path: String) throws(FileSystemError) {
        if unlink(path) != 0 && Glibc.errno != ENOENT { throw .errno(path, "cannot remove") }
    }

    /// Whether any component of `path` below `base` is a symbolic link (storage never follows one).
    static func hasSymbolicLink(below base: String, in path: String) -> Bool {
        guard path.hasPrefix(base) else { return true }
        var current = base
        for component in path.dropFirst(base.count).split(separator: "/") {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) != 0 { return false }
            if (info.st_mode & S_IFMT) == S_IFLNK { return true }
        }
        return false
    }
}
