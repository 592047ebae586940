import CLIOptions
import Canvas
import JSONKit
import Layout
import WidgetGeometry
import WidgetHost
import WidgetPictures

/// `render:` with a `family`, and `expect.widget`: a fixture that pins a widget family's picture
/// of a layout (laid out with Pango's measurements and drawn whole, as `widgethost render
/// --family` draws it) and the findings only the picture gives.
///
/// ```yaml
/// layout: |
///   {"type": "text", "content": "${title}", "lineLimit": 1}
/// render: { layout: true, family: circular, scheme: dark, scale: 2, device: iphone-15-pro, tolerance: 0 }
/// expect:
///   widget: { diagnosticsExact: [render-text-truncated], diagnostics: [{ code: render-text-truncated, field: /content }] }
/// ```
/// `layout` is `true` (the fixture's `layout:` block) or a layout file's name beside the fixture.
/// The golden is compared as a canvas's is (`tolerance`, `--update`, `NAME.actual.png`, `NAME.diff.png`).
enum WidgetFixtureCheck {
    static let expectKeys: Set<String> = ["diagnostics", "diagnosticsExact"]

    static func run(_ fixture: Fixture, settings: JSONObject, report: RunReport, drawer: (any CanvasDrawing)?,
                    widgets: (any WidgetDrawing)?, update: Bool) -> [String] {
        let want = fixture.expect["widget"]
        if let want {
            guard case .object(let expectation) = want else { return ["malformed fixture: expect.widget is a map such as { diagnosticsExact: [] }"] }
            for key in expectation.keys where !expectKeys.contains(key) {
                return ["malformed fixture: expect.widget has no key '\(key)'; its keys are \(expectKeys.sorted().joined(separator: ", "))"]
            }
        }
        guard let name = settings["family"]?.stringValue else {
            return ["malformed fixture: expect.widget needs render.family (small, medium, large, circular, rectangular, inline or live-activity)"]
        }
        guard let family = WidgetFamily(name: name) else {
            return ["malformed fixture: render.family '\(name)' is not a family; use " + WidgetFamily.allCases.map(\.rawValue).joined(separator: ", ")]
        }
        var device = DeviceModel.reference
        if let value = settings["device"] {
            // Read as `--device` is (RunOptions), so a fixture names the devices the command line does.
            do { device = try RunOptions.device.decode(value.stringValue ?? value.serialized()) } catch {
                return ["malformed fixture: render.device: \(error.message)"]
            }
        }
        if settings["canvas"] != nil || settings["size"] != nil {
            return ["malformed fixture: render.family draws the layout at the family's size; drop canvas and size"]
        }
        var scheme = ColorScheme.light
        if let value = settings["scheme"] {
            guard let parsed = value.stringValue.flatMap(ColorScheme.init(rawValue:)) else { return ["malformed fixture: render.scheme is light or dark"] }
            scheme = parsed
        }
        var scale = 1
        if let value = settings["scale"] {
            guard case .number(let number) = value, [1.0, 2, 3].contains(number) else { return ["malformed fixture: render.scale is 1, 2 or 3"] }
            scale = Int(number)
        }
        var tolerance = 0
        if let value = settings["tolerance"] {
            guard case .number(let number) = value, number >= 0, number == number.rounded() else { return ["malformed fixture: render.tolerance is a whole number of changed pixels"] }
            tolerance = Int(number)
        }
        let text: String
        switch settings["layout"] {
        case .bool(true)?:
            guard let block = (try? LayoutFixtureCheck.text(of: fixture))??.text else {
                return ["malformed fixture: render.layout: true draws the fixture's layout: block, which is missing"]
            }
            text = block
        case .string(let file)?:
            let layout = fixture.path(beside: file)
            guard let loaded = try? ScriptSource.load(path: layout) else { return ["render: cannot read the layout \(layout.shown)"] }
            text = loaded.text
        default:
            return ["malformed fixture: render.layout is true (the layout: block) or a layout file beside the fixture"]
        }
        let document: LayoutDocument
        do { document = try LayoutDocument.parse(text: text) } catch {
            return ["render: the layout does not load: \(error.description)"]
        }
        if case .lines = document.body { return ["render: a text layout (lines) has no components to draw as a widget"] }
        guard let drawer, let widgets else {
            return [RenderFixtureCheck.needsRenderProgram]
        }
        guard report.status == .ok else {
            return ["render: the run ended \(report.status.rawValue), so nothing is drawn"]
        }
        let options = GeometryOptions(now: Double(report.finishedAt),
                                      utcOffsetSeconds: report.zone.offsetSeconds(atEpochSeconds: report.finishedAt / 1000))
        let drawn = draw(widgets, document, outputs: report.outputs, family: family, device: device, scale: scale,
                         scheme: scheme, options: options)
        var failures: [String] = []
        if case .object(let expectation)? = want { failures += check(expectation, drawn.diagnostics) }
        return failures + RenderFixtureCheck.compareGolden(
            fixture, settings: settings, bytes: drawn.bytes, pixelWidth: drawn.pixelWidth, pixelHeight: drawn.pixelHeight,
            tolerance: tolerance, drawer: drawer, update: update)
    }

    /// The layout drawn with `drawer`. A fixture reads no image files: an image draws its
    /// placeholder (`render-image-missing`), an icon its neutral glyph.
    static func draw<Drawing: WidgetDrawing>(_ drawer: Drawing, _ document: LayoutDocument, outputs: JSONObject, family: WidgetFamily,
                                             device: DeviceModel, scale: Int, scheme: ColorScheme, options: GeometryOptions) -> DrawnWidget {
        let assets = drawer.assets(images: { _ in
            .problem(AssetProblem(.imageMissing, "is not read by a fixture (fixtures draw an image as its placeholder)"))
        }, icons: nil)
        return WidgetPictures.draw(document, outputs: outputs, family: family, device: device, scale: scale, scheme: scheme,
                                   options: options, assets: assets, drawer: drawer)
    }

    static func check(_ want: JSONObject, _ diagnostics: [JSONValue]) -> [String] {
        var failures: [String] = []
        for (key, value) in want {
            switch key {
            case "diagnosticsExact":
                let codes = JSONValue.array(diagnostics.map { $0["code"] ?? .null })
                if value != codes { failures.append("widget.diagnosticsExact: expected \(value.serialized()), got \(codes.serialized())") }
            case "diagnostics":
                guard case .array(let items) = value else {
                    failures.append("malformed fixture: expect.widget.diagnostics is a list")
                    continue
                }
                for item in items {
                    let found = item.stringValue.map { code in diagnostics.contains { $0["code"]?.stringValue == code } }
                        ?? diagnostics.contains { FixtureRunner.diagnosticMatches(item, $0) }
                    if !found {
                        failures.append("widget.diagnostics: expected one matching \(item.serialized()), got \(JSONValue.array(diagnostics).serialized())")
                    }
                }
            default: break
            }
        }
        return failures
    }
}
