import HostSystem

/// Where the installed widgethost was built from: the repository and the commit that
/// `Scripts/package` records in `share/widgethost/source` (two lines) when it packages a
/// checkout of a remote repository, unchanged. `init` writes them into the project's CI
/// workflow, so the workflow builds the same widgethost with nothing to fill in.
struct SourceRecord: Sendable, Equatable {
    /// The repository's URL, as `git fetch` takes it.
    var repository: String
    /// The commit, 40 hexadecimal digits.
    var commit: String

    /// The record parsed from the file's text; nil unless it is a URL line and a commit line,
    /// each safe to write inside a double-quoted YAML string.
    static func parse(_ text: String) -> SourceRecord? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3, lines[2].isEmpty else { return nil }
        let repository = String(lines[0]), commit = String(lines[1])
        let remote = ["https://", "ssh://", "git://", "git@"].contains { repository.hasPrefix($0) }
        let plain = repository.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
        let hex = commit.count == 40 && commit.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
        guard remote, plain, hex else { return nil }
        return SourceRecord(repository: repository, commit: commit)
    }

    /// The record beside the running widgethost (`../share/widgethost/source` from its folder),
    /// or nil when there is none or it does not parse.
    static func installed() -> SourceRecord? {
        guard let folder = SiblingPrograms.executableFolder() else { return nil }
        let location = FileSystem.Location(base: folder + "/..", folders: [Array("share".utf8), Array("widgethost".utf8)],
                                           name: Array("source".utf8), display: folder + "/../share/widgethost/source")
        guard let bytes = try? FileSystem.read(location, limit: 4096) else { return nil }
        return parse(String(decoding: bytes, as: UTF8.self))
    }
}
