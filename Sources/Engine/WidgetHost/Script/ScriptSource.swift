import ErrorKinds
import HostSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A script's text and the name its errors and stack frames use.
public struct ScriptSource: Sendable, Hashable {
    /// The script's JavaScript text (a byte-order mark already dropped when it was loaded).
    public var text: String
    /// The file's name as errors and stack frames show it (`name:line:column`): a loaded file's
    /// path as the user gave it, escaped (``SystemPath/escape(_:)``), so a name holding a line
    /// break or bytes that are not UTF-8 is one line and never splits a stack frame.
    public var name: String

    /// A script given as text; `name` is what its errors and stack frames call the file.
    public init(text: String, name: String) {
        self.text = text
        self.name = name
    }

    /// Reads a script file and checks that it is UTF-8 (S1).
    public static func load(path: String) throws(ScriptLoadError) -> ScriptSource {
        try load(path: SystemPath(path))
    }

    /// Reads the script file at `path`, named by its bytes, and checks that it is UTF-8 (S1).
    public static func load(path: SystemPath) throws(ScriptLoadError) -> ScriptSource {
        try decode(try FileBytes.read(path: path), path: path)
    }

    /// The script in `bytes`, read from `path`, checked to be UTF-8 (S1); its name is the path shown escaped.
    public static func decode(_ bytes: [UInt8], path: SystemPath) throws(ScriptLoadError) -> ScriptSource {
        switch UTF8Check.validate(bytes) {
        case .valid(let text):
            return ScriptSource(text: text, name: path.shown)
        case .invalid(let offset, let line, let column, let byte):
            throw ScriptLoadError(
                kind: .notUTF8, path: path.shown,
                message: "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset)); save it as UTF-8",
                line: line, column: column)
        }
    }
}

/// Why a script file could not be loaded.
public struct ScriptLoadError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// A file that is not UTF-8 is malformed input (65); the others are missing input (66).
    public var errorKind: ErrorKind { kind == .notUTF8 ? .input(.malformed) : .input(.missing) }
    /// What kept the file from loading: a file that is not UTF-8 is bad data, the others are a file
    /// that cannot be read (the tool's exit codes tell them apart, X2).
    public enum Kind: Sendable, Hashable {
        /// The path could not be looked up: no file there, a component that is not a folder, or a
        /// folder on the way that cannot be searched.
        case missing
        /// The path names a folder.
        case isDirectory
        /// The file could not be opened or read, or is larger than ``FileBytes/maximumSize``.
        case unreadable
        /// The file is not UTF-8 (S1); ``line`` and ``column`` say where the first bad byte is.
        case notUTF8
    }

    /// What kept the file from loading.
    public var kind: Kind
    /// The path as given, shown escaped (``SystemPath/escape(_:)``).
    public var path: String
    /// The reason, written after the path and a colon: `no such file`, `is a folder, not a file; …`.
    public var message: String
    /// 1-based line of the first byte that is not UTF-8; nil for the other kinds.
    public var line: Int?
    /// 1-based column of that byte on ``line``, in UTF-16 code units as the engine counts.
    public var column: Int?

    public var description: String {
        let location = [line, column].compactMap { $0.map(String.init) }.joined(separator: ":")
        return location.isEmpty ? "\(path): \(message)" : "\(path):\(location): \(message)"
    }
}

/// Whole-file reads with the standard C library (no Foundation).
public enum FileBytes {
    /// Largest file read as a script or data file.
    public static let maximumSize = 64 << 20

    /// The whole content of the file at `path`.
    ///
    /// - Throws: ``ScriptLoadError`` of kind `missing`, `isDirectory` or `unreadable` (the file
    ///   cannot be opened or read, is not a regular file, or is larger than ``maximumSize``).
    ///   Only a regular file is read: a named pipe, a device or a socket is refused without
    ///   waiting for it.
    public static func read(path: String) throws(ScriptLoadError) -> [UInt8] {
        try read(path: SystemPath(path))
    }

    /// The whole content of the file at `path`, named by its bytes; errors show it escaped.
    public static func read(path file: SystemPath) throws(ScriptLoadError) -> [UInt8] {
        let path = file.shown
        var info = stat()
        guard file.withCString({ stat($0, &info) }) == 0 else {
            let reason = errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno))
            throw ScriptLoadError(kind: .missing, path: path, message: reason)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw ScriptLoadError(kind: .isDirectory, path: path, message: "is a folder, not a file; name a .js file in it")
        }
        guard info.st_size <= maximumSize else {
            throw ScriptLoadError(kind: .unreadable, path: path, message: "is larger than \(maximumSize >> 20) MiB")
        }
        // Without waiting: a named pipe (or a device) named in place of a file is refused, not
        // read, and so is one put there after the look above.
        let fd = file.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else {
            throw ScriptLoadError(kind: .unreadable, path: path, message: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else {
            throw ScriptLoadError(kind: .unreadable, path: path, message: String(cString: strerror(errno)))
        }
        if let kind = notRegular(info.st_mode) {
            throw ScriptLoadError(kind: .unreadable, path: path, message: "is not a regular file (\(kind)); name a file")
        }
        guard info.st_size <= maximumSize else {
            throw ScriptLoadError(kind: .unreadable, path: path, message: "is larger than \(maximumSize >> 20) MiB")
        }
        // Room for the size the file had, and one byte more to see that it ends there; a file
        // that grew meanwhile gets more room as it is read.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes += repeatElement(0, count: max(bytes.count, 65536)) }
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ScriptLoadError(kind: .unreadable, path: path, message: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
            if filled > maximumSize {
                throw ScriptLoadError(kind: .unreadable, path: path, message: "is larger than \(maximumSize >> 20) MiB")
            }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// What a file of `mode` is when it is not a regular file (`a named pipe`, …); nil for a regular file.
    static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a file"
        }
    }
}

/// UTF-8 validation that says where the first bad byte is.
enum UTF8Check {
    enum Result { case valid(String), invalid(offset: Int, line: Int, column: Int, byte: UInt8) }

    static func validate(_ bytes: [UInt8]) -> Result {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }  // a BOM is allowed and dropped
        if let text = String(validating: body, as: UTF8.self) { return .valid(text) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = body.makeIterator()
        var offset = body.startIndex
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                offset += encoded.count
                if scalar == "\n" { line += 1; column = 1 } else { column += scalar.utf16.count }
            case .error:
                return .invalid(offset: offset, line: line, column: column, byte: bytes[offset])
            case .emptyInput:
                return .invalid(offset: offset, line: line, column: column, byte: 0)
            }
        }
    }
}
