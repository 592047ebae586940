#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Writes a whole file atomically: a temporary file in the same folder, then `rename`.
///
/// A path that names something other than a regular file (`/dev/null`, a pipe) is
/// written in place, since it cannot be replaced; a symbolic link is followed, so the
/// file it points to is replaced and the link stays.
enum AtomicFile {
    struct WriteError: Error {
        var message: String
    }

    static func write(_ text: String, to requested: String) throws(WriteError) {
        try write(bytes: Array(text.utf8), to: requested)
    }

    static func write(bytes text: [UInt8], to requested: String) throws(WriteError) {
        var path = requested
        var info = stat()
        if stat(requested, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw WriteError(message: "is a folder; name a file") }
            if type != S_IFREG { return try writeInPlace(text, to: requested) }
            if let resolved = realpath(requested, nil) {
                path = String(cString: resolved)
                free(resolved)
            }
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else { throw WriteError(message: "not a file name") }
        var template = Array((folder + "." + name + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(message: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let mask = umask(0)
        umask(mask)
        var failure: String?
        if fchmod(fd, 0o666 & ~mask) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil { failure = writeAll(text, to: fd) }
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(message: failure)
        }
    }

    private static func writeInPlace(_ text: [UInt8], to path: String) throws(WriteError) {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw WriteError(message: String(cString: strerror(errno))) }
        let failure = writeAll(text, to: fd)
        close(fd)
        if let failure { throw WriteError(message: failure) }
    }

    /// Writes every byte; returns the error text, or `nil`.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += count
        }
        return nil
    }
}
