/// A path as the kernel takes it: bytes, components separated by `/` (0x2F), in no particular
/// encoding. A file's name need not be UTF-8 (`caf\xe9.js`, saved by a Latin-1 system), so a
/// path read from a folder or from the command line is kept as its bytes and opened by them,
/// never through a Swift `String`, which would replace such bytes and name another file.
///
/// ``shown`` is how the tool prints it (``escape(_:)``): one line, the same every time, and
/// different for different paths.
public struct SystemPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    /// The path of these bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }
    /// The path of `text`'s UTF-8 bytes.
    public init(_ text: String) { bytes = Array(text.utf8) }
    public init(stringLiteral text: String) { self.init(text) }

    /// The path as the tool prints it, escaped (``escape(_:)``).
    public var shown: String { Self.escape(bytes) }
    public var description: String { shown }
    /// The path as text, when its bytes are UTF-8; nil otherwise.
    public var text: String? { String(validating: bytes, as: UTF8.self) }

    /// The last component: the bytes after the last `/` (the whole path when it has none).
    public var name: [UInt8] { Array(bytes[(bytes.lastIndex(of: Self.slash).map { $0 + 1 } ?? 0)...]) }
    /// The folder the last component is in: the bytes before the last `/`, `/` for a path
    /// directly under the root, `.` for a path without a `/`.
    public var folder: SystemPath {
        guard let slash = bytes.lastIndex(of: Self.slash) else { return "." }
        return slash == 0 ? "/" : SystemPath(bytes: Array(bytes[..<slash]))
    }
    /// The path of `name` in this folder.
    public func appending(_ name: [UInt8]) -> SystemPath {
        SystemPath(bytes: bytes.last == Self.slash ? bytes + name : bytes + [Self.slash] + name)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// Paths sort by their bytes, as `ls` sorts them in the C locale.
    public static func < (left: SystemPath, right: SystemPath) -> Bool { left.bytes.lexicographicallyPrecedes(right.bytes) }

    static let slash: UInt8 = 0x2F

    // MARK: Showing a name

    /// `bytes` as one line of text, escaped so that no name can split a line or pass for
    /// another: each byte that is not part of UTF-8 text is `\xHH` (`caf\xe9.js`); a line
    /// feed, carriage return and tab are `\n`, `\r` and `\t`; the other control characters
    /// (U+0000–U+001F, U+007F–U+009F) and the line and paragraph separators (U+2028, U+2029) are
    /// their UTF-8 bytes as `\xHH`; and a backslash is `\\`. Anything else is itself, so a plain
    /// name is shown as it is.
    public static func escape(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var shown = ""
        func hex(_ byte: UInt8) {
            shown += "\\x"
            shown.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
            shown.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0xF)]))
        }
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                let character = String(validating: bytes[index..<(index + length)], as: UTF8.self),
                let scalar = character.unicodeScalars.first
            else {
                // Not UTF-8 here: this byte alone, and the next one is looked at afresh.
                hex(lead)
                index += 1
                continue
            }
            switch scalar.value {
            case 0x5C: shown += "\\\\"
            case 0x0A: shown += "\\n"
            case 0x0D: shown += "\\r"
            case 0x09: shown += "\\t"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: bytes[index..<(index + length)].forEach(hex)
            default: shown.unicodeScalars.append(scalar)
            }
            index += length
        }
        return shown
    }

    /// `text` escaped as ``escape(_:)`` escapes its UTF-8 bytes (a name that is already a
    /// `String`, such as a script's name given to the library).
    public static func escape(_ text: String) -> String { escape(Array(text.utf8)) }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
