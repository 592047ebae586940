import ErrorKinds
import HostSystem
import JSONKit
import Layout
import Preview
import Timeline
import WidgetHost
import ZonedTime

/// `widgethost preview SCRIPT …`: one view of what a script does, for its author; with
/// `--watch`, redrawn on every save.
enum PreviewCommand {
    static let name = "preview"
    static let command = Command(
        name: name,
        abstract: "Preview a script while you write it; --watch redraws on every save.",
        discussion: """
            Runs the script once (as --kind, default small, or as every widget kind with
            --all-kinds) and shows, in 80 columns: its outputs as a table, its console, its
            diagnostics with the source line and a caret, the next refresh it asks for, a
            strip of the refreshes the system would grant over the next 24 hours (or --hours
            / --days) under --budget, and for a Live Activity its span. The strip is
            simulated with empty storage, and with a live network it replays what the run
            fetched, so previewing never fetches more than once per kind. The run reads
            and writes the state folder (.widgethost unless --state; --fresh-state starts
            from empty storage and keeps nothing), and the view names it.

            --layout FILE checks a layout against the outputs: a text file with one field
            per line, or a JSON component tree (see docs/layout.md). Every placeholder is
            listed with the value it renders; missing or mistyped ones are flagged with the
            nearest output name. A JSON tree is also drawn at every widget family (small
            to Live Activity), light and dark, by the widgethost-render program: the view
            names the pictures, written to a folder beside --html (preview.html:
            preview-pictures/; without --html they are not written, and the view shows what
            only the picture shows: text cut off, overflow), and the HTML page shows them
            side by side with those findings: the --kind's family first with its own,
            then the other families' findings, each once with the families it affects.

            --watch re-runs when the script, the layout, the action, the profile or the
            fixtures file change, and redraws; Ctrl-C stops it (exit 0). --html FILE also
            writes the preview as one self-contained HTML page (rewritten on every change
            in watch mode). --format json prints schema widgethost.preview/1 instead of
            the view. With --watch and --html, the page reloads itself while the watch runs.
            """,
        arguments: [.file("script", "The script file (UTF-8 JavaScript).")],
        options: [
            watch.spec, html.spec, layout.spec,
            PictureOptions.device(help: "With a component tree: " + PictureOptions.deviceHelp).spec,
            PictureOptions.icons(help: "With a component tree: " + PictureOptions.iconsHelp).spec,
            allKinds.spec,
            SimulateCommand.span(hours: "Span of the refresh strip in hours. Default: 24.").spec,
            SimulateCommand.span(days: "Span of the refresh strip in days, at most 366. Not with --hours.").spec,
            Flag("realistic", "Realistic mode for the strip: a seeded delay of 0 to 10 minutes on each refresh.").spec,
            Option<String>.text("tap", "time", "A tap on the widget at TIME (as in simulate): a free refresh. Repeatable.", repeated: true).spec,
            SimulateCommand.foreground.spec,
            action.spec,
        ] + RunOptions.commandLine + RunOptions.scriptAPI + [format.spec],
        examples: [
            .init("See what a script does, as you write it", "widgethost preview Fixtures/Examples/outputs.js --watch"),
            .init("Check a layout against the outputs and write an HTML page", "widgethost preview Fixtures/Examples/live-countdown.js --kind live --html preview.html"),
            .init("Compare every widget kind", "widgethost preview Fixtures/Examples/outputs.js --all-kinds"),
            .init("Draw a layout at every widget size, light and dark, and redraw on every save", "widgethost preview Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json --layout Fixtures/Examples/weather.layout.json --html preview.html --watch"),
            .init("The same on an iPhone SE, with SVG files for the icons", "widgethost preview Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json --layout Fixtures/Examples/weather.layout.json --device iphone-se --icons Fixtures/Examples/icons --html preview.html"),
        ],
        exitCodes: [
            (ExitStatus.success, "every run ended ok and the layout has no errors (with --watch: stopped with Ctrl-C)"),
            (ExitStatus.failure, "a run did not end ok, or the layout has errors"),
            (ExitStatus.usage, "a usage error"),
            (ExitStatus.dataError, "a malformed file (profile, fixtures, layout) or a script that is not UTF-8"),
            (ExitStatus.noInput, "a missing file"),
            (ExitStatus.cannotCreate, "--html cannot be written"),
        ],
        run: run)

