import JSONKit
import Preview
import WidgetHost

/// What the studio answers the app's VS Code extension about its script: who the widget is, and
/// a run of text the extension sends (`POST /run`), as `widgethost run` runs it under the
/// studio's controls.
package enum StudioSyncRun {
    /// The widget the studio's script is under its controls: `Widget.id`, `Widget.name` and the kind.
    package struct Identity: Sendable, Equatable {
        /// `Widget.id`: the profile's (or the `widget.id` control), else derived from the file name.
        package var id: String
        /// `Widget.name`: the profile's (or the `widget.name` control), else the file's base name.
        package var name: String
        /// The kind (`small`, …, `live`).
        package var kind: String
    }

    /// A run's four sections, as the extension's panel shows them (docs/studio.md says what each holds).
    package struct Result: Sendable {
        /// The run's outputs (the panel's Variables).
        package var content: JSONObject
        /// The run's report as `widgethost run --format json` prints it (Structured Data).
        package var structured: JSONValue
        /// The outputs as the JSON text a Live Activity push carries in `content_state.data`, as
        /// `widgethost push --script` makes it (Data JSON).
        package var dataJSON: String
        /// The console, one entry a line, then the diagnostics as `widgethost run` prints them on
        /// stderr (an error's file, line and column, and the source line with a caret) (Logs).
        package var logs: String
        /// The run's status (`ok`, `error`, `timeout`, `memory`).
        package var status: String
    }

    /// The script and the run configuration of `arguments` (the studio's command line with its
    /// controls laid over) and the profile `edits`, decoded as `widgethost run` decodes them.
    static func configuration(_ arguments: [String], profileEdits: [String: String]) throws -> (path: String, configuration: RunConfiguration) {
        let parsed = try ParsedArguments(arguments, options: StudioProgram.options)
        guard let path = parsed.positionals.first else { throw UsageError("missing the script to show") }
        var configuration = try RunOptions.decode(parsed).configuration
        try APIFlags.apply(parsed, to: &configuration)
        configuration.profile = try ProfileControls.edited(configuration.profile, profileEdits)
        return (path, configuration)
    }

    /// The widget under `arguments` and `profileEdits`; when the profile cannot be used, the
    /// identity derived from the script's file name.
    package static func identity(_ arguments: [String], profileEdits: [String: String]) -> Identity {
        if let (path, configuration) = try? configuration(arguments, profileEdits: profileEdits) {
            let identity = configuration.widgetIdentity(scriptName: path)
            return Identity(id: identity.id, name: identity.name, kind: configuration.kind.rawValue)
        }
        let parsed = try? ParsedArguments(arguments, options: StudioProgram.options)
        let path = parsed?.positionals.first ?? ""
        let kind = parsed.flatMap { try? RunOptions.decode($0).configuration.kind } ?? ScriptKind.small
        let derived = WidgetIdentity.derived(fromScriptName: path)
        return Identity(id: derived.id, name: derived.name, kind: kind.rawValue)
    }

    /// Runs `code` as the studio's script (its file name in messages) under `arguments` and
    /// `profileEdits`, as `widgethost run` would, writing nothing: the run reads the state
    /// folder and keeps what it stores in memory (``StateStore/init(readingFrom:)``), and a
    /// recording network keeps what it sees in memory. Throws ``CommandError`` or ``UsageError``
    /// when a file the controls name cannot be used (a profile that is not JSON).
    package static func run(code: String, arguments: [String], profileEdits: [String: String]) throws -> Result {
        var (path, configuration) = try configuration(arguments, profileEdits: profileEdits)
        configuration.storage = configuration.storage?.directory.map { StateStore(readingFrom: $0) } ?? StateStore()
        if configuration.network.mode == .record { configuration.network.recorder = .inMemory() }
        let source = ScriptSource(text: code, name: path)
        let report = ProcessHost.with { $0.run(source, configuration: configuration) }
        var logs: [String] = report.console.map { "[\($0.level.rawValue)] \($0.message)" }
        if report.consoleDropped > 0 { logs.append("(\(report.consoleDropped) more console entries not kept)") }
        let renderer = RunReportRenderer(report: report, sourceText: code, budget: configuration.budget)
        logs += renderer.diagnosticLines(TextStyle(enabled: false))
        if report.status != .ok {
            logs.append("The run ended with \(report.status.rawValue)\(report.error.map { ": \($0.summary)" } ?? "").")
        }
        return Result(content: report.outputs, structured: report.json, dataJSON: JSONValue.object(report.outputs).serialized(),
                      logs: logs.joined(separator: "\n"), status: report.status.rawValue)
    }
}
