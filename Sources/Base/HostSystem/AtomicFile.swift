import ErrorKinds
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Synchronization

/// The one way the tool replaces a whole file: a temporary file with a unique name in the
/// same folder, written, flushed to disk (`fsync`), renamed over the name, and the folder
/// flushed, so a crash or a concurrent reader sees either the old file or the new one, never
/// a part of one. The file's mode is the one asked for, less the process's umask, applied by
/// the kernel as it creates the file (the umask is never read or changed). Every failure is
/// thrown with what was being done and the system's reason; the temporary file is removed.
public enum AtomicFile {
    /// A write that did not happen: the path, what was being done and the system's reason.
    public struct WriteError: KindedError, Sendable, Hashable, CustomStringConvertible {
        /// A file that cannot be made.
        public var errorKind: ErrorKind { .environment(.cannotCreate) }
        /// The path, for messages.
        public var path: String
        /// What was being done, e.g. `cannot flush`; `nil` when the path itself is wrong.
        public var doing: String?
        /// Why: the system's reason (`No space left on device`) or what is wrong with the path.
        public var reason: String
        /// The `errno` value, 0 when the failure is not a system call's.
        public var code: Int32
        /// What failed and why, e.g. `cannot flush: No space left on device`.
        public var message: String { doing.map { "\($0): \(reason)" } ?? reason }
        public var description: String { "\(path): \(message)" }

        public init(path: String, doing: String? = nil, reason: String, code: Int32 = 0) {
            self.path = path
            self.doing = doing
            self.reason = reason
            self.code = code
        }

        static func system(_ path: String, _ doing: String, _ code: Int32 = errno) -> WriteError {
            WriteError(path: path, doing: doing, reason: String(cString: strerror(code)), code: code)
        }
    }

    /// Replaces the file `name` in the open folder `folder` with `bytes`.
    ///
    /// - Parameters:
    ///   - name: The file's name in the folder, as bytes (no `/`).
    ///   - folder: A descriptor of the folder, open for reading; not closed.
    ///   - display: The path in messages.
    ///   - mode: The new file's permissions before the umask.
    public static func write(_ bytes: [UInt8], name: [UInt8], inFolder folder: Int32, display: String,
                             mode: mode_t = 0o666) throws(WriteError) {
        var temporary: [UInt8] = []
        var fd: Int32 = -1
        var attempts = 0
        repeat {
            temporary = temporaryName()
            fd = cString(temporary) { openat(folder, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) }
            attempts += 1
        } while fd < 0 && errno == EEXIST && attempts < 16
        guard fd >= 0 else { throw .system(display, "cannot write") }
        func fail(_ doing: String, _ code: Int32 = errno) -> WriteError {
            close(fd)
            _ = cString(temporary) { unlinkat(folder, $0, 0) }
            return .system(display, doing, code)
        }
        if let code = writeAll(bytes, to: fd) { throw fail("cannot write", code) }
        if fsync(fd) != 0 { throw fail("cannot flush") }
        if close(fd) != 0 {
            let code = errno
            _ = cString(temporary) { unlinkat(folder, $0, 0) }
            throw .system(display, "cannot write", code)
        }
        let renamed = cString(temporary) { from in cString(name) { to in renameat(folder, from, folder, to) } }
        guard renamed == 0 else {
            let code = errno
            _ = cString(temporary) { unlinkat(folder, $0, 0) }
            if code == EISDIR { throw WriteError(path: display, reason: "is a folder, not a file", code: code) }
            throw .system(display, "cannot replace", code)
        }
        // The rename is durable once the folder's entry is on disk.
        if fsync(folder) != 0 && errno != EINVAL && errno != EROFS { throw .system(display, "cannot flush the folder") }
    }

    /// Replaces the file at `path` (a path the user named) with `bytes`.
    ///
    /// A symbolic link is followed, so the file it points to is replaced and the link stays.
    /// A path that names something other than a regular file (`/dev/null`, a pipe) is written
    /// in place, since it cannot be replaced; a folder is an error.
    public static func write(_ bytes: [UInt8], toPath requested: String, mode: mode_t = 0o666) throws(WriteError) {
        var path = requested
        var info = stat()
        if stat(requested, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw WriteError(path: requested, reason: "is a folder; name a file", code: EISDIR) }
            if type != S_IFREG { return try writeInPlace(bytes, to: requested) }
            if let resolved = realpath(requested, nil) {
                path = String(cString: resolved)
                free(resolved)
            }
        }
        let all = Array(path.utf8)
        let slash = all.lastIndex(of: UInt8(ascii: "/"))
        let name = Array(all[(slash.map { $0 + 1 } ?? 0)...])
        guard !name.isEmpty, name != Array(".".utf8), name != Array("..".utf8) else {
            throw WriteError(path: requested, reason: "not a file name")
        }
        let folderPath = slash.map { $0 == 0 ? "/" : String(decoding: all[..<$0], as: UTF8.self) } ?? "."
        let folder = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw .system(requested, "cannot open the folder") }
        defer { close(folder) }
        try write(bytes, name: name, inFolder: folder, display: requested, mode: mode)
    }

    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw .system(path, "cannot write") }
        let failure = writeAll(bytes, to: fd)
        if close(fd) != 0 && failure == nil { throw .system(path, "cannot write") }
        if let failure { throw .system(path, "cannot write", failure) }
    }

    /// Writes every byte; the `errno` of a failure, or `nil`.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }

    private static let sequence = Atomic<Int>(0)

    /// `.widgethost-PID-N-RANDOM.tmp`: unique among this process's writes by N, among
    /// processes by the id, and against a stale file of a recycled id by the random part.
    private static func temporaryName() -> [UInt8] {
        let number = sequence.add(1, ordering: .relaxed).newValue
        return Array(".widgethost-\(getpid())-\(number)-\(RandomBytes.hex(count: 4)).tmp".utf8)
    }

    /// The process id in a name of ``temporaryName()``'s form (`.widgethost-PID-N-HEX.tmp`, HEX
    /// eight hexadecimal digits), or nil for any other name.
    public static func temporaryOwner(_ name: [UInt8]) -> pid_t? {
        let prefix = Array(".widgethost-".utf8), suffix = Array(".tmp".utf8)
        guard name.count > prefix.count + suffix.count, name.starts(with: prefix), name.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        let middle = name[prefix.count..<(name.count - suffix.count)].split(separator: 0x2D, omittingEmptySubsequences: false)
        guard middle.count == 3, middle[2].count == 8,
            middle[0].count <= 10, middle[1].count <= 19,
            middle[0].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), middle[1].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            !middle[1].isEmpty,
            middle[2].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }),
            let pid = Int32(String(decoding: middle[0], as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }

    /// Whether a temporary file of ``temporaryName()``'s form was left by a process that no
    /// longer runs (a writer killed between writing and renaming): never one of this process's
    /// or of a process that still runs, whose write may be in flight.
    public static func isStaleTemporary(_ name: [UInt8]) -> Bool {
        guard let owner = temporaryOwner(name), owner != getpid() else { return false }
        return kill(owner, 0) != 0 && errno == ESRCH
    }

    private static func cString<T>(_ name: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
