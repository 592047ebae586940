import ErrorKinds

/// The four file areas of the `FileManager` API and their path prefixes (A5).
public enum FileArea: String, Sendable, CaseIterable {
    /// `FileManager.local().documents()`: visible in the Files app.
    case localDocuments = "LD"
    /// `FileManager.local().library()`: private.
    case localLibrary = "LL"
    /// `FileManager.iCloud().documents()`.
    case iCloudDocuments = "ID"
    /// `FileManager.iCloud().library()`.
    case iCloudLibrary = "IL"
}

/// A script's file path (`LD:<widget id>/cache/avatar.png`) checked and split.
///
/// The path is read as the kernel reads it: UTF-8 bytes, split at every `/` byte (0x2F),
/// whatever follows it (a combining mark after `/` does not hide the separator). It must
/// start with one of the four prefixes and the widget's own id, byte for byte, and may not
/// leave that folder: no `..` or `.` segments, no empty segments (`//`), no segment longer
/// than 255 bytes, no backslashes and no NUL bytes. Absolute paths and paths without a
/// prefix are refused. Nothing outside the state folder is ever reached.
struct FilePath: Hashable {
    let area: FileArea
    let widget: String
    /// The segments after `<prefix>:<id>/`, as bytes; empty for the folder itself.
    let segments: [[UInt8]]

    /// The segments joined by `/`, e.g. `cache/avatar.png`.
    var relative: [UInt8] { Array(segments.joined(separator: [Self.slash])) }

    static let maximumLength = 1024
    /// The longest name a Linux file system takes (NAME_MAX).
    static let maximumSegmentLength = 255
    static let slash: UInt8 = 0x2F

    struct Refusal: KindedError {
        /// A path the script built that is refused: the script's error.
        var errorKind: ErrorKind { .script }
        let message: String
    }

    /// Checks `path`; when `widget` is given, the path must be in that widget's folders.
    static func parse(_ path: String, widget: String?) -> Result<FilePath, Refusal> {
        func refuse(_ why: String) -> Result<FilePath, Refusal> { .failure(Refusal(message: why)) }
        let bytes = Array(path.utf8)
        if bytes.contains(0) { return refuse("it contains a NUL character") }
        if bytes.count > maximumLength { return refuse("it is longer than \(maximumLength) bytes") }
        if bytes.first == slash || bytes.first == 0x7E {
            return refuse("it is an absolute path; build paths from fm.documents() or fm.library(), e.g. fm.documents() + \"data.json\"")
        }
        guard bytes.count > 3, let colon = bytes.firstIndex(of: 0x3A),
            let area = FileArea(rawValue: String(decoding: bytes[..<colon], as: UTF8.self))
        else {
            return refuse("it does not start with LD:, LL:, ID: or IL:; build paths from fm.documents() or fm.library(), e.g. fm.documents() + \"data.json\"")
        }
        let rest = bytes[(colon + 1)...]
        if rest.contains(0x5C) { return refuse("it contains a backslash") }
        let parts = rest.split(separator: slash, omittingEmptySubsequences: false).map(Array.init)
        guard let owner = parts.first, !owner.isEmpty else {
            return refuse("the widget id is missing after \(area.rawValue):")
        }
        if let dots = dotSegment(owner) { return refuse("it contains a '\(dots)' segment, which would leave the widget's folder") }
        let ownerText = String(decoding: owner, as: UTF8.self)
        if let widget {
            if owner != Array(widget.utf8) {
                return refuse("it names the folder of another widget ('\(ownerText)'); this widget's folder is \(area.rawValue):\(widget)/")
            }
        } else if let problem = WidgetIdentity.problem(withID: ownerText) {
            return refuse("its widget id \(problem)")
        }
        var body = Array(parts.dropFirst())
        // `LD:<id>/` names the widget's folder; any other path that ends in `/` has an empty
        // last segment, refused as every empty segment is (`x/` is not the file `x`).
        if body == [[]] { body = [] }
        if body.count > 1, body.last?.isEmpty == true { return refuse("it ends with '/' (an empty last segment); name a file, without the '/'") }
        for segment in body {
            if segment.isEmpty { return refuse("it contains an empty segment ('//')") }
            if let dots = dotSegment(segment) {
                return refuse(dots == ".." ? "it contains a '..' segment, which would leave the widget's folder" : "it contains a '.' segment")
            }
            if segment.count > maximumSegmentLength {
                return refuse("a segment is longer than \(maximumSegmentLength) bytes")
            }
        }
        return .success(FilePath(area: area, widget: ownerText, segments: body))
    }

    /// `"."` or `".."` when `segment` is exactly that.
    private static func dotSegment(_ segment: [UInt8]) -> String? {
        switch segment {
        case [0x2E]: return "."
        case [0x2E, 0x2E]: return ".."
        default: return nil
        }
    }
}
