import Canvas
import HostSystem
import JSONKit
import Layout
import WidgetHost
import WidgetPictures
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `render:` and `expect.canvas`: a fixture that pins a picture of its canvas.
///
/// ```yaml
/// render: { canvas: drawing, size: 120x120, scheme: light, scale: 1, tolerance: 0 }
/// expect:
///   canvas: { drawn: 3, diagnosticsExact: [] }
/// ```
/// The golden picture is `NAME.png` beside `NAME.js` (or `golden:`); `--update` writes it. A
/// failing comparison writes `NAME.actual.png` and `NAME.diff.png` into the folder named by
/// `WIDGETHOST_TEST_PICTURES` (the report's folder; else the current one) and names them.
enum RenderFixtureCheck {
    static let keys: Set<String> = ["canvas", "layout", "size", "scheme", "scale", "tolerance", "golden", "family", "device"]
    static let expectKeys: Set<String> = ["diagnostics", "diagnosticsExact", "given", "drawn"]
    /// The failure of a picture fixture run by a worker that cannot draw.
    static let needsRenderProgram = "this fixture draws a picture, which needs the widgethost-render program beside widgethost or in ../libexec/widgethost from its folder (install the package, or use Scripts/widgethost, which builds all three programs)"

    static func run(_ fixture: Fixture, report: RunReport, drawer: (any CanvasDrawing)?, widgets: (any WidgetDrawing)? = nil,
                    update: Bool) -> [String] {
        let settingsValue = fixture.settings["render"]
        if case .object(let settings)? = settingsValue, settings["family"] != nil || fixture.expect["widget"] != nil {
            return WidgetFixtureCheck.run(fixture, settings: settings, report: report, drawer: drawer, widgets: widgets, update: update)
        }
        if fixture.expect["widget"] != nil {
            return ["malformed fixture: expect.widget checks a family's picture; add render: { layout: true, family: small }"]
        }
        let want = fixture.expect["canvas"]
        guard settingsValue != nil || want != nil else { return [] }
        guard case .object(let settings)? = settingsValue else {
            return ["malformed fixture: 'render' is a map such as { canvas: drawing, size: 120x120 }" + (settingsValue == nil ? " (expect.canvas needs it)" : "")]
        }
        for key in settings.keys where !keys.contains(key) {
            return ["malformed fixture: render has no key '\(key)'; its keys are \(keys.sorted().joined(separator: ", "))"]
        }
        if case .object(let expectation)? = want {
            for key in expectation.keys where !expectKeys.contains(key) {
                return ["malformed fixture: expect.canvas has no key '\(key)'; its keys are \(expectKeys.sorted().joined(separator: ", "))"]
            }
        }
        guard let drawer else {
            return [RenderFixtureCheck.needsRenderProgram]
        }
        guard report.status == .ok else {
            // D11: a run that does not end ok draws nothing; a fixture says so with drawn: 0.
            if case .object(let expectation)? = want, expectation["drawn"] == .number(0) { return [] }
            return ["render: the run ended \(report.status.rawValue), so nothing is drawn (expect.canvas.drawn: 0 pins that)"]
        }
        var request: CanvasRequest
        if settings["layout"] == .bool(true) {
            guard let text = (try? LayoutFixtureCheck.text(of: fixture))??.text, let document = try? LayoutDocument.parse(text: text) else {
                return ["malformed fixture: render.layout: true draws the fixture's layout: block, which is missing or does not load"]
            }
            switch CanvasSource.fromLayout(document.render(outputs: report.outputs)) {
            case .failure(let message): return ["render: \(message)"]
            case .success(let found): request = found
            }
        } else {
            let name = settings["canvas"]?.stringValue ?? "drawing"
            guard let commands = report.outputs[name] else { return ["render: the run has no output '\(name)' to draw"] }
            request = CanvasRequest(commands: commands, width: 170, height: 170)
        }
        if let size = settings["size"] {
            let parts = (size.stringValue ?? "").split(separator: "x")
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width >= 1, height >= 1, width <= 2000, height <= 2000 else {
                return ["malformed fixture: render.size is WxH in points, such as 120x120"]
            }
            request.width = width
            request.height = height
        }
        if let scheme = settings["scheme"] {
            guard let parsed = scheme.stringValue.flatMap(ColorScheme.init(rawValue:)) else { return ["malformed fixture: render.scheme is light or dark"] }
            request.scheme = parsed
        }
        request.scale = 1
        if let scale = settings["scale"] {
            guard case .number(let value) = scale, [1.0, 2, 3].contains(value) else { return ["malformed fixture: render.scale is 1, 2 or 3"] }
            request.scale = Int(value)
        }
        var tolerance = 0
        if let value = settings["tolerance"] {
            guard case .number(let number) = value, number >= 0, number == number.rounded() else { return ["malformed fixture: render.tolerance is a whole number of changed pixels"] }
            tolerance = Int(number)
        }
        let picture = drawer.draw(request)
        var failures: [String] = []
        if case .object(let expectation)? = want {
            failures += check(expectation, picture)
        }
        return failures + compareGolden(fixture, settings: settings, bytes: picture.bytes, pixelWidth: picture.pixelWidth,
                                        pixelHeight: picture.pixelHeight, tolerance: tolerance, drawer: drawer, update: update)
    }

