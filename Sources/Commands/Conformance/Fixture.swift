import ErrorKinds
import HostSystem
import JSONKit
import WidgetHost

/// A problem with a fixture file itself (not with the script's behaviour).
public struct FixtureError: KindedError, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String
    /// A fixture that does not have the documented form is malformed (65); a path that names
    /// no file, or one that cannot be read, is missing (66).
    public var errorKind: ErrorKind = .input(.malformed)
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
}

/// A conformance fixture: a script with a test262-style front-matter block.
///
/// ```js
/// /*---
/// description: setUpdateFreq(30) asks for a refresh 30 minutes later
/// rules: [C1, R1]
/// now: 2026-11-29T08:00:00Z
/// expect:
///   status: ok
///   nextRefresh: { reason: frequency, requested: 2026-11-29T08:30:00.000+00:00 }
/// ---*/
/// setUpdateFreq(30)
/// ```
public struct Fixture: Sendable {
    /// The file's path, shown escaped (``SystemPath/escape(_:)``).
    public var path: String
    /// Where the file is: the suite's folder (or the folder of a file named alone) as the base,
    /// the folders below it and its name, as bytes. The files beside it (its goldens, a layout
    /// or fixtures file it names) are found from it, and what `--update` writes goes only there.
    public var file: FileSystem.Location
    public var source: ScriptSource
    public var description: String
    public var rules: [String]
    /// The front matter as parsed (for keys read by later stages).
    public var settings: JSONObject
    public var expect: JSONObject
    /// The file line of `/*---` (for messages).
    public var frontMatterLine: Int

    /// Keys a front-matter block may have.
    public static let keys: Set<String> = [
        "description", "rules", "kind", "now", "tz", "locale", "seed", "profile", "params", "fixtures", "context",
        "strict", "limits", "simulate", "expect", "skip", "inject", "pushes", "registry", "action", "layout",
        "render", "edition", "dimension",
    ]
    /// Keys `expect` may have.
    public static let expectKeys: Set<String> = [
        "status", "outputs", "outputsInclude", "absent", "events", "diagnostics", "diagnosticsExact", "console",
        "nextRefresh", "error", "timeline", "liveActivity", "pushes", "activities", "stored", "action", "report",
        "exitCode", "stderr", "layout", "canvas", "widget",
    ]

    /// Reads a fixture file; a malformed front matter is a ``FixtureError`` naming the file and line.
    public static func load(path: String) throws(FixtureError) -> Fixture {
        let file: FileSystem.Location
        do { file = try FileSystem.location(ofUserPath: path) } catch {
            throw FixtureError(path: path, line: nil, message: error.message, errorKind: .input(.missing))
        }
        return try load(file)
    }

    /// Reads the fixture file at `file` by the bytes of its path; only a regular file is read
    /// (a named pipe is refused, never waited for).
    public static func load(_ file: FileSystem.Location) throws(FixtureError) -> Fixture {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(userPath: file.path, limit: FileBytes.maximumSize) } catch {
            throw FixtureError(path: file.display, line: nil, message: error.message, errorKind: .input(.missing))
        }
        guard let bytes else { throw FixtureError(path: file.display, line: nil, message: "no such file", errorKind: .input(.missing)) }
        var source: ScriptSource
        do { source = try ScriptSource.decode(bytes, path: file.path) } catch {
            throw FixtureError(path: file.display, line: error.line, message: error.message)
        }
        source.name = file.display
        return try parse(source, file: file)
    }

    /// The fixture in `source`, whose name is its path; `file` says where it is when the name
    /// is not the path's text (a path shown escaped).
    public static func parse(_ source: ScriptSource, file: FileSystem.Location? = nil) throws(FixtureError) -> Fixture {
        let path = source.name
        let file = file ?? (try? FileSystem.location(ofUserPath: path)) ?? FileSystem.Location(base: ".", folders: [], name: Array(path.utf8), display: path)
        // The block's markers and lines are found in the text's UTF-8 bytes (lines end at `\n`).
        let bytes = Array(source.text.utf8)
        guard let open = bytes[...].firstRange(of: FrontMatterMarkers.open) else {
            throw FixtureError(path: path, line: 1, message: "no front-matter block: start the file with /*--- … ---*/")
        }
        let openLine = 1 + bytes[..<open.lowerBound].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        guard let close = bytes[open.upperBound...].firstRange(of: FrontMatterMarkers.close) else {
            throw FixtureError(path: path, line: openLine, message: "the front-matter block opened here is not closed with ---*/")
        }
        let value: JSONValue
        do {
            value = try YAMLSubset.parse(bytes[open.upperBound..<close.lowerBound], firstLine: openLine)
        } catch {
            throw FixtureError(path: path, line: error.line, message: error.message)
        }
        guard case .object(let settings) = value else {
            throw FixtureError(path: path, line: openLine, message: "the front matter must be a map of keys")
        }
        for key in settings.keys where !keys.contains(key) {
            let known = keys.sorted().joined(separator: ", ")
            throw FixtureError(path: path, line: lineOf(key, in: source.text, from: openLine), message: "unknown key '\(key)'; the keys are \(known)")
        }
        guard case .object(let expect)? = settings["expect"] else {
            throw FixtureError(path: path, line: openLine, message: "missing 'expect:' — say what the run must do")
        }
        for key in expect.keys where !expectKeys.contains(key) {
            let known = expectKeys.sorted().joined(separator: ", ")
            throw FixtureError(path: path, line: lineOf(key, in: source.text, from: openLine), message: "unknown expect key '\(key)'; the keys are \(known)")
        }
        let rules: [String]
        switch settings["rules"] {
        case .array(let items)?: rules = items.compactMap(\.stringValue)
        case .string(let one)?: rules = [one]
        case nil, .null?: rules = []
        default: throw FixtureError(path: path, line: lineOf("rules", in: source.text, from: openLine), message: "'rules' is a list of rule IDs such as [S1, O3]")
        }
        return Fixture(
            path: path, file: file, source: source, description: settings["description"]?.stringValue ?? "", rules: rules,
            settings: settings, expect: expect, frontMatterLine: openLine)
    }

    /// The file `name` (one name, no `/`) beside the fixture, in the same folder below the same
    /// base: where its goldens are read and written.
    public func sibling(_ name: [UInt8]) -> FileSystem.Location { file.sibling(name) }

    /// The path of `relative`, a file the front matter names (`fixtures: data.json`), from the
    /// fixture's folder, as bytes; for reading only.
    public func path(beside relative: String) -> SystemPath {
        var folder = file.base
        for name in file.folders { folder = folder.appending(name) }
        return folder == "." ? SystemPath(relative) : folder.appending(Array(relative.utf8))
    }

    /// The fixture's name without `.js`, as bytes: `NAME` of `NAME.js`, for the files named after it.
    public var stem: [UInt8] {
        file.name.count > 3 && file.name.suffix(3).elementsEqual(".js".utf8) ? Array(file.name.dropLast(3)) : file.name
    }

    /// The file line where `key:` first appears after `from`.
    static func lineOf(_ key: String, in text: String, from: Int) -> Int? {
        let prefix = Array((key + ":").utf8)
        var number = 1
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if number >= from, line.drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }).starts(with: prefix) { return number }
            number += 1
        }
        return nil
    }
}
