import Canvas
import Conformance
import ErrorKinds
import HostSystem
import JSONKit
import Layout
import Preview
import WidgetGeometry
import WidgetHost
import WidgetPictures

/// `widgethost render SCRIPT …`: runs a script, then draws a canvas from its outputs. It runs in
/// the `widgethost-render` program, which hands in what draws (`Render`, over cairo and Pango),
/// so that `widgethost` itself never loads those libraries.
package enum RenderCommand {
    package static let name = "render"
    package static let abstract = "Run a script and draw its canvas, or its layout as a widget, as PNG or SVG."
    /// The drawing program, as the picture client names it.
    package static let program = PictureChild.programName

    /// The command's help, argument and options, declared here so that help, completions and
    /// the manual page know them without loading the drawing libraries; `widgethost-render`
    /// parses with them.
    package static let discussion = """
        Runs the script as 'run' does, then draws the output named by --canvas (default:
        drawing), a list of Canvas commands, at --size in points, or the layout of
        --layout FILE whose root is a canvas component, with its own coordinate space and
        scaling mode. The picture goes to --out (default: the script's name with .png or
        .svg, in the current folder). Diagnostics for the commands go to stderr, naming
        each command's index and field. With --family F (or --all-families) the layout
        is laid out as a widget of that family at the --device's size and drawn whole,
        one NAME-FAMILY.png each; what only the layout shows (text cut off, content that
        overflows) is printed as warning lines. Images in File mode are read from the
        files the run kept (the --state folder, or the run's own in memory) by the same
        checks as FileManager's (A5), PNG and JPEG; --icons DIR draws NAME.svg for an icon
        named NAME, tinted by its colour. An image or icon that cannot be drawn shows a
        placeholder and a finding.
        """

    package static let arguments: [Command.Argument] = [.file("script", "The script file (UTF-8 JavaScript).")]

    package static let examples: [Command.Example] = [
        .init("The documentation's progress ring, at 3x", "widgethost render Fixtures/Examples/progress-ring.js --size 120x120 --scale 3 --out ring.png"),
        .init("The weather example's layout at every widget size, into a folder", "widgethost render Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json --layout Fixtures/Examples/weather.layout.json --all-families --out pictures"),
        .init("The weather widget with SVG icons for its symbols", "widgethost render Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json --layout Fixtures/Examples/weather.layout.json --family small --icons Fixtures/Examples/icons --out weather.png"),
        .init("A cached image read from the state folder the run saved it in", "widgethost render Fixtures/Examples/cached-image.js --fixtures Fixtures/Examples/cached-image.fixtures.json --state state --layout Fixtures/Examples/cached-image.layout.json --family medium"),
        .init("A chart from fetched data, dark, with a report of what was drawn", "widgethost render Fixtures/Examples/bar-chart.js --fixtures Fixtures/Examples/bar-chart.fixtures.json --size 160x100 --scheme dark --format json"),
    ]

    package static let exitCodes: [(Int32, String)] = [
        (ExitStatus.success, "drawn (warnings about commands included)"),
        (ExitStatus.failure, "the run did not end ok (nothing is drawn), or the canvas output is missing, not a list, the layout's root is not a canvas, or a layout drawn as a widget is a text layout"),
        (ExitStatus.usage, "a usage error"),
        (ExitStatus.dataError, "the script is not UTF-8, or the layout does not load"),
        (ExitStatus.noInput, "the script or the layout cannot be read, or the --icons folder cannot be opened"),
        (ExitStatus.cannotCreate, "the picture cannot be written"),
    ]

    static let canvas = Option<String>.text("canvas", "output", "The output that holds the Canvas commands. Default: drawing.")
    static let layout = Option<String>.file("layout", "file", "A layout file whose root component is a canvas (see docs/layout.md).")
    static let size = Option<(width: Double, height: Double)>(
        "size", "WxH", "The canvas's size in points, e.g. 170x170. Default: the layout's width and height, else 170x170.", decode: parseSize)
    static let scheme = Option<ColorScheme>.choice(
        "scheme", "scheme", "light or dark (the member of {light, dark} colours used). Default: light.")
    static let scale = Option<Int>("scale", "n", "1, 2 or 3 (device pixels per point). Default: 2.", value: .choices(CanvasRequest.scales.map(String.init))) {
        (text) throws(UsageError) in
        guard let value = Int(text), CanvasRequest.scales.contains(value) else { throw UsageError("bad --scale '\(text)'; use 1, 2 or 3") }
        return value
    }
    /// What `render` writes: a picture, or a picture and its report on stdout.
    package enum Format: String, CaseIterable, Sendable { case png, svg, json }
    static let format = Option<Format>.choice(
        "format", "format", "png, svg or json (a PNG, and a widgethost.render/1 report on stdout). Default: png.")
    static let out = Option<String>.file(
        "out", "file", "Where the picture goes. Default: the script's base name with .png or .svg. With --all-families: a folder.")
    static let allFamilies = Flag(
        "all-families", "Lay out and draw --layout FILE at every family, one picture each (NAME-FAMILY.png, in the folder --out).")

    package static let options: [OptionSpec] = RunOptions.commandLine + RunOptions.scriptAPI + [
        canvas.spec, layout.spec, size.spec, scheme.spec, scale.spec, format.spec, out.spec,
        PictureOptions.family(help: "Lay out --layout FILE as a widget of this family and draw it: small, medium, large, circular, rectangular, inline or live-activity.").spec,
        allFamilies.spec,
        PictureOptions.device(help: "With --family: " + PictureOptions.deviceHelp).spec,
        PictureOptions.icons(help: "With --family: " + PictureOptions.iconsHelp).spec,
    ]

    static let listing = Command(name: name, abstract: abstract, program: program, discussion: discussion, arguments: arguments, options: options,
                                 examples: examples, exitCodes: exitCodes)

    static let defaultSide = 170.0

    package static func command(drawer: any CanvasDrawing, widgets: (any WidgetDrawing)? = nil) -> Command {
        Command(
            name: name, abstract: abstract, discussion: discussion, arguments: arguments, options: options,
            examples: examples, exitCodes: exitCodes, run: { arguments, terminal in try run(arguments, terminal, drawer: drawer, widgets: widgets) })
    }

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal, drawer: any CanvasDrawing, widgets: (any WidgetDrawing)? = nil) throws -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("missing the script to run") }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'; render takes one script")
        }
        let format = try arguments.get(Self.format) ?? .png
        let canvasName = try arguments.get(canvas), layoutPath = try arguments.get(layout)
        if canvasName != nil, layoutPath != nil {
            throw UsageError("--canvas and --layout name two sources; give one")
        }
        let size = try arguments.get(Self.size)
        let scheme = try arguments.get(Self.scheme) ?? .light
        let scale = try arguments.get(Self.scale) ?? 2
        let widgetRequest = try RenderWidgets.request(arguments)
        if widgetRequest != nil {
            guard layoutPath != nil else { throw UsageError("--family and --all-families draw a layout; give --layout FILE") }
            guard widgets != nil else { throw UsageError("this program cannot draw widget layouts") }
        }
        if let folder = widgetRequest?.icons { try WidgetFiles.checkIconFolder(folder) }
        var configuration = try RunOptions.decode(arguments).configuration
        try RunOptions.refuseHarmonyPictures(configuration, command: "render")
        try APIFlags.apply(arguments, to: &configuration)
        // The run's files stay readable after it: a layout's images are read from them.
        if configuration.storage == nil { configuration.storage = StateStore() }
        var layout: LayoutDocument?
        if let file = layoutPath {
            let text: String
            do { text = try ScriptSource.load(path: file).text } catch {
                throw CommandError("cannot read the layout \(file): \(error.description)", kind: error.errorKind)
            }
            do { layout = try LayoutDocument.parse(text: text) } catch {
                throw CommandError("the layout \(file) does not load: \(error.description)", kind: error.errorKind)
            }
        }
        let source = try ScriptSource.loadScript(path: path)
        let pictureFormat: PictureFormat = format == .svg ? .svg : .png
        let outPath = try arguments.get(out)
        let out = outPath ?? (baseName(path) + "." + pictureFormat.rawValue)

        let report = ProcessHost.with { $0.run(source, configuration: configuration) }
        let style = TextStyle(enabled: terminal.colorErr)
        for line in RunReportRenderer(report: report, sourceText: source.text, budget: configuration.budget).diagnosticLines(style) {
            terminal.err(line)
        }
        var outcome = RenderOutcome(script: report.script, status: report.status.rawValue, format: pictureFormat, scale: scale, scheme: scheme)
        outcome.source = layout == nil ? ["canvas": .string(canvasName ?? "drawing")] : ["layout": .string(layoutPath!)]
        guard report.status == .ok else {
            outcome.problem = "the run ended \(report.status.rawValue), so nothing is drawn"
            return finish(outcome, report: report, format: format, terminal: terminal, code: ExitStatus.of(report))
        }
        if let widgetRequest, let layout, let widgets {
            return try RenderWidgets.run(widgetRequest, layout: layout, layoutPath: layoutPath!, report: report,
                                         files: configuration.storage ?? StateStore(), widget: configuration.widgetIdentity(scriptName: source.name).id,
                                         out: outPath, base: baseName(path), scale: scale, scheme: scheme,
                                         format: format, drawer: widgets, terminal: terminal)
        }
        var request: CanvasRequest
        if let layout {
            // The canvas's own members are checked here; its commands by the canvas parser.
            outcome.layoutFindings = layout.findings.filter { $0.code == .unknownField }
            for finding in outcome.layoutFindings {
                terminal.err("\(style.yellow("warning")): \(report.script): \(finding.location?.description ?? "layout"): \(finding.message) [\(finding.code.rawValue)]")
            }
            switch CanvasSource.fromLayout(layout.render(outputs: report.outputs)) {
            case .failure(let message):
                outcome.problem = message
                return finish(outcome, report: report, format: format, terminal: terminal, code: ExitStatus.failure)
            case .success(var found):
                if let size {
                    found.width = size.width
                    found.height = size.height
                }
                request = found
            }
        } else {
            let name = canvasName ?? "drawing"
            guard let commands = report.outputs[name] else {
                let names = report.outputs.keys
                outcome.problem = "the run has no output '\(name)'" + (names.isEmpty ? "" : "; its outputs are \(names.joined(separator: ", "))") + ", so nothing is drawn"
                return finish(outcome, report: report, format: format, terminal: terminal, code: ExitStatus.failure)
            }
            request = CanvasRequest(commands: commands, width: size?.width ?? defaultSide, height: size?.height ?? defaultSide)
        }
        request.scale = scale
        request.scheme = scheme
        request.format = pictureFormat
        let picture = drawer.draw(request)
        outcome.picture = picture
        outcome.width = request.width
        outcome.height = request.height
        for diagnostic in picture.diagnostics {
            let label: String
            switch diagnostic.severity {
            case .error: label = style.red("error")
            case .warning: label = style.yellow("warning")
            case .info: label = style.cyan("info")
            }
            terminal.err("\(label): \(report.script): \(CanvasSource.place(diagnostic))\(diagnostic.message) [\(diagnostic.code.rawValue)]")
        }
        do {
            try AtomicFile.write(picture.bytes, toPath: out)
        } catch {
            throw CommandError("cannot write the picture to \(out): \(error.message)", kind: error.errorKind)
        }
        outcome.files = [out]
        let failed = picture.diagnostics.contains { $0.severity == .error }
        return finish(outcome, report: report, format: format, terminal: terminal, code: failed ? ExitStatus.failure : ExitStatus.success)
    }

    static func finish(_ outcome: RenderOutcome, report: RunReport, format: Format, terminal: Terminal, code: Int32) -> Int32 {
        if let problem = outcome.problem {
            terminal.err("\(TextStyle(enabled: terminal.colorErr).red("error")): \(report.script): \(problem)")
        }
        if format == .json {
            terminal.out(outcome.json(run: report.json).serialized(pretty: true))
        } else if let file = outcome.files.first, let picture = outcome.picture {
            terminal.out("\(file): \(picture.pixelWidth)×\(picture.pixelHeight) px, \(picture.drawn) of \(picture.given) commands drawn")
        }
        return code
    }

    static func parseSize(_ text: String) throws(UsageError) -> (width: Double, height: Double) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width >= 1, height >= 1, width <= CanvasRequest.maximumSide, height <= CanvasRequest.maximumSide
        else { throw UsageError("bad --size '\(text)'; use WxH in points from 1 to 2000, such as 170x170") }
        return (width, height)
    }

    static func baseName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".js") { name.removeLast(3) }
        return name.isEmpty ? "canvas" : name
    }
}
