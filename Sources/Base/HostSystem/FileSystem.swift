import ErrorKinds
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A file-system failure: what was being done, to which path, and the system's reason.
public struct FileSystemError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// A file or folder that cannot be used as it is named: missing or unreadable input.
    public var errorKind: ErrorKind { .input(.missing) }
    /// What kind of failure it is, for callers that answer each differently.
    public enum Kind: Sendable, Hashable {
        /// A component of the path is a symbolic link, which is never followed (A5).
        case link
        /// The file is larger than the read's limit; nothing of it was read.
        case tooLarge
        /// A folder or another kind of file where a regular file was asked for.
        case notRegularFile
        /// Anything else the system refused (permissions, I/O, a full disk).
        case other
    }

    /// The file or folder the failure is about, as messages show it.
    public var path: String
    /// What was being done and why it failed: `cannot read: Permission denied`, `is a folder, not a file`.
    public var message: String
    /// What kind of failure it is.
    public var kind: Kind
    /// The failure is in reaching the file's folder (missing base, a link or a file on the
    /// way), not in the file itself: a later write fails the same way, so nothing is kept
    /// from being overwritten.
    public var onTheWay = false
    /// Something is already at the name, which a new file (``FileSystem/create(_:_:mode:)``) is
    /// never written over.
    public var exists = false
    /// `path: message`.
    public var description: String { "\(path): \(message)" }

    init(_ path: String, _ message: String, kind: Kind = .other) {
        self.path = path
        self.message = message
        self.kind = kind
    }

    static func errno(_ path: String, _ doing: String, _ code: Int32 = Glibc.errno) -> FileSystemError {
        FileSystemError(path, "\(doing): \(String(cString: strerror(code)))")
    }

    /// The refusal of a path that meets a symbolic link, naming the link (`display`, the path up to it).
    static func linkMessage(_ link: String) -> String {
        "is reached through a symbolic link (\(link) is a symbolic link); the host does not follow links"
    }
}

/// The file operations storage needs, on the C library (no Foundation), confined the way
/// the kernel resolves paths. The one implementation of confined file access: storage (A4,
/// A5), the pictures a widget's layout shows (its images, `--icons`), the goldens `test
/// --update` writes and the files `init` makes go through it.
///
/// A ``Location`` is a base folder (a path the user chose, such as the state folder,
/// whose own links are the user's business), the folders below it and a file name, all
/// as bytes. Every folder below the base is opened with `openat(…, O_NOFOLLOW |
/// O_DIRECTORY)` from the one above it (created with `mkdirat` when writing), and the file
/// itself with `O_NOFOLLOW` in the last one. So a symbolic link on any component is
/// refused, and a folder swapped for a link while a script runs cannot redirect a read,
/// write, removal or existence check: each step holds the folder it opened.
public enum FileSystem {
    /// Where a file is: a base folder, the folders below it and its name, all as bytes.
    public struct Location: Sendable, Hashable {
        /// The base folder, followed as given.
        public var base: SystemPath
        /// Folders below the base, one name each (no `/`, never `.` or `..`).
        public var folders: [[UInt8]]
        /// The file's name in the last folder.
        public var name: [UInt8]
        /// The whole path, for messages.
        public var display: String

        /// The base and the folders below it up to the one at `index`, joined by `/` (the folder a
        /// refusal names).
        func path(through index: Int) -> String {
            var path = base
            for name in folders.prefix(index + 1) { path = path.appending(name) }
            return path.shown
        }

        /// The whole path: the base, the folders and the name, joined by `/`.
        public var path: SystemPath {
            var path = base
            for name in folders + [name] { path = path.appending(name) }
            return path
        }

        /// The file `name` in the same folder, shown as `display` shows this one's folder.
        public func sibling(_ name: [UInt8]) -> Location {
            let folder = display.lastIndex(of: "/").map { String(display[...$0]) } ?? ""
            return Location(base: base, folders: folders, name: name, display: folder + SystemPath.escape(name))
        }

