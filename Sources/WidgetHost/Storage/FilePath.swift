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
/// A path must start with one of the four prefixes and the widget's own id, and
/// may not leave that folder: no `..` or `.` segments, no empty segments (`//`),
/// no backslashes and no NUL characters. Absolute paths and paths without a
/// prefix are refused. Nothing outside the state folder is ever reached.
struct FilePath: Hashable {
    let area: FileArea
    let widget: String
    /// The part after `<prefix>:<id>/`, e.g. `cache/avatar.png`; empty for the folder itself.
    let relative: String

    static let maximumLength = 1024

    struct Refusal: Error {
        let message: String
    }

    /// Checks `path`; when `widget` is given, the path must be in that widget's folders.
    static func parse(_ path: String, widget: String?) -> Result<FilePath, Refusal> {
        func refuse(_ why: String) -> Result<FilePath, Refusal> { .failure(Refusal(message: why)) }
        if path.unicodeScalars.contains("\0") { return refuse("it contains a NUL character") }
        if path.utf8.count > maximumLength { return refuse("it is longer than \(maximumLength) bytes") }
        if path.hasPrefix("/") || path.hasPrefix("~") {
            return refuse("it is an absolute path; build paths from fm.documents() or fm.library(), e.g. fm.documents() + \"data.json\"")
        }
        guard path.count > 3, let colon = path.firstIndex(of: ":"),
            let area = FileArea(rawValue: String(path[..<colon]))
        else {
            return refuse("it does not start with LD:, LL:, ID: or IL:; build paths from fm.documents() or fm.library(), e.g. fm.documents() + \"data.json\"")
        }
        let rest = path[path.index(after: colon)...]
        if rest.contains("\\") { return refuse("it contains a backslash") }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard let owner = segments.first, !owner.isEmpty else {
            return refuse("the widget id is missing after \(area.rawValue):")
        }
        if owner == ".." || owner == "." { return refuse("it contains a '\(owner)' segment, which would leave the widget's folder") }
        if let widget, owner != widget {
            return refuse("it names the folder of another widget ('\(owner)'); this widget's folder is \(area.rawValue):\(widget)/")
        }
        var body = Array(segments.dropFirst())
        if body.last == "" { body.removeLast() }  // a trailing slash names the folder
        for segment in body {
            if segment.isEmpty { return refuse("it contains an empty segment ('//')") }
            if segment == ".." { return refuse("it contains a '..' segment, which would leave the widget's folder") }
            if segment == "." { return refuse("it contains a '.' segment") }
        }
        return .success(FilePath(area: area, widget: String(owner), relative: body.joined(separator: "/")))
    }
}
