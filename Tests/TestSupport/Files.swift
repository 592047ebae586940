import HostSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The package's folder, the checkout the tests were built from, found from this file's path.
public let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// A fresh folder in the temporary folder, removed with what is in it when the value goes.
public final class TemporaryFolder {
    public let path: String

    /// Makes `$TMPDIR/widgethost-PREFIX-XXXXXX`; a folder that cannot be made is a harness failure.
    public init(_ prefix: String = "test") throws {
        path = try Files.makeTemporaryFolder("widgethost-" + prefix)
    }

    deinit { Files.removeTree(path) }

    /// `path/relative`.
    public func file(_ relative: String) -> String { path + "/" + relative }
}

/// Files for tests, as bytes.
public enum Files {
    /// The folder tests make their temporary folders and files in: `$TMPDIR` when it is an
    /// absolute path, else `/tmp`. Scripts/test runs the suite with a fresh one and fails when
    /// anything is left in it.
    public static let temporaryRoot: String = {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), value.hasPrefix("/") else { return "/tmp" }
        return value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value
    }()

    /// Makes `temporaryRoot/NAME-XXXXXX`, empty and private, and returns its path; a folder that
    /// cannot be made is a harness failure. The caller removes it (``removeTree(_:)``), also when
    /// the test fails: in `tearDown`, a `defer`, or a ``TemporaryFolder``.
    public static func makeTemporaryFolder(_ name: String) throws -> String {
        var template = Array("\(temporaryRoot)/\(name)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HarnessError("cannot make a temporary folder in \(temporaryRoot): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Writes `bytes` to `path` (atomically); a failure is a harness failure.
    public static func write(_ path: String, _ bytes: [UInt8]) throws {
        do { try AtomicFile.write(bytes, toPath: path) } catch { throw HarnessError("cannot write \(error)") }
    }

    /// Writes `text` to `path` as UTF-8.
    public static func write(_ path: String, _ text: String) throws { try write(path, Array(text.utf8)) }

    /// Writes `text` to the file `name` in `folders` (made as needed) below `base`, names of any
    /// bytes (ones that are not UTF-8, which a `String` path cannot name); a failure is a
    /// harness failure.
    public static func write(_ base: String, folders: [[UInt8]] = [], name: [UInt8], _ text: String) throws {
        let display = ([base] + (folders + [name]).map(SystemPath.escape)).joined(separator: "/")
        do {
            try FileSystem.writeAtomically(FileSystem.Location(base: base, folders: folders, name: name, display: display), Array(text.utf8))
        } catch { throw HarnessError("cannot write \(error)") }
    }

    /// The whole file, or nil when it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// The whole file, or no bytes when it cannot be read.
    public static func bytes(_ path: String) -> [UInt8] { read(path) ?? [] }

    /// The whole file decoded as UTF-8, or nil when it cannot be read.
    public static func text(_ path: String) -> String? {
        read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in `folder` (not `.` and `..`), sorted by their bytes.
    public static func list(_ folder: String) -> [String] {
        var names: [String] = []
        guard let directory = opendir(folder) else { return [] }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Whether anything (a file, a folder, a link) is at `path`; links are not followed.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Every path below `root`, relative to it and sorted: folders and what is in them.
    public static func listing(_ root: String) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) {
            let folder = relative.isEmpty ? root : root + "/" + relative
            for name in list(folder) {
                let child = relative.isEmpty ? name : relative + "/" + name
                found.append(child)
                var info = stat()
                if lstat(root + "/" + child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { walk(child) }
            }
        }
        walk("")
        return found.sorted()
    }

    /// Removes `path` and, when it is a folder, what is in it, whatever the bytes of their
    /// names; links are removed, not followed.
    public static func removeTree(_ path: String) { removeTree(SystemPath(path)) }

    private static func removeTree(_ path: SystemPath) {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            if let directory = path.withCString({ opendir($0) }) {
                var names: [[UInt8]] = []
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                    if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
                }
                closedir(directory)
                for name in names { removeTree(path.appending(name)) }
            }
            _ = path.withCString { rmdir($0) }
        } else {
            _ = path.withCString { unlink($0) }
        }
    }
}
