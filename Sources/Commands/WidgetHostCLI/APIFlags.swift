import WidgetHost

/// The flags of the wider script API (A1–A8): profile, network, state (the folder, or
/// `--fresh-state`: empty storage in memory), context and parameters, declared by
/// ``RunOptions/scriptAPI``. A command that runs scripts adds those
/// options and calls `apply(_:to:)` after `RunOptions.decode(_:).configuration`, which loads
/// the files they name.
enum APIFlags {
    /// `run --action FILE`.
    static let action = Option<String>.file(
        "action", "file",
        "A button's action script: runs first in its own context with the same storage, then the widget refresh it triggers; both runs are reported. In the harmony edition the button's snippet, appended to the script and run with it as one run (refresh: the script alone).")

    /// What a report says of the storage a run kept (`storage`, as ``apply(_:to:)`` set it):
    /// its state folder, or that it kept none.
    static func stateLine(_ storage: StateStore?) -> String {
        guard let folder = storage?.directory else {
            return "none kept (--fresh-state: storage starts empty)"
        }
        return "\(folder), kept between runs (--fresh-state: start empty)"
    }

    /// Lays the API flags over `configuration`. Usage mistakes throw ``UsageError``; a
    /// profile or fixture file that is malformed throws ``CommandError`` with exit 65 (66 when unreadable).
    static func apply(_ arguments: ParsedArguments, to configuration: inout RunConfiguration) throws {
        let options = try RunOptions.decode(arguments)
        if let path = options.profile {
            configuration.profile = try load { () throws(DataFileError) in try DeviceProfile.load(path: path) }
        }
        if let context = options.context { configuration.context = context }
        for (key, value) in options.params { configuration.params[key] = value }
        if options.freshState, let state = options.state {
            throw UsageError("give --state \(state) or --fresh-state, not both: --fresh-state keeps nothing in a folder")
        }
        configuration.storage = options.freshState ? StateStore() : StateStore(directory: options.state ?? RunOptions.defaultStateFolder)

        let fixtures = options.fixtures
        let mode = options.network ?? (fixtures == nil ? .live : .replay)
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

    /// The fixtures file the runs read, to watch for changes: nil without one, and under
    /// `--network record`, where it is what the runs write (watching it, a watch would rebuild
    /// on its own writing, and record again).
    static func watchedFixtures(_ arguments: ParsedArguments) throws -> String? {
        try RunOptions.decode(arguments).network == .record ? nil : arguments.get(RunOptions.fixtures)
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
