import WidgetHost

/// The flags of the wider script API (A1–A8): profile, network, state, context and
/// parameters. `run` takes them; any command that runs scripts can add `options`
/// and call `apply(_:to:)` after ``RunFlags/configuration(from:)``.
enum APIFlags {
    static let options: [OptionSpec] = [
        .value("profile", "file",
               "Device profile (JSON) laid over the built-in one: Device, Location, Weather, Health, calendar events, settings, $params, Widget.id and name, permissions. See docs/profile.md."),
        .value("network", "mode",
               "live (real HTTP), replay (answers only from --fixtures; nothing leaves the machine) or record (live, and every exchange is written to --fixtures). Default: live, or replay when --fixtures is given."),
        .value("fixtures", "file", "Fixture file: the answers replay uses, or where record writes. See docs/network.md."),
        .value("state", "dir",
               "State folder: Config, setConfig, setValue, Setting.set and FileManager files, kept per widget id. Default: .widgethost in the current folder."),
        .value("context", "context",
               "widget (a home-screen refresh) or app (the editor or a runjs URL: isDebug() is true; Widget.openUrl, Widget.reload and Setting.add take effect). Default: widget."),
        .repeated("param", "key=value", "An entry of $params, as from a runjs URL's query string; repeat for more."),
    ]

    /// `run --action FILE`.
    static let action = OptionSpec.value(
        "action", "file",
        "A button's action script: runs first in its own context with the same storage, then the widget refresh it triggers; both runs are reported.")

    /// Lays the API flags over `configuration`. Usage mistakes throw ``UsageError``; a
    /// profile or fixture file that is malformed throws ``CommandError`` with exit 65 (66 when unreadable).
    static func apply(_ arguments: ParsedArguments, to configuration: inout RunConfiguration) throws {
        if let path = arguments.value("profile") {
            configuration.profile = try load { () throws(DataFileError) in try DeviceProfile.load(path: path) }
        }
        if let context = arguments.value("context") {
            guard let parsed = RunContext(rawValue: context) else {
                throw UsageError("unknown context '\(context)'\(ParsedArguments.hint(context, among: ["app", "widget"])); use app or widget")
            }
            configuration.context = parsed
        }
        for entry in arguments.all("param") {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw UsageError("bad --param '\(entry)'; use key=value, e.g. --param city=Shanghai")
            }
            configuration.params[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        configuration.storage = StateStore(directory: arguments.value("state") ?? ".widgethost")

        let fixtures = arguments.value("fixtures")
        let mode: NetworkMode
        if let text = arguments.value("network") {
            guard let parsed = NetworkMode(rawValue: text) else {
                throw UsageError("unknown network mode '\(text)'\(ParsedArguments.hint(text, among: ["live", "replay", "record"])); use live, replay or record")
            }
            mode = parsed
        } else {
            mode = fixtures == nil ? .live : .replay
        }
        switch mode {
        case .live:
            if fixtures != nil {
                throw UsageError("--fixtures is for --network replay or record; drop it for live requests")
            }
            configuration.network = .live
        case .replay:
            guard let fixtures else { throw UsageError("--network replay needs --fixtures FILE, the answers to replay") }
            configuration.network = .replay(try load { () throws(DataFileError) in try NetworkFixtures.load(path: fixtures) })
        case .record:
            guard let fixtures else { throw UsageError("--network record needs --fixtures FILE, where to write what it sees") }
            configuration.network = .record(NetworkRecorder(path: fixtures))
        }
    }

    /// Turns a data file problem into the tool's one-line error (exit 65, or 66 when unreadable).
    private static func load<T>(_ body: () throws(DataFileError) -> T) throws(CommandError) -> T {
        do {
            return try body()
        } catch {
            throw CommandError(error.description, kind: error.errorKind)
        }
    }
}
