import JSONKit
import Layout
import Preview
import Timeline
import WidgetGeometry
import WidgetHost
import WidgetPictures

/// `widgethost studio SCRIPT …`: a live page in the browser for a script's author. Declared here,
/// so that help, completions and the manual page know it; carried out by `widgethost-serve studio`
/// (the `Studio` module), because it serves HTTP with libmicrohttpd, which only that program links.
package enum StudioProgram {
    package static let name = "studio"
    package static let abstract = "Serve a live page of a script: every family light and dark, a day of refreshes, controls."

    package static let discussion = """
        Serves a page on 127.0.0.1 (port 8790; --port 0 picks a free one) that shows
        the script as `preview --layout` does, live: the layout drawn at every widget
        family, light and dark, with what only the picture shows beside each; the
        outputs, console, diagnostics with the source line, the placeholders; the
        refreshes of a day (--hours, --days) under the budget on a scrubber, and for a
        Live Activity its span. Controls on the page change the run
        flags (now, zone, locale, seed, kind, device, budget, network, context,
        $params) and redraw; the address keeps them, so a link reopens the same view.
        A save of the script, layout, profile or fixtures updates the page in place
        (server-sent events); a script that fails keeps the last good pictures,
        marked stale. Everything the page loads comes from the studio; it serves no
        other file. Stops on Ctrl-C.
        """

    package static let examples: [Command.Example] = [
        .init("A live page of a widget and its layout", "widgethost studio Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json --layout Fixtures/Examples/weather.layout.json"),
        .init("On a free port, for a Live Activity", "widgethost studio Fixtures/Examples/live-countdown.js --kind live --port 0"),
    ]

    package static let exitCodes: [(Int32, String)] = [
        (ExitCode.success, "stopped with Ctrl-C (SIGINT) or SIGTERM"),
        (ExitCode.failure, "the port is in use or cannot be listened on"),
        (ExitCode.usage, "a usage error"),
        (ExitCode.noInput, "the script's folder does not exist"),
    ]

    /// The options of `studio`: the preview's drawing and strip options, every run flag, and the server's.
    package static let options: [OptionSpec] = [
        .value("layout", "file", "A JSON component tree drawn at every family, light and dark (or a text layout: one field per line)."),
        .value("device", "name", "With a component tree: " + PictureOptions.deviceHelp),
        .value("icons", "dir", "With a component tree: " + PictureOptions.iconsHelp),
        .value("hours", "h", "Span of the refreshes in hours. Default: 24."),
        .value("days", "d", "Span of the refreshes in days, at most 366. Not with --hours."),
        .flag("realistic", "Realistic mode for the refreshes: a seeded delay of 0 to 10 minutes on each."),
    ] + RunFlags.options + APIFlags.options + [
        .value("port", "port", "Port to listen on, on 127.0.0.1; 0 picks a free one. Default: 8790."),
        .flag("open", "Open the page in the browser (xdg-open) once it is served."),
    ]

    static let command = Command(name: name, abstract: abstract, program: ServeProgram.program, discussion: discussion,
                                 arguments: [("script", "The script file (UTF-8 JavaScript).")], options: options,
                                 examples: examples, exitCodes: exitCodes, leadingArguments: [name])

    /// The options the page offers as controls, in the order shown, with their help line and,
    /// when the flag takes one of a few words, those words.
    package static var controls: [(name: String, placeholder: String, help: String, choices: [String])] {
        let shown = ["now", "tz", "locale", "seed", "kind", "device", "budget", "network", "context", "param", "hours"]
        let choices: [String: [String]] = [
            "kind": ScriptKind.allCases.map(\.rawValue), "device": DeviceModel.all.map(\.name),
            "network": ["replay", "record", "live"], "context": ["widget", "app"],
        ]
        return shown.compactMap { name in
            guard let option = options.first(where: { $0.name == name }) else { return nil }
            let placeholder: String
            switch option.kind {
            case .flag: placeholder = ""
            case .value(let text), .repeated(let text): placeholder = text
            }
            return (name, placeholder, option.help, choices[name] ?? [])
        }
    }

    /// What one build of the studio's page holds: the preview, and what draws the widget as it
    /// looked after each refresh of the day (the kind's family, light).
    package struct Build: Sendable {
        package var document: PreviewDocument
        /// The answers the run's network is given from `--fixtures` (replay), and the mode.
        package var network: (mode: String, fixtures: [NetworkFixture], problem: String?) = ("live", [], nil)
        /// The state folder, and the widget's config, settings and storage keys in it (slot 1,
        /// a widget run's); nil when the run keeps its state in memory.
        package var state: (folder: String, config: JSONObject, settings: [String: String], values: [String: String])?
        /// Draws the widget after each ok refresh of the day; nil when there is no component tree.
        package var refreshDrawing: RefreshDrawing?
    }

    /// The widget after each refresh of a build's day, drawn when ``draw()`` is called.
    package struct RefreshDrawing: Sendable {
        let work: @Sendable () -> (pictures: [TimelinePicture], problem: String?)
        /// The pictures, or why there are none.
        package func draw() -> (pictures: [TimelinePicture], problem: String?) { work() }
    }

    /// The preview of `arguments` (the script, then flags, as on the command line), run,
    /// simulated, checked and drawn as `preview --layout` does, each refresh of the day kept
    /// (``Build/refreshDrawing`` draws them as `simulate --layout` does). Files that cannot be used are problems in
    /// the document; a usage mistake throws ``UsageError``.
    package static func build(_ arguments: [String]) throws -> Build {
        let parsed = try ParsedArguments(arguments, options: options)
        guard let path = parsed.positionals.first else { throw UsageError("missing the script to show") }
        guard parsed.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(parsed.positionals[1])'; studio takes one script")
        }
        try PictureOptions.requireLayout(parsed)
        let device = try PictureOptions.device(parsed)
        let icons = try PictureOptions.icons(parsed)
        var base = try RunFlags.configuration(from: parsed)
        let simulation = try SimulateCommand.makeSimulation(parsed, runConfiguration: base)
        base.now = simulation.configuration.startMs
        let inputs = try PreviewInputsLoader(arguments: parsed, path: path, base: base, simulation: simulation).load(strict: false)
        var builder = PreviewBuilder()
        builder.recordsRefreshes = true
        var build = Build(document: builder.build(inputs))
        build.document.pictures = PreviewPictures.section(inputs, document: build.document, arguments: parsed)
        build.network.mode = inputs.configuration.network.mode.rawValue
        if let fixtures = parsed.value("fixtures") {
            do { build.network.fixtures = try NetworkFixtures.load(path: fixtures).fixtures } catch {
                build.network.problem = error.description
            }
        }
        let widget = inputs.configuration.widgetIdentity(scriptName: inputs.source?.name ?? path).id
        if let store = inputs.configuration.storage, let folder = store.directory {
            let saved = try? store.widget(widget)
            build.state = (folder, saved?.config ?? [:], saved?.settings ?? [:], (try? store.values("1")) ?? [:])
        }
        guard let layoutText = inputs.layoutText, let layout = inputs.layout, let timeline = build.document.timeline else { return build }
        if case .lines = layout.body { return build }
        let states = build.document.refreshStates.filter { $0.status == "ok" }.map { (at: $0.at, refresh: $0.index, outputs: $0.outputs) }
        let family = WidgetFamily(name: inputs.configuration.kind.rawValue) ?? .small
        let stateFolder = inputs.configuration.storage?.directory
        let zone = timeline.zone
        // Drawn when asked, after the page has the rest: the families first, then the day.
        build.refreshDrawing = RefreshDrawing {
            switch SimulationPictures.draw(layoutText: layoutText, family: family, device: device, icons: icons, states: states,
                                           zone: zone, folder: "", script: path, stateFolder: stateFolder, widget: widget) {
            case .success(let pictures): return (pictures, nil)
            case .failure(let problem): return ([], problem.message)
            }
        }
        return build
    }

    /// The Live Activity drawn from a push's `content_state.data` variables, light then dark,
    /// as the app draws it (no script runs): each picture's scheme and PNG in base64, or the
    /// sentence saying why there are none.
    package static func pushPictures(_ arguments: [String], variables: JSONObject, now: Int64)
        -> (pictures: [(scheme: String, png: String, width: Double)], problem: String?) {
        guard let parsed = try? ParsedArguments(arguments, options: options), let layoutPath = parsed.value("layout") else {
            return ([], "no pictures: the studio was started without --layout")
        }
        guard let text = try? ScriptSource.load(path: layoutPath).text, let layout = try? LayoutDocument.parse(text: text) else {
            return ([], "no pictures: the layout \(layoutPath) cannot be used now (the page says why)")
        }
        if case .lines = layout.body { return ([], "no pictures: \(layoutPath) is a text layout; a JSON component tree is drawn") }
        let zone = (try? RunFlags.configuration(from: parsed).zone) ?? RunConfiguration().zone
        let job = PictureRequest.Job(stem: "push", outputs: variables, now: now, utcOffsetSeconds: zone.offsetSeconds(atEpochSeconds: now / 1000),
                                     families: [.liveActivity], schemes: [.light, .dark])
        let request = PictureRequest(layout: text, device: (try? PictureOptions.device(parsed)) ?? .reference, scale: PreviewPictures.scale,
                                     folder: "", stateFolder: nil, widget: "", icons: parsed.value("icons"), jobs: [job])
        switch PictureClient.draw(request) {
        case .failure(let problem): return ([], problem.message)
        case .success(let answer): return (answer.pictures.map { ($0.scheme.rawValue, $0.base64, $0.width) }, nil)
        }
    }

    /// The script and the files `arguments` name that a save should redraw for: the layout,
    /// the profile and the fixtures.
    package static func watchedFiles(_ arguments: [String]) throws -> [String] {
        let parsed = try ParsedArguments(arguments, options: options)
        return Array(parsed.positionals.prefix(1)) + ["layout", "profile", "fixtures"].compactMap { parsed.value($0) }
    }
}