        /// A location of `name` in `folders` below `base`, shown in messages as `display`.
        public init(base: SystemPath, folders: [[UInt8]], name: [UInt8], display: String) {
            self.base = base
            self.folders = folders
            self.name = name
            self.display = display
        }

        /// A location below the base folder at the path `base` names.
        public init(base: String, folders: [[UInt8]], name: [UInt8], display: String) {
            self.init(base: SystemPath(base), folders: folders, name: name, display: display)
        }
    }

    // MARK: Confined operations

    /// Reads a whole regular file of at most `limit` bytes; nil when it (or a folder on the
    /// way) does not exist. A larger file is refused from its size, before any of it is read.
    public static func read(_ location: Location, limit: Int) throws(FileSystemError) -> [UInt8]? {
        let opened: Folder?
        do { opened = try open(location, create: false) } catch {
            var failure = error
            failure.onTheWay = true
            throw failure
        }
        guard let folder = opened else { return nil }
        let fd = at(location.name) { openat(folder.fd, $0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else {
            let code = Glibc.errno
            if code == ENOENT || code == ENOTDIR { return nil }
            if code == ELOOP { throw FileSystemError(location.display, FileSystemError.linkMessage(location.display), kind: .link) }
            throw .errno(location.display, "cannot read", code)
        }
        defer { close(fd) }
        return try readRegularFile(fd, display: location.display, limit: limit, head: false)
    }

    /// Reads the file at `path`, a path the user named (its links are followed), when it is a
    /// regular file of at most `limit` bytes; nil when nothing is there. Anything else (a
    /// folder, a named pipe, a device) is refused without being read or waited for: the file is
    /// opened without blocking and checked before a byte is read. With `head`, only the first
    /// `limit` bytes are read, whatever the file's size.
    public static func read(userPath path: SystemPath, limit: Int, head: Bool = false) throws(FileSystemError) -> [UInt8]? {
        let fd = path.withCString { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else {
            let code = Glibc.errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw .errno(path.shown, "cannot read", code)
        }
        defer { close(fd) }
        return try readRegularFile(fd, display: path.shown, limit: limit, head: head)
    }

    /// The content of the open file `fd` when it is a regular file (the one reading loop).
    private static func readRegularFile(_ fd: Int32, display: String, limit: Int, head: Bool) throws(FileSystemError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .errno(display, "cannot read") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileSystemError(display, "is a folder, not a file", kind: .notRegularFile)
        default: throw FileSystemError(display, "is not a regular file (\(kindName(info.st_mode))); only regular files are read", kind: .notRegularFile)
        }
        if !head, Int(info.st_size) > limit { throw tooLarge(display, limit) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(65536, limit + 1))
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if Glibc.errno == EINTR { continue }
                throw .errno(display, "cannot read")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                if head { return Array(bytes.prefix(limit)) }
                throw tooLarge(display, limit)
            }
        }
        return bytes
    }