    static let watch = Flag("watch", "Re-run and redraw whenever the script, layout, action, profile or fixtures change; Ctrl-C stops.")
    static let html = Option<String>.file("html", "file", "Also write the preview as a self-contained HTML file.", nonEmpty: "name a file to write")
    static let layout = Option<String>.file(
        "layout", "file", "A layout to check against the outputs: one field per line, or a JSON component tree (also drawn at every family).",
        nonEmpty: "name a layout file")
    static let allKinds = Flag("all-kinds", "Run as every widget kind and show where their outputs differ. Not with --kind.")
    static let action = Option<String>.file(
        "action", "file", "A button's action script: every --tap on the strip runs it first (same storage), then the refresh.")
    static let format = Option<ReportFormat>.format("Output format: text (the view) or json. Default: text. Not with --watch.")

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("missing the script to preview") }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'; preview takes one script")
        }
        let format = try arguments.get(Self.format) ?? .text
        let watch = arguments.isSet(Self.watch)
        if watch && format == .json { throw UsageError("--watch redraws the view; drop --format json") }
        if arguments.isSet(allKinds) && arguments.given(RunOptions.kind) {
            throw UsageError("give --kind or --all-kinds, not both")
        }
        _ = try arguments.get(html)
        _ = try arguments.get(layout)
        if arguments.given(action) && !arguments.given(SimulateCommand.tap) {
            throw UsageError("--action runs on a tap; add --tap TIME (the action script then runs before each tap's refresh)")
        }

        try PictureOptions.requireLayout(arguments, layout: layout)
        _ = try PictureOptions.device(arguments)
        _ = try PictureOptions.icons(arguments)
        // Flags are checked once, up front: a usage mistake ends the command even in watch mode.
        var base = try RunOptions.decode(arguments).configuration
        try RunOptions.refuseHarmonyPictures(base, command: "preview")
        let simulation = try SimulateCommand.makeSimulation(arguments, runConfiguration: base)
        base.now = simulation.configuration.startMs

        guard watch else {
            let inputs = try PreviewInputsLoader(arguments: arguments, path: path, base: base, simulation: simulation).load(strict: true)
            var document = PreviewBuilder().build(inputs)
            document.pictures = PreviewPictures.section(inputs, document: document, arguments: arguments)
            document.stateLine = APIFlags.stateLine(inputs.configuration.storage)
            try output(document, storage: inputs.configuration.storage, format: format, arguments: arguments, terminal: terminal)
            return document.hasFailures ? ExitStatus.failure : ExitStatus.success
        }
        return try watchLoop(arguments: arguments, path: path, base: base, simulation: simulation, terminal: terminal)
    }

    /// Prints the view (or JSON) and writes the HTML file when asked.
    /// The JSON has `stateFolder`, the folder the runs read and wrote (null with `--fresh-state`), as `run`'s.
    static func output(_ document: PreviewDocument, storage: StateStore?, format: ReportFormat, arguments: ParsedArguments, terminal: Terminal) throws {
        if format == .json {
            terminal.out(RunCommand.withState(document.json, storage).serialized(pretty: true))
        } else {
            for line in TerminalView(document: document, style: TextStyle(enabled: terminal.colorOut)).lines() { terminal.out(line) }
        }
        if let html = try arguments.get(html) {
            do {
                try AtomicFile.write(Array(HTMLReport(document: document).render().utf8), toPath: html)
            } catch {
                throw CommandError("cannot write \(html): \(error.reason)", kind: .environment(.cannotCreate))
            }
            if format == .text { terminal.out(TextStyle(enabled: terminal.colorOut).dim("wrote \(html)")) }
        }
    }

    static func watchLoop(
        arguments: ParsedArguments, path: String, base: RunConfiguration, simulation: Simulation, terminal: Terminal
    ) throws -> Int32 {
        // Before any engine thread starts, so that Ctrl-C reaches the watcher's thread rather
        // than ending the process mid-draw; that thread ends it if a pass does not end in time.
        FileWatcher.blockInterrupts()
        let interrupts = InterruptWatch.saying("stopped watching; the pass under way was left unfinished", on: terminal)
        defer { interrupts.end() }
        let watched = [path] + [
            try arguments.get(layout), try arguments.get(action), try arguments.get(RunOptions.profile), try APIFlags.watchedFixtures(arguments),
        ].compactMap { $0 }
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher(paths: watched, interrupts: interrupts)
        } catch {
            throw CommandError(error.message, kind: error.errorKind)
        }
        let builder = PreviewBuilder()
        let loader = PreviewInputsLoader(arguments: arguments, path: path, base: base, simulation: simulation)
        let style = TextStyle(enabled: terminal.colorOut)
        let pictures = PictureClient()
        while true {
            // Unusable files become problems in the view; a usage mistake in the API
            // flags (the same on every pass) ends the command on the first one.
            let inputs = try loader.load(strict: false)
            var document = builder.build(inputs)
            // Redrawn on every pass (by one drawing child for the whole watch): a save of the
            // script, the layout or the fixtures redraws them.
            document.pictures = PreviewPictures.section(inputs, document: document, arguments: arguments, client: pictures)
            document.stateLine = APIFlags.stateLine(inputs.configuration.storage)
            if terminal.outIsTerminal { terminal.writeOut("\u{1B}[H\u{1B}[2J\u{1B}[3J") }
            let clock = String(ISO8601.format(epochMs: WallClock.nowMilliseconds(), in: Zone.current()).dropFirst(11).prefix(8))
            let html = try arguments.get(Self.html).map { " · writes \($0)" } ?? ""
            terminal.out(style.dim(Columns.clip("watching \(watched.joined(separator: ", "))\(html) · ran \(clock) · Ctrl-C stops", 80)))
            for line in TerminalView(document: document, style: style).lines() { terminal.out(line) }
            writeHTML(document, reloading: true, arguments: arguments, terminal: terminal)
            terminal.flush()
            if case .interrupted = watcher.wait() {
                // The page stops reloading itself once nothing rewrites it.
                writeHTML(document, reloading: false, arguments: arguments, terminal: terminal)
                terminal.out("stopped watching")
                return ExitStatus.success
            }
        }
    }
}

