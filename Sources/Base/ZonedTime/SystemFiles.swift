import ErrorKinds
import Glibc

/// Why reading a file failed.
package enum FileReadFailure: KindedError, CustomStringConvertible {
    /// A file that cannot be read: missing input.
    package var errorKind: ErrorKind { .input(.missing) }
    case notFound
    case isDirectory
    case tooLarge
    case other(String)

    package var description: String {
        switch self {
        case .notFound: return "no such file"
        case .isDirectory: return "it is a folder"
        case .tooLarge: return "it is too large"
        case .other(let reason): return reason
        }
    }
}

/// Thin Glibc wrappers: environment variables, whole-file reads and symlink targets.
package enum SystemFiles {
    /// The value of an environment variable, or nil when it is not set.
    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Reads a whole regular file of at most `limit` bytes.
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], FileReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return .failure(failure(errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .failure(.tooLarge) }
        }
    }

    /// The target of a symbolic link, or nil when `path` is not a readable symlink.
    static func symlinkTarget(_ path: String) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            let count = readlink(path, buffer.baseAddress!, buffer.count)
            guard count > 0 && count < buffer.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    private static func failure(_ code: Int32) -> FileReadFailure {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        case EISDIR: return .isDirectory
        default: return .other(String(cString: strerror(code)))
        }
    }
}
