import JSONKit
import WidgetHost

/// `widgethost run SCRIPT …`: one headless run, reported as text or JSON.
enum RunCommand {
    static let command = Command(
        name: "run",
        abstract: "Run a widget or Live Activity script once and report what it did.",
        discussion: """
            Prints the outputs, the control calls it made (setUpdateFreq, setUpdateTime,
            endLiveActivity), the next refresh it requests, its console and the limits in
            force; diagnostics go to stderr. Exit status: 0 when the run ends ok, 1 when it
            ends in error, timeout or memory, 64 for a usage error, 65 when the file is not
            UTF-8 or the profile is bad, 66 when it cannot be read, 73 when what the run stored
            could not be saved to the state folder (state-not-saved: it is lost).
            """,
        arguments: [("script", "The script file (UTF-8 JavaScript).")],
        options: RunFlags.options + APIFlags.options + [APIFlags.action]
            + [.value("format", "format", "Output format: text or json. Default: text.")],
        run: run)

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("missing the script to run") }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'; run takes one script")
        }
        let format = arguments.value("format") ?? "text"
        guard format == "text" || format == "json" else {
            throw UsageError("unknown format '\(format)'\(ParsedArguments.hint(format, among: ["text", "json"])); use text or json")
        }
        var configuration = try RunFlags.configuration(from: arguments)
        try APIFlags.apply(arguments, to: &configuration)
        let source: ScriptSource
        do {
            source = try ScriptSource.load(path: path)
        } catch {
            let code = error.kind == .notUTF8 ? ExitCode.dataError : ExitCode.noInput
            if error.kind == .notUTF8, format == "json",
                let report = try? ScriptHost().run(path: path, configuration: configuration)
            {
                terminal.out(report.json().serialized(pretty: true))
                return ExitCode.of(report)
            }
            let suffix = error.kind == .notUTF8 ? " [not-utf8]" : ""
            throw InputError(error.description + suffix, code: code)
        }
        if let action = arguments.value("action") {
            return try runAction(action, widget: source, configuration: configuration, format: format, terminal)
        }
        let report = ScriptHost().run(source, configuration: configuration)
        if format == "json" {
            terminal.out(report.json().serialized(pretty: true))
        } else {
            RunReportRenderer(report: report, sourceText: source.text, budget: configuration.budget).render(to: terminal)
        }
        return ExitCode.of(report)
    }
}
