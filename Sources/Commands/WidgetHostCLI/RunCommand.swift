import ErrorKinds
import HostSystem
import JSONKit
import WidgetHost

/// `widgethost run SCRIPT …`: one headless run, reported as text or JSON.
enum RunCommand {
    static let name = "run"
    static let command = Command(
        name: name,
        abstract: "Run a widget or Live Activity script once and report what it did.",
        discussion: """
            Prints the outputs, the control calls it made (setUpdateFreq, setUpdateTime,
            endLiveActivity), the next refresh it requests, its console, the limits in
            force and the state folder; diagnostics go to stderr. What a script stores
            (Config, setConfig, setValue, Setting.set, files) is read from and written to
            the state folder, .widgethost in the current folder unless --state names
            another, so a later run finds it; --fresh-state runs from empty storage and
            keeps nothing.
            """,
        arguments: [.file("script", "The script file (UTF-8 JavaScript).")],
        options: RunOptions.commandLine + RunOptions.scriptAPI + [APIFlags.action.spec, format.spec],
        examples: [
            .init("Run a script once as a small widget", "widgethost run Fixtures/Examples/outputs.js"),
            .init("Run a Live Activity at a fixed time", "widgethost run Fixtures/Examples/live-countdown.js --kind live --now 2026-11-29T18:55:00Z"),
            .init("Answer its requests from a fixture file (nothing leaves the machine)", "widgethost run Fixtures/Examples/fetch-json.js --fixtures Fixtures/Examples/fetch-json.fixtures.json"),
            .init("The report as JSON, for a script or CI", "widgethost run Fixtures/Examples/outputs.js --format json"),
        ],
        exitCodes: [
            (ExitStatus.success, "the run ended ok"),
            (ExitStatus.failure, "the run ended in error, timeout or memory"),
            (ExitStatus.usage, "a usage error"),
            (ExitStatus.dataError, "the script is not UTF-8, or the profile or fixtures file is malformed"),
            (ExitStatus.noInput, "a file cannot be read"),
            (ExitStatus.cannotCreate, "what the run stored could not be saved to the state folder (state-not-saved: it is lost)"),
        ],
        takesAnyFileName: true,
        run: run)

    static let format = Option<ReportFormat>.format("Output format: text or json. Default: text.")

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        // The script is opened by the bytes of its name, which need not be UTF-8.
        guard let path = arguments.paths.first else { throw UsageError("missing the script to run") }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'; run takes one script")
        }
        let format = try arguments.get(Self.format) ?? .text
        var configuration = try RunOptions.decode(arguments).configuration
        try APIFlags.apply(arguments, to: &configuration)
        let source: ScriptSource
        do {
            source = try ScriptSource.load(path: path)
        } catch {
            if error.kind == .notUTF8, format == .json,
                let report = ProcessHost.with({ try? $0.run(path: path, configuration: configuration) })
            {
                terminal.out(withState(report.json, configuration.storage).serialized(pretty: true))
                return ExitStatus.of(report)
            }
            throw CommandError(loading: error)
        }
        if let action = try arguments.get(APIFlags.action) {
            return try runAction(action, widget: source, configuration: configuration, format: format, terminal)
        }
        let report = ProcessHost.with { $0.run(source, configuration: configuration) }
        if format == .json {
            terminal.out(withState(report.json, configuration.storage).serialized(pretty: true))
        } else {
            RunReportRenderer(report: report, sourceText: source.text, budget: configuration.budget,
                              state: APIFlags.stateLine(configuration.storage)).render(to: terminal)
        }
        return ExitStatus.of(report)
    }

    /// A report with `stateFolder`: the folder the run read and wrote, or null with --fresh-state.
    static func withState(_ report: JSONValue, _ storage: StateStore?) -> JSONValue {
        guard case .object(var members) = report else { return report }
        members["stateFolder"] = storage?.directory.map { .string($0) } ?? .null
        return .object(members)
    }
}
