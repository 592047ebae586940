#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Folders the user named, as bytes: what is in them and which file or folder a name leads to,
/// so a walk over a tree (the conformance suite's) takes each folder and file once and opens
/// nothing it does not mean to read.
extension FileSystem {
    /// Where a file is on its device: two paths with the same identity name the same file or folder.
    public struct Identity: Hashable, Sendable {
        public var device: UInt64
        public var inode: UInt64
        public init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// One name in a folder, with what it is when its links are followed.
    public struct Entry: Sendable {
        public enum Kind: Sendable { case folder, regularFile, other, missing }
        /// The name, as bytes.
        public var name: [UInt8]
        /// What the name leads to, links followed: `missing` for a link that leads nowhere.
        public var kind: Kind
        /// Whether the name itself is a symbolic link.
        public var isLink: Bool
        /// The file or folder it leads to; nil when `missing`.
        public var identity: Identity?
        /// For `other`: what it is (`a named pipe`, `a socket`, …).
        public var description: String
    }

    /// The identity of the folder or file at `path` (links followed), or nil when nothing is there.
    public static func identity(of path: SystemPath) -> Identity? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The entries of the folder at `path` (a path the user named, followed as given), without
    /// `.` and `..`, sorted by the bytes of their names; nil when it cannot be opened as a
    /// folder. Nothing is opened but the folder: each entry is looked at with `fstatat`.
    public static func entries(inFolder path: SystemPath) -> [Entry]? {
        let fd = path.withCString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        let folder = Folder(fd)
        return rawNames(folder.fd).map { name in
            var link = stat()
            let isLink = at(name) { fstatat(folder.fd, $0, &link, AT_SYMLINK_NOFOLLOW) } == 0 && (link.st_mode & S_IFMT) == S_IFLNK
            var info = stat()
            guard at(name, { fstatat(folder.fd, $0, &info, 0) }) == 0 else {
                return Entry(name: name, kind: .missing, isLink: isLink, identity: nil, description: "missing")
            }
            let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return Entry(name: name, kind: .folder, isLink: isLink, identity: identity, description: "a folder")
            case S_IFREG: return Entry(name: name, kind: .regularFile, isLink: isLink, identity: identity, description: "a file")
            default: return Entry(name: name, kind: .other, isLink: isLink, identity: identity, description: kindName(info.st_mode))
            }
        }.sorted { $0.name.lexicographicallyPrecedes($1.name) }
    }

    /// The names in the open folder `fd`, as bytes, without `.` and `..`, in the order the
    /// system lists them (the one folder reader).
    static func rawNames(_ fd: Int32) -> [[UInt8]] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// The names in the folder at `path` (a path the user gave), without `.` and `..`, in the
    /// order the system lists them; nil when it cannot be opened as a folder.
    public static func names(inFolder path: String) -> [String]? {
        let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let folder = Folder(fd)
        return rawNames(folder.fd).map { String(decoding: $0, as: UTF8.self) }
    }
}
