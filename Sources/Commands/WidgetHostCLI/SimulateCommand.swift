import ErrorKinds
import HostSystem
import JSONKit
import Layout
import Preview
import Timeline
import WidgetGeometry
import WidgetHost
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost simulate SCRIPT …`: hours or days of refreshes under the iOS budget, and the
/// Live Activity lifecycle, computed on a virtual clock (R1–R7, L1–L5).
enum SimulateCommand {
    static let name = "simulate"
    static let command = Command(
        name: name,
        abstract: "Simulate hours or days of refreshes under the iOS budget, and the Live Activity lifecycle.",
        discussion: """
            Runs the script at every refresh the system would grant, on a virtual clock: a
            simulated day takes milliseconds, not a day. Reports, per refresh, the time
            requested and granted, the delay and why (spacing, budget, jitter), the run's
            status, whether the outputs changed and the budget left; then refreshes per
            24 h, the longest gap, the budget verdict and the Live Activity's span.
            The span starts at --now (default: the real time) and lasts --hours or --days
            (default: 24 hours, at most 366 days). Runs are seeded from --seed (default 0),
            so the same inputs give the same report, byte for byte. Every run reads and
            writes the state folder, which the report names (.widgethost unless --state;
            --fresh-state starts from empty storage and keeps nothing).

            TIME (for --tap and --foreground) is an ISO 8601 date-time or epoch milliseconds,
            like --now, or an offset from the start of the span: +90m, +2h, +1d, +1h30m,
            +45s, +500ms (units d, h, m, s, ms; fractions such as +1.5h allowed; the grammar
            is contract rule T6). It must lie inside the span. Taps and the app coming to the foreground refresh at once, free of charge.
            With --action, each tap first runs the button's action script (same storage),
            as a button on the widget does.
            Each run may take up to --timeout of real time (default 10 s): lower it to
            simulate a script that hangs.

            Formats: text (a table and a summary), json (schema widgethost.timeline/1),
            jsonl (one event per line), svg (a chart). --out writes the report to a file
            (replaced atomically) instead of stdout. Script diagnostics go to stderr, each
            once with the number of runs that produced it. On a terminal, a long simulation
            shows its progress on stderr. --summary prints only the summary; failed
            refreshes are red on a terminal.

            With --layout FILE (a JSON component tree, see docs/layout.md) and --format svg,
            the chart ends with the widget as it looked after each refresh of the first day
            (at most 48 pictures, evenly spaced when there are more), drawn as --family
            (default small) by the widgethost-render program; the pictures are also written
            to a folder beside --out (week.svg: week-pictures/).
            """,
        arguments: [.file("script", "The script file (UTF-8 JavaScript).")],
        options: [
            hours.spec, days.spec, realistic.spec, tap.spec, foreground.spec, pushes.spec, action.spec,
        ] + RunOptions.commandLine + RunOptions.scriptAPI + [
            format.spec, out.spec, summary.spec, layout.spec,
            PictureOptions.family(help: "The widget family --layout is drawn as: small, medium, large, circular, rectangular, inline or live-activity. Default: small.").spec,
            PictureOptions.device(help: "With --layout: " + PictureOptions.deviceHelp).spec,
            PictureOptions.icons(help: "With --layout: " + PictureOptions.iconsHelp).spec,
        ],
        examples: [
            .init("A day of a script that asks for a refresh every 5 minutes", "widgethost simulate Fixtures/Examples/every-5-minutes.js --now 2026-11-29T00:00:00Z"),
            .init("Only the summary, with no budget (as in Xcode)", "widgethost simulate Fixtures/Examples/every-5-minutes.js --budget unlimited --summary"),
            .init("A Live Activity's lifecycle", "widgethost simulate Fixtures/Examples/live-score.js --kind live --now 2026-11-29T12:00:00Z"),
            .init("A week as a chart", "widgethost simulate Fixtures/Examples/every-30-minutes.js --days 7 --format svg --out week.svg"),
            .init("A day as a chart with the widget after each refresh", "widgethost simulate Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json --layout Fixtures/Examples/weather.layout.json --format svg --out day.svg"),
        ],
        exitCodes: [
            (ExitStatus.success, "the simulation ran, even if runs inside it failed (they are part of the report)"),
            (ExitStatus.usage, "a usage error: a bad duration, budget, time, format or flag"),
            (ExitStatus.dataError, "the script is not UTF-8"),
            (ExitStatus.noInput, "the script cannot be read"),
            (ExitStatus.internalError, "an internal error"),
            (ExitStatus.cannotCreate, "--out cannot be written, or a run's storage could not be saved to the state folder (state-not-saved: it is lost)"),
        ],
        run: run)

    static let hours = span(hours: "Length of the span in hours (fractions allowed). Default: 24.")
    static let days = span(days: "Length of the span in days (fractions allowed), at most 366. Not with --hours.")
    static let realistic = Flag("realistic", "Realistic mode: a seeded delay of 0 to 10 minutes on each granted refresh.")
    /// `--tap TIME`: read against the simulated span (``time(_:flag:startMs:zone:)``), which the other options give.
    static let tap = Option<String>.text("tap", "time", "A tap on the widget at TIME: a free refresh. Repeat for more taps.", repeated: true)
    static let foreground = Option<String>.text(
        "foreground", "time", "The app comes to the foreground at TIME: a free refresh. Repeatable.", repeated: true)
    static let pushes = Option<String>.file(
        "pushes", "file", "Timed Live Activity push requests in JSON Lines (see docs/push.md); needs --kind live.")
    static let action = Option<String>.file(
        "action", "file", "A button's action script: every --tap runs it first (same storage), then the widget refresh it triggers. In the harmony edition the button's snippet, appended to the script and run with it.")
    /// What `simulate` prints.
    enum Format: String, CaseIterable, Sendable { case text, json, jsonl, svg }
    static let format = Option<Format>.choice("format", "format", "Output format: text, json, jsonl or svg. Default: text.")
    static let out = Option<String>.file(
        "out", "file", "Write the report to FILE (atomically) instead of stdout.", nonEmpty: "name a file to write")
    static let summary = Flag("summary", "Print only the heading and the summary, not a row per refresh (text format).")
    static let layout = Option<String>.file(
        "layout", "file", "With --format svg: draw this layout after each refresh of the first day, under the chart.",
        nonEmpty: "name a layout file")


    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("missing the script to simulate") }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'; simulate takes one script")
        }
        let format = try arguments.get(Self.format) ?? .text
        let summaryOnly = arguments.isSet(summary)
        if summaryOnly && format != .text {
            throw UsageError("--summary shortens the text report; drop it or --format \(format) (the json report's summary is its \"summary\" member)")
        }
        let outPath = try arguments.get(out)

        let pictureLayout = try layoutForPictures(arguments, format: format)

        var runConfiguration = try RunOptions.decode(arguments).configuration
        if pictureLayout != nil { try RunOptions.refuseHarmonyPictures(runConfiguration, command: "simulate --layout") }
        try APIFlags.apply(arguments, to: &runConfiguration)
        let simulation = try makeSimulation(arguments, runConfiguration: runConfiguration)

        let source = try ScriptSource.loadScript(path: path)

        var action: ScriptSource?
        if let actionPath = try arguments.get(Self.action) {
            guard !simulation.configuration.taps.isEmpty else {
                throw UsageError("--action runs on a tap; add --tap TIME (the action script then runs before each tap's refresh)")
            }
            action = try ScriptSource.loadScript(path: actionPath)
        }
        // Beyond a few hours of refreshes, make each run's fresh context ahead on the second core.
        let host = ScriptHost(preparesContextsAhead: simulation.configuration.durationMs > 6 * 3_600_000)
        var recorder = SimulationPictures.Recorder(
            base: HostRefreshRunner(script: source, simulation: simulation, configuration: runConfiguration, host: host, action: action),
            until: pictureLayout == nil ? Int64.min : simulation.configuration.startMs + SimulationPictures.spanMs)
        let progress = ProgressLine(terminal: terminal)
        let report = simulation.run(runner: &recorder, progressEvery: 20) { progress.update($0, zone: simulation.zone) }
        progress.finish()
        let runner = recorder.base
        var pictures: [TimelinePicture] = []
        if let pictureLayout {
            switch SimulationPictures.draw(layout: pictureLayout.layout, family: pictureLayout.family, device: pictureLayout.device,
                                           icons: pictureLayout.icons, states: recorder.states,
                                           zone: simulation.zone, folder: SimulationPictures.folder(out: outPath, script: path), script: path,
                                           stateFolder: runConfiguration.storage?.directory,
                                           widget: runConfiguration.widgetIdentity(scriptName: source.name).id) {
            case .success(let drawn): pictures = drawn
            case .failure(let problem): terminal.err("\(TextStyle(enabled: terminal.colorErr).yellow("warning")): \(path): \(problem.message)")
            }
        }

        let rendered: String
        switch format {
        case .json: rendered = RunCommand.withState(report.json, runConfiguration.storage).serialized(pretty: true) + "\n"
        case .jsonl: rendered = report.jsonLines()
        case .svg:
            rendered = pictureLayout == nil ? report.svg()
                : report.svg(pictures: pictures, caption: "The \(pictureLayout!.family.label) after each refresh of the first day (\(pictures.count) of at most \(SimulationPictures.limit))")
        case .text:
            rendered = heading(path: path, runner: runner)
                + report.text(summaryOnly: summaryOnly, color: outPath == nil && terminal.colorOut,
                              state: APIFlags.stateLine(runConfiguration.storage))
        }
        if let outPath {
            do {
                try AtomicFile.write(Array(rendered.utf8), toPath: outPath)
            } catch {
                throw CommandError("cannot write \(outPath): \(error.reason)", kind: .environment(.cannotCreate))
            }
            terminal.out("wrote \(outPath) (\(format.rawValue), \(report.summary.refreshCount) refreshes)")
        } else {
            terminal.writeOut(rendered)
        }
        for line in diagnosticLines(runner: runner, path: path, style: TextStyle(enabled: terminal.colorErr)) {
            terminal.err(line)
        }
        if runner.failedActionCount > 0, let actionPath = try arguments.get(Self.action), let last = runner.lastActionReport {
            let why = last.error?.summary ?? last.status.rawValue
            terminal.err("\(TextStyle(enabled: terminal.colorErr).yellow("warning")): \(actionPath): \(runner.failedActionCount) of \(runner.actionRunCount) action runs did not end ok (last: \(why)); their refreshes still ran")
        }
        // Storage a run could not save is lost (X2): say so in the exit status too.
        if runner.diagnostics.contains(where: { $0.diagnostic.code == .stateNotSaved }) { return ExitStatus.cannotCreate }
        return ExitStatus.success
    }

    // MARK: - Flags

    /// The simulation the flags describe, validated.
    static func makeSimulation(_ arguments: ParsedArguments, runConfiguration: RunConfiguration) throws
        -> Simulation
    {
        let durationMs = try duration(arguments)
        let startMs = runConfiguration.now ?? WallClock.nowMilliseconds()
        let zone = runConfiguration.zone
        let endMs = startMs &+ durationMs
        func times(_ option: Option<String>, _ what: String) throws(UsageError) -> [Int64] {
            let name = option.spec.name
            var result: [Int64] = []
            for text in try arguments.list(option) {
                let at = try time(text, flag: name, startMs: startMs, zone: zone)
                guard at >= startMs && at < endMs else {
                    throw UsageError(
                        "bad --\(name) '\(text)': \(what) at \(ISO8601.format(epochMs: at, in: zone)) lies outside the simulated span, \(ISO8601.format(epochMs: startMs, in: zone)) to \(ISO8601.format(epochMs: endMs, in: zone)) (end excluded)")
                }
                result.append(at)
            }
            return result
        }
        var configuration = SimulationConfiguration(
            startMs: startMs, durationMs: durationMs, zoneIdentifier: try arguments.get(RunOptions.zone)?.identifier,
            budget: try arguments.get(RunOptions.budget) ?? .typical, realistic: arguments.isSet(realistic),
            seed: runConfiguration.seed ?? 0, isLive: runConfiguration.kind == .live)
        configuration.follow(runConfiguration.edition)
        configuration.taps = try times(tap, "the tap")
        configuration.foregrounds = try times(foreground, "the foreground")
        if let path = try arguments.get(pushes) {
            if runConfiguration.edition == .harmony {
                throw UsageError("--pushes sends Live Activity pushes, which the harmony edition does not have (drop --pushes, or use --edition ios --kind live)")
            }
            let zone = runConfiguration.zone
            configuration.pushes = try PushesFile.events(path: path, startMs: startMs, zone: zone)
        }
        do {
            return try Simulation(configuration)
        } catch {
            throw UsageError(lowercasingFirst(error.message))
        }
    }

    static let maximumDays = 366.0

    /// `--hours` or `--days` in milliseconds; 24 hours when neither is given.
    static func duration(_ arguments: ParsedArguments) throws(UsageError) -> Int64 {
        if arguments.given(hours) && arguments.given(days) { throw UsageError("give --hours or --days, not both") }
        if let span = try arguments.get(hours) { return span }
        return try arguments.get(days) ?? TimelineConstants.dayMs
    }

    /// `--hours H`: the span in milliseconds, above 0, at least a second and at most
    /// `maximumDays` (what spans it: `a simulation`).
    static func span(hours help: String, maximumDays: Double = maximumDays, spanning: String = "a simulation") -> Option<Int64> {
        span("hours", "h", help, unitMs: 3_600_000, maximumDays: maximumDays, spanning: spanning)
    }
    /// `--days D`, as `--hours`.
    static func span(days help: String, maximumDays: Double = maximumDays, spanning: String = "a simulation") -> Option<Int64> {
        span("days", "d", help, unitMs: 86_400_000, maximumDays: maximumDays, spanning: spanning)
    }

    private static func span(_ name: String, _ placeholder: String, _ help: String, unitMs: Double, maximumDays: Double,
                             spanning: String) -> Option<Int64> {
        Option(name, placeholder, help) { (text) throws(UsageError) in
            let limit = maximumDays * 86_400_000 / unitMs
            guard let value = DurationText.decimal(text), value > 0 else {
                throw UsageError("bad --\(name) '\(text)'; use a number of \(name) above 0 (at most \(JSONValue.formatNumber(limit)))")
            }
            guard value <= limit else {
                let inHours = name == "hours" ? " (\(JSONValue.formatNumber(limit)) hours)" : ""
                throw UsageError("bad --\(name) '\(text)': \(spanning) spans at most \(JSONValue.formatNumber(maximumDays)) days\(inHours)")
            }
            let ms = (value * unitMs).rounded()
            guard ms >= 1000 else {
                throw UsageError("bad --\(name) '\(text)': the span must be at least one second")
            }
            return Int64(ms)
        }
    }

    /// A TIME: `+` and an offset from the start (`+90m`, `+1h30m`), else ISO 8601 or epoch ms.
    static func time(_ text: String, flag: String, startMs: Int64, zone: Zone) throws(UsageError) -> Int64 {
        if text.hasPrefix("+") {
            guard let offset = DurationText.milliseconds(text.dropFirst()) else {
                throw UsageError("bad --\(flag) '\(text)'; an offset from the start is + and a number with a unit d, h, m, s or ms, e.g. +90m, +2h, +1h30m")
            }
            return DurationText.adding(offset, to: startMs) ?? .max
        }
        do {
            return try ISO8601.parse(text, defaultZone: zone)
        } catch {
            throw UsageError("bad --\(flag) '\(text)': \(error.message), or an offset from the start such as +2h")
        }
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    // MARK: - Rendering

    /// The line that names the script above the text report.
    /// `--layout FILE` and `--family F` checked and the layout read, or nil without `--layout`.
    static func layoutForPictures(_ arguments: ParsedArguments, format: Format) throws
        -> (layout: LayoutDocument, family: WidgetFamily, device: DeviceModel, icons: String?)? {
        guard let file = try arguments.get(layout) else {
            if arguments.given(PictureOptions.family) { throw UsageError("--family names how --layout is drawn; add --layout FILE") }
            try PictureOptions.requireLayout(arguments, layout: layout)
            return nil
        }
        guard format == .svg else { throw UsageError("--layout draws the widget under the chart; add --format svg") }
        let family = try arguments.get(PictureOptions.family) ?? .small
        let text: String
        do { text = try ScriptSource.load(path: file).text } catch {
            throw CommandError("cannot read the layout \(file): \(error.description)", kind: error.errorKind)
        }
        let document: LayoutDocument
        do { document = try LayoutDocument.parse(text: text) } catch {
            throw CommandError("the layout \(file) does not load: \(error.description)", kind: error.errorKind)
        }
        if case .lines = document.body {
            throw CommandError("the layout \(file) is a text layout (lines), which has no components to draw as a widget", kind: .input(.malformed))
        }
        return (document, family, try PictureOptions.device(arguments), try PictureOptions.icons(arguments))
    }

    static func heading(path: String, runner: HostRefreshRunner) -> String {
        let kind = runner.configuration.kind
        let what = runner.configuration.edition == .harmony
            ? "HarmonyOS \(runner.configuration.card.description) card"
            : kind == .live ? "Live Activity" : "\(kind.rawValue) widget"
        let failed = runner.failedRunCount == 0 ? "" : ", \(runner.failedRunCount) failed"
        let actions = runner.actionRunCount == 0 ? "" : ", \(runner.actionRunCount) button action\(runner.actionRunCount == 1 ? "" : "s") before taps"
        return "\(path): \(runner.runCount) run\(runner.runCount == 1 ? "" : "s") as a \(what)\(failed)\(actions)\n"
    }

    /// Every diagnostic the runs produced, once each, as `warning: file:line:column: … [code]`.
    static func diagnosticLines(runner: HostRefreshRunner, path: String, style: TextStyle) -> [String] {
        runner.diagnostics.map { tally in
            let diagnostic = tally.diagnostic
            let label: String
            switch diagnostic.severity {
            case .error: label = style.red("error")
            case .warning: label = style.yellow("warning")
            case .info: label = style.cyan("info")
            }
            var location = path
            if let line = diagnostic.line {
                location += ":\(line)"
                if let column = diagnostic.column { location += ":\(column)" }
            }
            let runs = tally.runCount == runner.runCount
                ? (runner.runCount == 1 ? "in the only run" : "in all \(runner.runCount) runs")
                : "in \(tally.runCount) of \(runner.runCount) runs, first run \(tally.firstRunIndex)"
            return "\(label): \(location): \(diagnostic.message) [\(diagnostic.code)] (\(runs))"
        }
    }
}

/// A single updating progress line on stderr, shown only when stderr is a terminal and
/// only once a simulation has taken a moment, and cleared when it ends.
final class ProgressLine {
    private let terminal: Terminal
    private let enabled: Bool
    private let startedAt: Double
    private var lastDrawnAt = 0.0
    private var shown = false

    /// Delay before the line first appears, and between updates, in seconds.
    static let delay = 0.25
    static let interval = 0.1

    init(terminal: Terminal) {
        self.terminal = terminal
        // A terminal built in-process (tests, embedding) carries no environment: its
        // stderr is not the process's, so whether fd 2 is a TTY says nothing about it.
        enabled = isatty(2) == 1 && !terminal.environment.isEmpty && terminal.environment["TERM"] != "dumb"
        startedAt = Self.seconds()
    }

    func update(_ progress: SimulationProgress, zone: Zone) {
        guard enabled, progress.fraction < 1 else { return }
        let now = Self.seconds()
        guard now - startedAt >= Self.delay, now - lastDrawnAt >= Self.interval else { return }
        lastDrawnAt = now
        shown = true
        let percent = Int((progress.fraction * 100).rounded(.down))
        let reached = String(ISO8601.format(epochMs: progress.virtualNow, in: zone).prefix(16))
            .replacingFirst("T", with: " ")
        terminal.writeErr("\r\u{1B}[Ksimulating: \(percent)% (\(progress.refreshCount) refreshes, at \(reached))")
    }

    func finish() {
        if shown { terminal.writeErr("\r\u{1B}[K") }
        shown = false
    }

    private static func seconds() -> Double { MonotonicClock.milliseconds() / 1000 }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