    /// What a file that is not regular or a folder is, for messages: `a named pipe`, `a socket`, ….
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a folder"
        default: return "not a file"
        }
    }

    private static func tooLarge(_ display: String, _ limit: Int) -> FileSystemError {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
        return FileSystemError(display, "is larger than \(size)", kind: .tooLarge)
    }

    /// Writes `bytes` atomically (`HostSystem.AtomicFile`: a temporary file in the same
    /// folder, flushed, renamed over the name, the folder flushed). A crash leaves either the
    /// old file or the new one, never half of one. Missing folders are created.
    public static func writeAtomically(_ location: Location, _ bytes: [UInt8]) throws(FileSystemError) {
        guard let folder = try open(location, create: true) else { throw FileSystemError(location.display, "cannot create the folder") }
        do {
            try AtomicFile.write(bytes, name: location.name, inFolder: folder.fd, display: location.display, mode: 0o644)
        } catch {
            throw FileSystemError(location.display, error.message)
        }
    }

    /// Removes a file; a missing file (or folder on the way) is not an error. A symbolic
    /// link as the last component is removed itself, never what it points to.
    public static func remove(_ location: Location) throws(FileSystemError) {
        guard let folder = try open(location, create: false) else { return }
        guard at(location.name, { unlinkat(folder.fd, $0, 0) }) == 0 else {
            let code = Glibc.errno
            if code == ENOENT || code == ENOTDIR { return }
            if code == EISDIR { throw FileSystemError(location.display, "is a folder, not a file", kind: .notRegularFile) }
            throw .errno(location.display, "cannot remove", code)
        }
    }

    /// Removes the stale temporary files (``AtomicFile/isStaleTemporary(_:)``) in the folder
    /// `location` names (its `name` is the folder's) and in the folders below it, reached without
    /// following links; at most ``staleSearchLimit`` entries are looked at. A missing folder is
    /// not an error, and a temporary that cannot be removed is left for the next time.
    public static func removeStaleTemporaries(in location: Location) {
        var inner = location
        inner.folders.append(location.name)
        guard let folder = try? open(inner, create: false) else { return }
        var budget = staleSearchLimit
        removeStaleTemporaries(folder.fd, depth: 0, budget: &budget)
    }

    /// How many entries ``removeStaleTemporaries(in:)`` looks at, at most.
    public static let staleSearchLimit = 100_000

    private static func removeStaleTemporaries(_ fd: Int32, depth: Int, budget: inout Int) {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else { return }
        defer { closedir(directory) }
        var folders: [[UInt8]] = []
        while budget > 0, let entry = readdir(directory) {
            budget -= 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            var info = stat()
            guard at(name, { fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: folders.append(name)
            case S_IFREG where AtomicFile.isStaleTemporary(name): _ = at(name) { unlinkat(fd, $0, 0) }
            default: break
            }
        }
        guard depth < 64 else { return }
        for name in folders where budget > 0 {
            let next = at(name) { openat(fd, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            guard next >= 0 else { continue }
            removeStaleTemporaries(next, depth: depth + 1, budget: &budget)
            close(next)
        }
    }

    /// The names in the folder `location` names (its `name` is the folder's), reached without
    /// following links, without `.` and `..`, in byte order; nil when there is no such folder.
    /// At most `limit` names are read.
    public static func names(in location: Location, limit: Int = 10_000) throws(FileSystemError) -> [[UInt8]]? {
        var inner = location
        inner.folders.append(location.name)
        guard let folder = try open(inner, create: false) else { return nil }
        let copy = dup(folder.fd)
        guard copy >= 0, let directory = fdopendir(copy) else { throw .errno(location.display, "cannot list the folder") }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while names.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether the location is a regular file, reached without following a link.
    public static func isRegularFile(_ location: Location) -> Bool {
        guard let folder = try? open(location, create: false) else { return false }
        var info = stat()
        return at(location.name) { fstatat(folder.fd, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0
            && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether anything (a file, a folder, a link) is at the location's name. A folder on the
    /// way that is a symbolic link is refused (``FileSystemError/Kind/link``), as a write there
    /// would be; a missing folder means nothing is there.
    public static func exists(_ location: Location) throws(FileSystemError) -> Bool {
        guard let folder = try open(location, create: false) else { return false }
        var info = stat()
        return at(location.name) { fstatat(folder.fd, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0
    }

    /// Writes a new file at the location, creating missing folders below the base without
    /// following a link; anything already at its name (a link included) is never touched
    /// (``FileSystemError/exists``): the file is made with `O_CREAT | O_EXCL | O_NOFOLLOW`.
    /// A file that cannot be written whole is removed.
    public static func create(_ location: Location, _ bytes: [UInt8], mode: mode_t = 0o644) throws(FileSystemError) {
        guard let folder = try open(location, create: true) else { throw FileSystemError(location.display, "cannot create the folder") }
        let fd = at(location.name) { openat(folder.fd, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) }
        guard fd >= 0 else {
            let code = Glibc.errno
            if code == EEXIST {
                var failure = FileSystemError(location.display, "exists")
                failure.exists = true
                throw failure
            }
            throw .errno(location.display, "cannot write", code)
        }
        var failure = AtomicFile.writeAll(bytes, to: fd)
        if close(fd) != 0 && failure == nil { failure = Glibc.errno }
        if let failure {
            _ = at(location.name) { unlinkat(folder.fd, $0, 0) }
            throw .errno(location.display, "cannot write", failure)
        }
    }

    // MARK: Paths the user named

    /// Writes the file at `path` (a path the user gave, e.g. a fixtures file) atomically,
    /// creating its folder.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try writeAtomically(location(ofUserPath: path), bytes)
    }

    /// A user-named path as a location: its folder as the base, its last component as the name.
    public static func location(ofUserPath path: String) throws(FileSystemError) -> Location {
        try location(ofUserPath: SystemPath(path))
    }

    /// A user-named path, as bytes, as a location: its folder as the base, its last component
    /// as the name, shown escaped.
    public static func location(ofUserPath path: SystemPath) throws(FileSystemError) -> Location {
        let name = path.name
        guard !name.isEmpty else { throw FileSystemError(path.shown, "names a folder, not a file") }
        return Location(base: path.folder, folders: [], name: name, display: path.shown)
    }

    /// Creates `path` and its missing parents (mode 0755); a path the user gave, so links are followed.
    public static func makeDirectories(_ path: String) throws(FileSystemError) {
        try makeDirectories(SystemPath(path))
    }

    /// Creates `path`, named by its bytes, and its missing parents (mode 0755); links are followed.
    public static func makeDirectories(_ path: SystemPath) throws(FileSystemError) {
        for (index, byte) in path.bytes.enumerated() where byte == 0x2F && index > 0 {
            try makeDirectory(SystemPath(bytes: Array(path.bytes[..<index])), whole: path)
        }
        try makeDirectory(path, whole: path)
    }

    private static func makeDirectory(_ path: SystemPath, whole: SystemPath) throws(FileSystemError) {
        if path.withCString({ mkdir($0, 0o755) }) != 0 && Glibc.errno != EEXIST { throw .errno(whole.shown, "cannot create the folder") }
    }

    // MARK: Opening folders

    /// A folder descriptor, closed when the value goes.
    final class Folder {
        let fd: Int32
        init(_ fd: Int32) { self.fd = fd }
        deinit { close(fd) }
    }

    /// Opens the base, then each folder below it without following links; nil when one is
    /// missing (or is a file) and `create` is false.
    static func open(_ location: Location, create: Bool) throws(FileSystemError) -> Folder? {
        var fd = location.base.withCString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if fd < 0 && Glibc.errno == ENOENT {
            guard create else { return nil }
            try makeDirectories(location.base)
            fd = location.base.withCString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        }
        guard fd >= 0 else { throw .errno(location.base.shown, create ? "cannot create the folder" : "cannot open the folder") }
        var folder = Folder(fd)
        for (index, name) in location.folders.enumerated() {
            let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
            var next = at(name) { openat(folder.fd, $0, flags) }
            if next < 0 && Glibc.errno == ENOENT && create {
                if at(name, { mkdirat(folder.fd, $0, 0o755) }) != 0 && Glibc.errno != EEXIST {
                    throw .errno(location.display, "cannot create the folder")
                }
                next = at(name) { openat(folder.fd, $0, flags) }
            }
            guard next >= 0 else {
                let code = Glibc.errno
                var info = stat()
                if at(name, { fstatat(folder.fd, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
                    throw FileSystemError(location.display, FileSystemError.linkMessage(location.path(through: index)), kind: .link)
                }
                if (code == ENOENT || code == ENOTDIR) && !create { return nil }
                throw .errno(location.display, create ? "cannot create the folder" : "cannot open the folder", code)
            }
            folder = Folder(next)
        }
        return folder
    }

    /// Calls `body` with `name` as a NUL-terminated C string.
    static func at<T>(_ name: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