extension PreviewCommand {
    /// In watch mode: writes the HTML page (reloading itself while the watch runs); a write
    /// that fails is reported and the watch goes on.
    static func writeHTML(_ document: PreviewDocument, reloading: Bool, arguments: ParsedArguments, terminal: Terminal) {
        guard let html = try? arguments.get(Self.html) else { return }
        do {
            try AtomicFile.write(Array(HTMLReport(document: document, reloadSeconds: reloading ? 1 : nil).render().utf8), toPath: html)
        } catch {
            terminal.err("\(TextStyle(enabled: terminal.colorErr).red("error")): cannot write \(html): \(error.reason)")
        }
    }
}

/// Reads the files a preview is made from. Without `strict` (watch mode) a file that
/// cannot be used becomes a problem shown in the view; with it, the command ends with
/// the file's exit status, as `run` does.
struct PreviewInputsLoader {
    let arguments: ParsedArguments
    let path: String
    let base: RunConfiguration
    let simulation: Simulation
    /// The studio's profile controls, laid over the profile in memory (``ProfileControls``).
    var profileEdits: [String: String] = [:]
    /// Keeps every exchange of the runs (replay and live: only kept; record: the recorder itself).
    var watchesNetwork = false

    func load(strict: Bool) throws -> PreviewInputs {
        var problems: [PreviewProblem] = []
        func fail(_ error: CommandError, code: String) throws {
            if strict { throw error }
            problems.append(PreviewProblem(code: code, message: error.message))
        }
        var configuration = base
        do {
            try APIFlags.apply(arguments, to: &configuration)
            configuration.profile = try ProfileControls.edited(configuration.profile, profileEdits)
            if watchesNetwork, configuration.network.recorder == nil { configuration.network.recorder = .inMemory() }
        } catch let error as CommandError {
            try fail(error, code: error.errorKind == .input(.missing) ? "missing-file" : "bad-data")
        }
        var source: ScriptSource?
        do {
            source = try ScriptSource.load(path: path)
        } catch {
            try fail(CommandError(loading: error), code: error.kind == .notUTF8 ? "not-utf8" : "missing-file")
        }
        var layout: LayoutDocument?
        let layoutPath = try arguments.get(PreviewCommand.layout)
        if let layoutPath {
            do {
                layout = try LayoutDocument.parse(text: try ScriptSource.load(path: layoutPath).text)
            } catch let error as ScriptLoadError {
                let notUTF8 = error.kind == .notUTF8
                try fail(CommandError(error.description, kind: error.errorKind),
                         code: notUTF8 ? "not-utf8" : "missing-file")
            } catch let error as LayoutParseError {
                try fail(CommandError("\(layoutPath):\(error.line):\(error.column): \(error.message) [bad-layout]", kind: error.errorKind),
                         code: "bad-layout")
            }
        }
        var action: ScriptSource?
        if let actionPath = try arguments.get(PreviewCommand.action) {
            do {
                action = try ScriptSource.load(path: actionPath)
            } catch {
                let notUTF8 = error.kind == .notUTF8
                try fail(CommandError(error.description, kind: error.errorKind),
                         code: notUTF8 ? "not-utf8" : "missing-file")
            }
        }
        let kinds = arguments.isSet(PreviewCommand.allKinds) ? PreviewInputs.allWidgetKinds : [configuration.kind]
        var simulation = self.simulation
        if !arguments.given(RunOptions.now), !strict {
            // Watch mode without --now: every re-run happens at the real time.
            var moved = simulation.configuration
            let now = WallClock.nowMilliseconds()
            let shift = now - moved.startMs
            moved.startMs = now
            moved.taps = moved.taps.map { $0 + shift }
            moved.foregrounds = moved.foregrounds.map { $0 + shift }
            if let reshifted = try? Simulation(moved) { simulation = reshifted }
            configuration.now = now
        }
        return PreviewInputs(
            scriptPath: path, source: source, kinds: kinds, configuration: configuration, simulation: simulation,
            layoutPath: layoutPath, layout: layout, action: action, problems: problems)
    }
}
