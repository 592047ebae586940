import ErrorKinds
import HostSystem
import JSONKit
import Synchronization
import Layout
import Preview
import Timeline
import WidgetGeometry
import WidgetHost
import WidgetPictures
import Canvas

/// `widgethost studio SCRIPT …`: a live page in the browser for a script's author. Declared here,
/// so that help, completions and the manual page know it; carried out by `widgethost-serve studio`
/// (the `Studio` module), because it serves HTTP with H2O's library, which only that program links.
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
        $params) and the --profile's settings and widget id and name, in memory
        only, and redraw; the address keeps them, so a link reopens the same view.
        The network panel shows each request of the run with its answer.
        A save of the script, layout, profile or fixtures updates the page in place
        (server-sent events); a script that fails keeps the last good pictures,
        marked stale. Everything the page loads comes from the studio; it serves no
        other file. Stops on Ctrl-C.

        The app's VS Code extension (Omni Widgets) pairs with the studio as with the
        app's editor: the address and a six-digit pairing code are printed at start,
        and the studio is advertised over mDNS (_omniwidgets-code._tcp) where Avahi
        runs. Then VS Code opens the script, saves write it, and "Run" runs it here.
        Only requests whose Host names the address listened on (--listen; the
        loopback by default) are answered.
        """

    package static let examples: [Command.Example] = [
        .init("A live page of a widget and its layout", "widgethost studio Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json --layout Fixtures/Examples/weather.layout.json"),
        .init("On a free port, for a Live Activity", "widgethost studio Fixtures/Examples/live-countdown.js --kind live --port 0"),
        .init("For VS Code on another machine (or outside a container)", "widgethost studio Fixtures/Examples/weather.js --listen 0.0.0.0"),
    ]

    package static let exitCodes: [(Int32, String)] = [
        (ExitStatus.success, "stopped with Ctrl-C (SIGINT) or SIGTERM"),
        (ExitStatus.usage, "a usage error"),
        (ExitStatus.failure, "it cannot listen on the address"),
        (ExitStatus.noInput, "the script's folder does not exist"),
        (ExitStatus.unavailable, "the port is in use by another program"),
    ]

    static let layout = Option<String>.file(
        "layout", "file", "A JSON component tree drawn at every family, light and dark (or a text layout: one field per line).",
        nonEmpty: "name a layout file")
    static let hours = SimulateCommand.span(hours: "Span of the refreshes in hours, at most 168. Default: 24.",
                                            maximumDays: StudioBounds.spanDays, spanning: "the studio's day")
    static let days = SimulateCommand.span(days: "Span of the refreshes in days, at most 7. Not with --hours.",
                                           maximumDays: StudioBounds.spanDays, spanning: "the studio's day")
    /// `--port`: 0 for a free one.
    package static let port = Option<Int>.whole(
        "port", "port", "Port to listen on; 0 picks a free one. Default: 8790.", in: 0...65535)
    /// `--listen`: the address to listen on, canonical (`NetworkInterfaces.canonical`).
    package static let listen = Option<String>(
        "listen", "address",
        "Address to listen on: 127.0.0.1 (the default, this machine only), one of this machine's addresses, or 0.0.0.0 or :: for all (VS Code on another machine, a container)."
    ) { (text) throws(UsageError) in
        guard let address = NetworkInterfaces.canonical(text) else {
            throw UsageError("bad --listen '\(text)'; give an IP address: 127.0.0.1 (the default), an address of this machine such as 192.168.1.20, or 0.0.0.0 or :: for all")
        }
        return address
    }
    /// `--open`.
    package static let open = Flag("open", "Open the page in the browser (xdg-open) once it is served.")

    /// The options of `studio`: the preview's drawing and strip options, every run option, and the server's.
    package static let options: [OptionSpec] = [
        layout.spec,
        PictureOptions.device(help: "With a component tree: " + PictureOptions.deviceHelp).spec,
        PictureOptions.icons(help: "With a component tree: " + PictureOptions.iconsHelp).spec,
        hours.spec, days.spec,
        Flag("realistic", "Realistic mode for the refreshes: a seeded delay of 0 to 10 minutes on each.").spec,
    ] + RunOptions.commandLine + RunOptions.scriptAPI + [port.spec, listen.spec, open.spec]

    static let command = Command(name: name, abstract: abstract, program: ServeProgram.program, discussion: discussion,
                                 arguments: [.file("script", "The script file (UTF-8 JavaScript).")], options: options,
                                 examples: examples, exitCodes: exitCodes, leadingArguments: [name])

    /// One control of the page: a run option's declaration (its name, placeholder, help line
    /// and the words or range it takes), whose value the studio decodes as that option.
    package struct Control: Sendable {
        /// The option's declaration, as the command line and help see it.
        package let spec: OptionSpec
        /// The words the option takes, or empty.
        package var choices: [String] {
            if case .choices(let words) = spec.value { return words }
            return []
        }
        /// The range of a number, or nil.
        package var range: ClosedRange<Double>? {
            if case .number(let range) = spec.value { return range }
            return nil
        }
    }

    /// The options the page offers as controls, in the order shown: the run options'
    /// declarations (``RunOptions/declarations``) the page shows, then the span of the day.
    package static var controls: [Control] {
        let shown = ["now", "tz", "locale", "seed", "edition", "kind", "dimension", "device", "budget", "network", "context", "param"]
        let run = shown.compactMap { name in RunOptions.declarations.first { $0.spec.name == name && $0.onCommandLine }?.spec }
        return (run + [hours.spec]).map(Control.init)
    }

    /// The scrubber shows the widget after each of the day's refreshes, light and dark, up to this many refreshes.
    package static let refreshPicturesLimit = 300

    /// What one build of the studio's page holds: the preview, and what draws the widget as it
    /// looked after each refresh of the day (the kind's family, light and dark).
    package struct Build: Sendable {
        package var document: PreviewDocument
        /// The answers the run's network is given from `--fixtures` (replay), the mode, and each
        /// request the run and the day's refreshes made with its answer (from the fixtures,
        /// recorded, or live), in order.
        package var network: (mode: String, fixtures: [NetworkFixture], problem: String?, exchanges: [NetworkExchange])
            = ("live", [], nil, [])
        /// The state folder, and the widget's config, settings and storage keys in it (slot 1,
        /// a widget run's); nil when the run keeps its state in memory.
        package var state: (folder: String, config: JSONObject, settings: [String: String], values: [String: String])?
        /// A HarmonyOS card's own stores in the state folder (H10, H11): its kind and dimension's
        /// `Shared` values (`scope`, e.g. `desk_2x4`), the settings an app run stored and its
        /// files; nil in the iOS edition or when the run keeps its state in memory.
        package var card: (scope: String, shared: JSONObject, settings: JSONObject, files: [String])?
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
    package static func build(_ arguments: [String], profileEdits: [String: String] = [:],
                              pictures: StudioPictures = StudioPictures()) throws -> Build {
        let parsed = try ParsedArguments(arguments, options: options)
        guard let path = parsed.positionals.first else { throw UsageError("missing the script to show") }
        guard parsed.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(parsed.positionals[1])'; studio takes one script")
        }
        try PictureOptions.requireLayout(parsed, layout: layout)
        let device = try PictureOptions.device(parsed)
        let icons = try PictureOptions.icons(parsed)
        // The studio's bound on its day (the simulation reads the span as simulate's options do).
        _ = try parsed.get(hours)
        _ = try parsed.get(days)
        var base = try RunOptions.decode(parsed).configuration
        let simulation = try SimulateCommand.makeSimulation(parsed, runConfiguration: base)
        base.now = simulation.configuration.startMs
        var loader = PreviewInputsLoader(arguments: parsed, path: path, base: base, simulation: simulation)
        loader.profileEdits = profileEdits
        loader.watchesNetwork = true
        let inputs = try loader.load(strict: false)
        var builder = PreviewBuilder()
        builder.recordsRefreshes = true
        builder.refreshKeeping = StudioBounds.kept
        var build = Build(document: builder.build(inputs))
        let document = build.document
        let harmony = inputs.configuration.edition == .harmony
        if harmony {
            // ArkUI lays a HarmonyOS card out, which the host does not imitate yet: no iOS picture stands in for one.
            build.document.pictures = inputs.layout.map { _ in
                PictureSection(folder: "", device: "HarmonyOS \(inputs.configuration.card.description)", scale: PreviewPictures.scale, families: [],
                               problem: Self.harmonyNotDrawn)
            }
        } else {
            build.document.pictures = pictures.with { PreviewPictures.section(inputs, document: document, arguments: parsed, client: $0) }
        }
        build.network.mode = inputs.configuration.network.mode.rawValue
        build.network.exchanges = inputs.configuration.network.recorder?.recorded ?? []
        if let fixtures = try parsed.get(RunOptions.fixtures) {
            do { build.network.fixtures = try NetworkFixtures.load(path: fixtures).fixtures } catch {
                build.network.problem = error.description
            }
        }
        let widget = inputs.configuration.widgetIdentity(scriptName: inputs.source?.name ?? path).id
        if let store = inputs.configuration.storage, let folder = store.directory {
            let saved = try? store.widget(widget)
            build.state = (folder, saved?.config ?? [:], saved?.settings ?? [:], (try? store.values("1")) ?? [:])
            if harmony {
                let scope = inputs.configuration.card.sharedScope
                build.card = (scope, (try? store.shared(scope)) ?? [:], saved?.harmonySettings ?? [:],
                              store.cardFiles(widget: widget, limit: StudioBounds.rows + 1))
            }
        }
        guard !harmony, let layout = inputs.layout, let timeline = build.document.timeline else { return build }
        if case .lines = layout.body { return build }
        let states = build.document.refreshStates.filter { $0.status == "ok" }.map { (at: $0.at, refresh: $0.index, outputs: $0.outputs) }
        let family = PreviewPictures.family(of: inputs.configuration.kind)
        let stateFolder = inputs.configuration.storage?.directory
        let zone = timeline.zone
        // Drawn when asked, after the page has the rest: the families first, then the day.
        build.refreshDrawing = RefreshDrawing {
            let drawn = pictures.with { client in
                SimulationPictures.draw(layout: layout, family: family, device: device, icons: icons, states: states,
                                        zone: zone, folder: "", script: path, stateFolder: stateFolder, widget: widget,
                                        limit: refreshPicturesLimit, schemes: [.light, .dark], client: client)
            }
            switch drawn {
            case .success(let pictures): return (pictures, nil)
            case .failure(let problem): return ([], problem.message)
            }
        }
        return build
    }

    /// Checks `arguments` as ``build(_:profileEdits:pictures:)`` does before it runs anything
    /// (each flag's value, the span, the device, the icons folder): the usage error it would throw.
    package static func check(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, options: options)
        try PictureOptions.requireLayout(parsed, layout: layout)
        _ = try PictureOptions.device(parsed)
        _ = try PictureOptions.icons(parsed)
        _ = try parsed.get(hours)
        _ = try parsed.get(days)
        let base = try RunOptions.decode(parsed).configuration
        _ = try SimulateCommand.makeSimulation(parsed, runConfiguration: base)
    }

    /// What the pictures say in the HarmonyOS edition.
    package static let harmonyNotDrawn =
        "HarmonyOS cards are not drawn yet: ArkUI lays them out, and the edition's docs publish no desk card sizes and no reference images; the run, console, network and day panels are the card's"

    /// The Live Activity drawn from a push's `content_state.data` variables, light then dark,
    /// as the app draws it (no script runs): each picture's scheme and PNG in base64, or the
    /// sentence saying why there are none.
    package static func pushPictures(_ arguments: [String], variables: JSONObject, now: Int64, pictures: StudioPictures)
        -> (pictures: [(scheme: String, png: String, width: Double)], problem: String?) {
        guard let parsed = try? ParsedArguments(arguments, options: options), let layoutPath = try? parsed.get(Self.layout) else {
            return ([], "no pictures: the studio was started without --layout")
        }
        guard let text = try? ScriptSource.load(path: layoutPath).text, let layout = try? LayoutDocument.parse(text: text) else {
            return ([], "no pictures: the layout \(layoutPath) cannot be used now (the page says why)")
        }
        if case .lines = layout.body { return ([], "no pictures: \(layoutPath) is a text layout; a JSON component tree is drawn") }
        let zone = (try? RunOptions.decode(parsed).configuration.zone) ?? RunConfiguration().zone
        let job = PictureRequest.Job(stem: "push", outputs: variables, now: now, utcOffsetSeconds: zone.offsetSeconds(atEpochSeconds: now / 1000),
                                     families: [.liveActivity], schemes: [.light, .dark])
        let request = PictureRequest(layout: layout, device: (try? PictureOptions.device(parsed)) ?? .reference, scale: PreviewPictures.scale,
                                     folder: "", stateFolder: nil, widget: "", icons: try? parsed.get(PictureOptions.icons), jobs: [job])
        switch pictures.with({ $0.draw(request) }) {
        case .failure(let problem): return ([], problem.message)
        case .success(let answer): return (answer.pictures.map { ($0.scheme.rawValue, $0.base64, $0.width) }, nil)
        }
    }

    /// The profile `arguments` name with `--profile`, read for its controls (nil without one).
    package static func profile(_ arguments: [String]) -> DeviceProfile? {
        guard let parsed = try? ParsedArguments(arguments, options: options) else { return nil }
        return ProfileControls.profile(at: try? parsed.get(RunOptions.profile))
    }

    /// The script and the files `arguments` name that a save should redraw for: the layout,
    /// the profile and the fixtures (not those a record run writes).
    package static func watchedFiles(_ arguments: [String]) throws -> [String] {
        let parsed = try ParsedArguments(arguments, options: options)
        return Array(parsed.positionals.prefix(1)) + [layout, RunOptions.profile].compactMap { try? parsed.get($0) }
            + [try APIFlags.watchedFixtures(parsed)].compactMap { $0 }
    }
}

/// The studio's one drawing child, kept for its whole life (as `preview --watch` keeps one):
/// every build, the day's pictures and a tried push draw through it, one request at a time.
package final class StudioPictures: Sendable {
    private let client = Mutex(PictureClient())

    /// A client; its child is started on the first request.
    package init() {}

    /// `body`'s result, drawn with the one client (requests wait for each other).
    func with<T: Sendable>(_ body: (PictureClient) -> T) -> T {
        client.withLock { body($0) }
    }
}
