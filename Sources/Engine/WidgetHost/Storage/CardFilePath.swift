/// A path of the HarmonyOS edition's `FileManager` (H11), checked and split: relative to the
/// card's folder, `files/` and no prefix naming the same file (`files/a.png` is `a.png`).
///
/// Read as the kernel reads it, as UTF-8 bytes split at every `/`. Refused, as the docs refuse
/// them: an absolute path (`/…`), a home path (`~…`), a `..` segment, an empty segment (`a//b`)
/// and a backslash; and, as every path of the host: a `.` segment, a NUL byte, a segment longer
/// than 255 bytes and a path longer than 1024 bytes. Nothing outside the card's folder is reached.
enum CardFilePath {
    /// The canonical form's prefix, what `FileManager.root()` gives and `write` resolves to.
    static let root = "files/"

    /// The segments of `path` below the card's folder (none for the folder itself), or why it is refused.
    static func parse(_ path: String) -> Result<[[UInt8]], FilePath.Refusal> {
        func refuse(_ why: String) -> Result<[[UInt8]], FilePath.Refusal> { .failure(FilePath.Refusal(message: why)) }
        var bytes = Array(path.utf8)
        if bytes.contains(0) { return refuse("it contains a NUL character") }
        if bytes.count > FilePath.maximumLength { return refuse("it is longer than \(FilePath.maximumLength) bytes") }
        if bytes.first == FilePath.slash { return refuse("it is an absolute path; paths are relative to the card's folder, e.g. \"data.json\" or \"files/data.json\"") }
        if bytes.first == 0x7E { return refuse("it starts with '~'; paths are relative to the card's folder") }
        if bytes.contains(0x5C) { return refuse("it contains a backslash") }
        let prefix = Array(root.utf8)
        if bytes.starts(with: prefix) {
            bytes.removeFirst(prefix.count)
        } else if bytes == Array("files".utf8) {
            bytes = []
        }
        if bytes.isEmpty { return .success([]) }
        var parts = bytes.split(separator: FilePath.slash, omittingEmptySubsequences: false).map(Array.init)
        // A folder may be written with a final `/` (`images/`).
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        for segment in parts {
            if segment.isEmpty { return refuse("it contains an empty segment ('//')") }
            if segment == [0x2E, 0x2E] { return refuse("it contains a '..' segment, which would leave the card's folder") }
            if segment == [0x2E] { return refuse("it contains a '.' segment") }
            if segment.count > FilePath.maximumSegmentLength { return refuse("a segment is longer than \(FilePath.maximumSegmentLength) bytes") }
        }
        return .success(parts)
    }

    /// `files/<segments>`, the canonical path of a file.
    static func canonical(_ segments: [[UInt8]]) -> String {
        root + String(decoding: Array(segments.joined(separator: [FilePath.slash])), as: UTF8.self)
    }
}