    /// The golden picture (`NAME.png`, or `golden:`) written under `--update`, else compared:
    /// more changed pixels than `tolerance`, or another size, writes `NAME.actual.png` and
    /// `NAME.diff.png` and names them.
    /// The golden is written only beside the fixture, inside the suite's folder: `golden:` is a
    /// `.png` name with no folder, a link at its name is replaced and never written through, and
    /// a link on the way is refused (``GoldenFile``); so are the pictures of a failing comparison,
    /// in their folder.
    static func compareGolden(_ fixture: Fixture, settings: JSONObject, bytes: [UInt8], pixelWidth: Int, pixelHeight: Int,
                              tolerance: Int, drawer: any CanvasDrawing, update: Bool) -> [String] {
        let golden: FileSystem.Location
        if let value = settings["golden"] {
            let name = value.stringValue ?? value.serialized()
            if let problem = GoldenFile.nameProblem(name) {
                return ["malformed fixture: render.golden \(problem), such as ring-dark.png (it is \(JSONValue.string(name).serialized()))"]
            }
            golden = fixture.sibling(Array(name.utf8))
        } else {
            golden = fixture.sibling(fixture.stem + Array(".png".utf8))
        }
        if update {
            do { try GoldenFile.write(bytes: bytes, to: golden) } catch { return ["cannot write \(golden.display): \(error.message)"] }
            return []
        }
        let expected: [UInt8]
        switch GoldenFile.read(golden) {
        case .unreadable(let message): return ["render: \(message)"]
        case .missing: return ["render: no golden picture \(golden.display); write it with widgethost test --update and look at it before committing"]
        case .file(let found): expected = found
        }
        if expected == bytes { return [] }
        guard let comparison = drawer.compare(actual: bytes, golden: expected) else {
            return ["render: \(golden.display) is not a PNG"]
        }
        if !comparison.sizeDiffers, comparison.changedPixels <= tolerance { return [] }
        let folder = getenv("WIDGETHOST_TEST_PICTURES").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "."
        func picture(_ suffix: String) -> FileSystem.Location {
            let name = fixture.stem + Array(suffix.utf8)
            return FileSystem.Location(base: folder, folders: [], name: name, display: folder + "/" + SystemPath.escape(name))
        }
        let actual = picture(".actual.png"), difference = picture(".diff.png")
        let wrote = (try? GoldenFile.write(bytes: bytes, to: actual)) != nil && (try? GoldenFile.write(bytes: comparison.difference, to: difference)) != nil
        let what = comparison.sizeDiffers
            ? "the picture is \(pixelWidth)×\(pixelHeight) px, which is not the golden's size"
            : "\(comparison.changedPixels) pixels differ from \(golden.display) (tolerance \(tolerance))"
        return ["render: \(what); " + (wrote ? "the picture drawn is \(actual.display), the difference (changed pixels in red) \(difference.display)" : "the pictures could not be written to \(folder)")]
    }

    static func check(_ want: JSONObject, _ picture: CanvasPicture) -> [String] {
        var failures: [String] = []
        let diagnostics = picture.diagnostics.map(CanvasSource.json)
        for (key, value) in want {
            switch key {
            case "given", "drawn":
                let actual = Double(key == "given" ? picture.given : picture.drawn)
                if value != .number(actual) { failures.append("canvas.\(key): expected \(value.serialized()), got \(JSONValue.formatNumber(actual))") }
            case "diagnosticsExact":
                let codes = picture.diagnostics.map { JSONValue.string($0.code.rawValue) }
                if value != .array(codes) {
                    failures.append("canvas.diagnosticsExact: expected \(value.serialized()), got \(JSONValue.array(codes).serialized())")
                }
            case "diagnostics":
                guard case .array(let items) = value else {
                    failures.append("malformed fixture: expect.canvas.diagnostics is a list")
                    continue
                }
                for item in items {
                    let found = item.stringValue.map { code in diagnostics.contains { $0["code"]?.stringValue == code } }
                        ?? diagnostics.contains { FixtureRunner.diagnosticMatches(item, $0) }
                    if !found {
                        failures.append("canvas.diagnostics: expected one matching \(item.serialized()), got \(JSONValue.array(diagnostics).serialized())")
                    }
                }
            default: break
            }
        }
        return failures
    }
}
