import ErrorKinds
import HostSystem
import JSONKit
import Layout
import WidgetHost

/// The `layout:` key and `expect.layout` (A10): a layout — a text layout with one field per
/// line, or a JSON component tree, as `widgethost preview --layout FILE` reads a file — is
/// rendered and checked against the outputs the fixture's run published, with the `Layout`
/// module's ``LayoutDocument/render(outputs:options:)`` and ``LayoutCheck``.
///
/// ```yaml
/// layout: |
///   ${user.name}
///   ${count}
///   Hi {user.name}, ${titel}
/// expect:
///   layout:
///     rendered: [Ann, 42, "Hi Ann, "]
///     findings: [layout-legacy, { code: layout-missing, location: 3, suggestion: title }]
/// ```
///
/// | `expect.layout` key | check |
/// | --- | --- |
/// | `rendered` | a text layout: the rendered fields in order, exactly, each with its JSON type; a tree: a subset of the rendered tree |
/// | `findings` | each item must appear: a code, or an object matched as a subset (`message` as a substring) |
/// | `findingsExact` | exactly these codes, in order (`[]` for none) |
/// | `entries` | every placeholder rendering, exact count, each a subset of the report's entry |
///
/// Findings and entries are the objects of ``LayoutReport/json`` with one more member,
/// `location`: a text layout's line number (counted in the layout) or a tree's JSON Pointer.
///
/// A one-line `layout:` value without a placeholder names a layout file beside the fixture
/// (`layout: departures.layout.json`, or in a folder below it), read as `preview --layout` reads
/// it; a name that leads to no file is refused, never checked as a layout of one literal line.
struct LayoutFixtureCheck {
    /// Keys `expect.layout` may have.
    static let expectKeys: Set<String> = ["rendered", "findings", "findingsExact", "entries"]

    let document: LayoutDocument
    let expected: JSONObject

    /// Reads a fixture's `layout:` and `expect.layout`: `nil` when it has neither. A malformed
    /// one — a layout that is not a string or does not load, an `expect.layout` without a
    /// layout or with an unknown key — is a ``FixtureError`` naming the file and line.
    static func load(_ fixture: Fixture) throws(FixtureError) -> LayoutFixtureCheck? {
        let layout = fixture.settings["layout"], want = fixture.expect["layout"]
        if layout == nil && want == nil { return nil }
        let text = fixture.source.text
        let keyLine = Self.topLevelLine("layout", in: text, from: fixture.frontMatterLine)
        let expectLine = Self.expectLayoutLine(in: text, from: fixture.frontMatterLine)
        func bad(_ line: Int?, _ message: String) -> FixtureError {
            FixtureError(path: fixture.path, line: line, message: message)
        }
        guard let layout else {
            throw bad(expectLine, "'expect.layout' needs a 'layout:' to check (layout: | then one field per line, or a JSON component tree)")
        }
        guard case .string = layout else {
            throw bad(keyLine, "'layout' is a block string (layout: |) holding one field per line, or a JSON component tree")
        }
        guard let (source, file) = try Self.text(of: fixture) else {
            throw bad(keyLine, "'layout' is a block string (layout: |) holding one field per line, or a JSON component tree")
        }
        guard let want else {
            throw bad(keyLine, "'layout' needs 'expect.layout' — say what it must render or find")
        }
        guard case .object(let expected) = want else {
            throw bad(expectLine, "'expect.layout' is a map such as { rendered: [Ann, 42], findings: [layout-missing] }")
        }
        for key in expected.keys where !expectKeys.contains(key) {
            throw bad(Fixture.lineOf(key, in: text, from: expectLine ?? fixture.frontMatterLine),
                      "unknown expect.layout key '\(key)'; the keys are \(expectKeys.sorted().joined(separator: ", "))")
        }
        func line(of key: String) -> Int? { Fixture.lineOf(key, in: text, from: expectLine ?? fixture.frontMatterLine) }
        for key in ["findings", "findingsExact", "entries"] where expected[key] != nil && expected[key]!.arrayValue == nil {
            throw bad(line(of: key), "expect.layout.\(key) is a list")
        }
        if let codes = expected["findingsExact"]?.arrayValue, codes.contains(where: { $0.stringValue == nil }) {
            throw bad(line(of: "findingsExact"), "expect.layout.findingsExact is a list of finding codes such as [layout-missing] ([] for none)")
        }
        let known = Set(LayoutFinding.Code.allCases.map(\.rawValue))
        for key in ["findings", "findingsExact"] {
            for item in expected[key]?.arrayValue ?? [] {
                guard let code = item.stringValue ?? item["code"]?.stringValue else {
                    if case .object = item { continue }
                    throw bad(line(of: key), "expect.layout.\(key): \(item.serialized()) is neither a finding code nor an object such as { code: layout-missing, location: 2 }")
                }
                if !known.contains(code) {
                    throw bad(line(of: key), "expect.layout.\(key): unknown finding code '\(code)'; the codes are \(known.sorted().joined(separator: ", "))")
                }
            }
        }
        let document: LayoutDocument
        do {
            document = try LayoutDocument.parse(text: source)
        } catch {
            if let file { throw bad(keyLine, "layout: \(file): \(error.description)") }
            // A block string's layout line L is file line keyLine + L.
            let isBlock = keyLine.map { Self.isBlockHeader(text, line: $0) } ?? false
            throw bad(isBlock ? keyLine.map { $0 + error.line } : keyLine, "layout: \(error.description)")
        }
        if document.format == .text, let rendered = expected["rendered"], rendered.arrayValue == nil {
            throw bad(line(of: "rendered"), "expect.layout.rendered is, for a text layout, the list of rendered fields in order")
        }
        return LayoutFixtureCheck(document: document, expected: expected)
    }

