import Canvas
import Dispatch
import ErrorKinds
import HostSystem
import JSONKit
import Layout
import Preview
import Synchronization
import WidgetGeometry
import WidgetHost
import WidgetPictures

/// `widgethost render SCRIPT --layout FILE --family F|--all-families`: the layout laid out at
/// each family's size and drawn by ``WidgetPictures`` (as every picture is), one per family.
enum RenderWidgets {
    struct Request {
        var families: [WidgetFamily]
        var device: DeviceModel
        var all: Bool
        /// `--icons DIR`: a folder of `NAME.svg` files for the icons.
        var icons: String?
    }

    /// The families and device the flags name, or nil when neither `--family` nor
    /// `--all-families` is given (the layout's root is then drawn as a canvas).
    static func request(_ arguments: ParsedArguments) throws(UsageError) -> Request? {
        let all = arguments.isSet(RenderCommand.allFamilies)
        let family = try arguments.get(PictureOptions.family)
        guard all || family != nil else {
            if arguments.given(PictureOptions.device) { throw UsageError("--device needs --family or --all-families") }
            if arguments.given(PictureOptions.icons) { throw UsageError("--icons needs --family or --all-families") }
            return nil
        }
        if all, family != nil { throw UsageError("--family and --all-families both name families; give one") }
        return Request(families: family.map { [$0] } ?? WidgetFamily.allCases, device: try PictureOptions.device(arguments), all: all,
                       icons: try arguments.get(PictureOptions.icons))
    }

    /// Where each family's picture goes: `--out FILE` for one family, files in `--out DIR` for
    /// all of them; by default `NAME-FAMILY.png` in the current folder.
    static func path(for family: WidgetFamily, request: Request, out: String?, base: String, format: PictureFormat) -> String {
        let file = "\(base)-\(family.rawValue).\(format.rawValue)"
        guard let out, !out.isEmpty else { return file }
        guard request.all else { return out }
        return out.hasSuffix("/") ? out + file : out + "/" + file
    }

    /// Lays out and draws every family; prints the findings; returns the exit status.
    static func run<Drawing: WidgetDrawing>(_ request: Request, layout: LayoutDocument, layoutPath: String, report: RunReport, files store: StateStore,
                                            widget: String, out: String?, base: String, scale: Int, scheme: ColorScheme, format: RenderCommand.Format,
                                            drawer: Drawing, terminal: Terminal) throws -> Int32 {
        let pictureFormat: PictureFormat = format == .svg ? .svg : .png
        let style = TextStyle(enabled: terminal.colorErr)
        let now = report.finishedAt
        let assets = drawer.assets(images: WidgetFiles.imageReader(store, widget: widget), icons: request.icons.map(WidgetFiles.iconReader))
        let options = GeometryOptions(now: Double(now), utcOffsetSeconds: report.zone.offsetSeconds(atEpochSeconds: now / 1000))
        if request.all, let out, !out.isEmpty {
            do { try NewFiles.makeFolders(out) } catch {
                throw CommandError("cannot create the folder \(out): \(error.path) \(error.message)", kind: error.errorKind)
            }
        }
        if case .lines = layout.body {
            terminal.err("\(style.red("error")): \(report.script): the layout \(layoutPath) is a text layout (lines), which has no components to draw as a widget")
            return ExitStatus.failure
        }
        var pictures: [JSONValue] = []
        var files: [String] = []
        var lines: [String] = []
        // Each picture is encoded and written on another thread while the next family is laid
        // out and drawn (text and drawing stay on this thread, with Pango's font map); the
        // first failed write, in the families' order, is the command's error once all are done.
        let writes = DispatchGroup()
        let failures = WriteFailures()
        var findings = FamilyFindings()
        for (index, family) in request.families.enumerated() {
            let widget = WidgetPictures.pending(layout, outputs: report.outputs, family: family, device: request.device, scale: scale,
                                                schemes: [scheme], format: pictureFormat, options: options, assets: assets, drawer: drawer)[0]
            let picture = widget.picture
            for d in widget.findings {
                let label = d.severity == .warning ? style.yellow("warning") : style.cyan("info")
                findings.add(family.label, prefix: "\(label): \(report.script): \(d.path): ", message: d.message, suffix: " [\(d.code.rawValue)]")
            }
            for (path, d) in picture.canvasDiagnostics {
                findings.add(family.label, prefix: "\(d.severity == .error ? style.red("error") : style.yellow("warning")): \(report.script): \(path): \(CanvasSource.place(d))",
                             message: d.message, suffix: " [\(d.code.rawValue)]")
            }
            let file = path(for: family, request: request, out: out, base: base, format: pictureFormat)
            DispatchQueue.global().async(group: writes) {
                do throws(AtomicFile.WriteError) { try AtomicFile.write(picture.bytes(), toPath: file) } catch { failures.add(index, file: file, error) }
            }
            files.append(file)
            lines.append("\(file): \(family.rawValue), \(picture.pixelWidth)×\(picture.pixelHeight) px, \(widget.findings.count) finding\(widget.findings.count == 1 ? "" : "s")")
            pictures.append([
                "family": .string(family.rawValue), "file": .string(file),
                "size": ["width": .number(widget.width), "height": .number(widget.height)],
                "pixels": ["width": .number(Double(picture.pixelWidth)), "height": .number(Double(picture.pixelHeight))],
                "cornerRadius": .number(widget.cornerRadius),
                "diagnostics": .array(widget.diagnostics),
                "components": .array(widget.components),
            ])
        }
        findings.lines.forEach(terminal.err)
        writes.wait()
        if let (file, error) = failures.first {
            throw CommandError("cannot write the picture to \(file): \(error.message)", kind: error.errorKind)
        }
        if format == .json {
            let object: JSONObject = [
                "schema": "widgethost.render/1", "script": .string(report.script), "status": .string(report.status.rawValue),
                "drawn": true, "source": ["layout": .string(layoutPath)], "device": .string(request.device.name),
                "format": "png", "scale": .number(Double(scale)), "scheme": .string(scheme.rawValue),
                "files": .array(files.map { .string($0) }), "widgets": .array(pictures), "run": report.json,
            ]
            terminal.out(JSONValue.object(object).serialized(pretty: true))
        } else {
            for line in lines { terminal.out(line) }
        }
        return ExitStatus.success
    }
}

/// The pictures' writes that failed, by the family's place in the command's order.
private final class WriteFailures: Sendable {
    private let failed = Mutex<[Int: (file: String, error: AtomicFile.WriteError)]>([:])

    func add(_ index: Int, file: String, _ error: AtomicFile.WriteError) { failed.withLock { $0[index] = (file, error) } }

    /// The failure of the first family in order, if any.
    var first: (file: String, error: AtomicFile.WriteError)? {
        failed.withLock { failed in failed.keys.min().flatMap { failed[$0] } }
    }
}