    /// The layout a fixture's `layout:` gives, and the file it was read from: the text of a block
    /// string or of a one-line value with a placeholder, or else the file the one-line value
    /// names beside the fixture. nil when `layout:` is missing or not a string; a file that
    /// cannot be read is a ``FixtureError`` saying how to name one or write the layout inline.
    static func text(of fixture: Fixture) throws(FixtureError) -> (text: String, file: String?)? {
        guard let value = fixture.settings["layout"]?.stringValue else { return nil }
        let keyLine = topLevelLine("layout", in: fixture.source.text, from: fixture.frontMatterLine)
        let isBlock = keyLine.map { isBlockHeader(fixture.source.text, line: $0) } ?? false
        let oneLine = !value.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
        if isBlock || !oneLine || value.contains("{") { return (value, nil) }
        let inline = "write the layout inline instead: layout: | then one field per line, or a JSON component tree"
        func refuse(_ message: String, _ kind: ErrorKind = .input(.missing)) -> FixtureError {
            FixtureError(path: fixture.path, line: keyLine, message: message, errorKind: kind)
        }
        let components = Array(value.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Array.init)
        let bad = components.contains { $0.isEmpty || $0 == Array(".".utf8) || $0 == Array("..".utf8) }
        guard !bad, let name = components.last else {
            throw refuse("'layout: \(value)' is not a file beside the fixture (a name, or a path below its folder without '.', '..' or '//'); name one, or \(inline)", .input(.malformed))
        }
        let folder = fixture.path.lastIndex(of: "/").map { String(fixture.path[..<$0]) } ?? "."
        let display = (folder == "." && !fixture.path.hasPrefix("./") ? "" : folder + "/") + value
        let location = FileSystem.Location(base: folder.isEmpty ? "/" : folder, folders: Array(components.dropLast()), name: name, display: display)
        let read: [UInt8]?
        do { read = try FileSystem.read(location, limit: FileBytes.maximumSize) } catch {
            throw refuse("layout: \(error.description)")
        }
        guard let bytes = read else {
            throw refuse("'layout: \(value)' names no file beside the fixture (\(display): no such file); put the layout file there, or \(inline)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw refuse("layout: \(display) is not valid UTF-8; save it as UTF-8", .input(.malformed))
        }
        return (text, display)
    }

    /// Differences between `expect.layout` and what the layout gives for `outputs`.
    func check(outputs: JSONObject) -> [String] {
        let report = LayoutCheck.run(document, outputs: outputs)
        let json = report.json
        let findings = (json["findings"]?.arrayValue ?? []).map(Self.located)
        let codes = findings.compactMap { $0["code"]?.stringValue }
        var failures: [String] = []
        for key in expected.keys {
            let want = expected[key]!
            switch key {
            case "rendered":
                failures += renderedDifferences(want, document.render(outputs: outputs))
            case "findings":
                for item in want.arrayValue ?? [] {
                    if let code = item.stringValue {
                        if !codes.contains(code) {
                            failures.append("layout.findings: expected a '\(code)' finding, got \(codes.isEmpty ? "none" : codes.joined(separator: ", "))")
                        }
                    } else if !findings.contains(where: { Expectation.subsetDifferences(item, $0, at: "", substringKeys: ["message"]).isEmpty }) {
                        // Show the findings with the expected code, when it names one that occurs.
                        let code = item["code"]?.stringValue
                        let sameCode = findings.filter { $0["code"]?.stringValue == code }
                        let got = sameCode.isEmpty ? (codes.isEmpty ? "none" : codes.joined(separator: ", ")) : JSONValue.array(sameCode).serialized()
                        failures.append("layout.findings: expected one matching \(item.serialized()), got \(got)")
                    }
                }
            case "findingsExact":
                let expected = want.arrayValue?.compactMap(\.stringValue) ?? []
                if codes != expected { failures.append("layout.findings: expected exactly \(expected), got \(codes)") }
            case "entries":
                let entries = (json["entries"]?.arrayValue ?? []).map(Self.located)
                failures += Expectation.subsetDifferences(want, .array(entries), at: "layout.entries")
            default:
                break
            }
        }
        return failures
    }

    /// A text layout's fields must be exactly these values, each with its JSON type (a number
    /// is not the string holding it); a tree must contain the expected tree as a subset.
    func renderedDifferences(_ want: JSONValue, _ rendered: JSONValue) -> [String] {
        guard document.format == .text else {
            return Expectation.subsetDifferences(want, rendered, at: "layout.rendered")
        }
        let expected = want.arrayValue ?? [], actual = rendered.arrayValue ?? []
        guard expected.count == actual.count else {
            return ["layout.rendered: expected \(expected.count) field\(expected.count == 1 ? "" : "s"), got \(actual.count): \(rendered.serialized())"]
        }
        return zip(expected, actual).enumerated().flatMap { index, pair in
            Expectation.exactDifferences(pair.0, pair.1, at: "layout.rendered[\(index)]")
        }
    }

    /// A finding or entry of ``LayoutReport/json`` with `location`: its `line` or `pointer`.
    static func located(_ item: JSONValue) -> JSONValue {
        guard case .object(var members) = item else { return item }
        if let location = members["line"] ?? members["pointer"] { members["location"] = location }
        return .object(members)
    }

    // MARK: Lines in the fixture file

    /// The file line of a top-level `key:` (not indented) at or after `from`.
    static func topLevelLine(_ key: String, in text: String, from: Int) -> Int? {
        var number = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if number >= from, line.hasPrefix(key + ":") { return number }
            number += 1
        }
        return Fixture.lineOf(key, in: text, from: from)
    }

    /// The file line of `layout:` inside the top-level `expect:` map.
    static func expectLayoutLine(in text: String, from: Int) -> Int? {
        guard let expect = topLevelLine("expect", in: text, from: from) else { return nil }
        return Fixture.lineOf("layout", in: text, from: expect + 1)
    }

    /// Whether the value on file line `line` (a `key:` line) opens a literal block string, so
    /// that the block's lines follow it one to one.
    static func isBlockHeader(_ text: String, line: Int) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count, let colon = lines[line - 1].firstIndex(of: ":") else { return false }
        return lines[line - 1][colon...].dropFirst().drop { $0 == " " }.hasPrefix("|")
    }
}
