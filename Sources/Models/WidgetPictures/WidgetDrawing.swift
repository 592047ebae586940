import Canvas
import JSONKit
import Layout
import WidgetGeometry

/// What draws laid-out widgets: `widgethost-render` hands one in (over `Render`'s
/// `WidgetRenderer`), so that `widgethost` itself never loads the drawing libraries.
public protocol WidgetDrawing: Sendable {
    /// What decodes the images' and icons' files the readers find.
    associatedtype Assets: WidgetAssets
    /// The text measurer the layout of a picture at `scale` is made with, so that frames match
    /// the drawn text.
    func measurer(scale: Int) -> any TextMeasurer
    /// The pictures of the files `images` (an image's `content`) and `icons` (a symbol name)
    /// read, decoded once for every family; the layout is made with them.
    func assets(images: @escaping AssetReader, icons: AssetReader?) -> Assets
    /// The widget drawn, with its canvases' diagnostics (each with the component's path); its
    /// bytes are made when asked for (``PendingPicture/bytes()``).
    func draw(_ result: GeometryResult, assets: Assets, scale: Int, scheme: ColorScheme, format: PictureFormat) -> PendingPicture
}

/// A widget drawn, its file's bytes still to be made: ``bytes()`` encodes the picture (for PNG,
/// a large part of the cost) and may be called on another thread, so that `render
/// --all-families` encodes and writes one family while it draws the next.
public struct PendingPicture: Sendable {
    /// The picture's size in pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The canvases' diagnostics, each with its component's path.
    public var canvasDiagnostics: [(path: String, diagnostic: CanvasDiagnostic)]
    private let encode: @Sendable () -> [UInt8]

    public init(pixelWidth: Int, pixelHeight: Int, canvasDiagnostics: [(path: String, diagnostic: CanvasDiagnostic)],
                bytes: @escaping @Sendable () -> [UInt8]) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.canvasDiagnostics = canvasDiagnostics
        self.encode = bytes
    }

    /// The picture (PNG or SVG), the same bytes each time for the same drawing.
    public func bytes() -> [UInt8] { encode() }
}

/// One family of a layout drawn in one scheme: the picture and everything found on the way.
public struct DrawnWidget: Sendable {
    /// The family laid out and the scheme drawn.
    public var family: WidgetFamily
    public var scheme: ColorScheme
    /// The picture (PNG or SVG) and its size in pixels.
    public var bytes: [UInt8]
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The family's size in points and its corner radius.
    public var width: Double
    public var height: Double
    public var cornerRadius: Double
    /// The layout's findings (`render-*`), each `code`, `severity`, `message`, `path` and
    /// `field` when known, then the canvases' diagnostics with their component's `path`.
    public var diagnostics: [JSONValue]
    /// The findings alone, for lines on stderr.
    public var findings: [GeometryDiagnostic]
    /// The canvases' diagnostics, each with its component's path.
    public var canvasDiagnostics: [(path: String, diagnostic: CanvasDiagnostic)]
    /// Every component's frame (``GeometryResult/componentFrames``), the same in every scheme.
    public var components: [JSONValue]
}

/// One family of a layout drawn in one scheme, its file's bytes still to be made: a
/// ``DrawnWidget`` once ``encoded()``.
public struct PendingWidget: Sendable {
    /// The family laid out and the scheme drawn.
    public var family: WidgetFamily
    public var scheme: ColorScheme
    /// The picture, encoded when asked for.
    public var picture: PendingPicture
    /// The family's size in points and its corner radius.
    public var width: Double
    public var height: Double
    public var cornerRadius: Double
    /// As ``DrawnWidget/diagnostics``: the layout's findings, then the canvases' diagnostics.
    public var diagnostics: [JSONValue]
    /// The layout's findings alone.
    public var findings: [GeometryDiagnostic]
    /// Every component's frame (``GeometryResult/componentFrames``).
    public var components: [JSONValue]

    /// The widget with its picture's bytes made (``PendingPicture/bytes()``).
    public func encoded() -> DrawnWidget {
        DrawnWidget(
            family: family, scheme: scheme, bytes: picture.bytes(), pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight,
            width: width, height: height, cornerRadius: cornerRadius, diagnostics: diagnostics, findings: findings,
            canvasDiagnostics: picture.canvasDiagnostics, components: components)
    }
}

/// Lays a layout out at a family's size and draws it: the one way every command and the
/// fixtures draw a widget (`render --family` in `widgethost-render`; `preview --layout` and
/// `simulate --layout` through ``PictureService`` in it; `render:` fixtures in its test workers).
public enum WidgetPictures {
    /// `document` rendered against `outputs`, laid out for `family` on `device` with the
    /// drawer's measurer, drawn at `scale` in `scheme`.
    public static func draw<Drawing: WidgetDrawing>(
        _ document: LayoutDocument, outputs: JSONObject, family: WidgetFamily, device: DeviceModel, scale: Int,
        scheme: ColorScheme, format: PictureFormat = .png, options: GeometryOptions, assets: Drawing.Assets, drawer: Drawing
    ) -> DrawnWidget {
        draw(document, outputs: outputs, family: family, device: device, scale: scale, schemes: [scheme], format: format,
             options: options, assets: assets, drawer: drawer)[0]
    }

    /// The same, laid out once and drawn in each of `schemes` (the layout does not depend on the
    /// scheme). The images and icons come from `assets`, which the layout is made with too.
    public static func draw<Drawing: WidgetDrawing>(
        _ document: LayoutDocument, outputs: JSONObject, family: WidgetFamily, device: DeviceModel, scale: Int,
        schemes: [ColorScheme], format: PictureFormat = .png, options: GeometryOptions, assets: Drawing.Assets, drawer: Drawing
    ) -> [DrawnWidget] {
        pending(document, outputs: outputs, family: family, device: device, scale: scale, schemes: schemes, format: format,
                options: options, assets: assets, drawer: drawer).map { $0.encoded() }
    }

    /// The same, each picture's file still to be made (``PendingWidget/encoded()``), so that a
    /// caller can encode and write one family on another thread while it draws the next
    /// (`render --all-families`).
    public static func pending<Drawing: WidgetDrawing>(
        _ document: LayoutDocument, outputs: JSONObject, family: WidgetFamily, device: DeviceModel, scale: Int,
        schemes: [ColorScheme], format: PictureFormat = .png, options: GeometryOptions, assets: Drawing.Assets, drawer: Drawing
    ) -> [PendingWidget] {
        var options = options
        options.assets = assets
        let result = WidgetGeometry.layout(document, outputs: outputs, family: family, device: device,
                                           measurer: drawer.measurer(scale: scale), options: options)
        let findings = result.diagnostics.map(json)
        let components = result.componentFrames
        return schemes.map { scheme in
            let picture = drawer.draw(result, assets: assets, scale: scale, scheme: scheme, format: format)
            var diagnostics = findings
            for (path, d) in picture.canvasDiagnostics {
                var object = CanvasSource.json(d).objectValue ?? [:]
                object["path"] = .string(path)
                diagnostics.append(.object(object))
            }
            return PendingWidget(
                family: family, scheme: scheme, picture: picture, width: result.metrics.size.width, height: result.metrics.size.height,
                cornerRadius: result.metrics.cornerRadius, diagnostics: diagnostics, findings: result.diagnostics, components: components)
        }
    }

    /// A finding as JSON: `code`, `severity`, `message`, `path`, and `field` when known.
    public static func json(_ d: GeometryDiagnostic) -> JSONValue {
        var object: JSONObject = ["code": .string(d.code.rawValue), "severity": .string(d.severity.rawValue),
                                  "message": .string(d.message), "path": .string(d.path)]
        if let field = d.field { object["field"] = .string(field) }
        return .object(object)
    }

    /// The picture's file name: `STEM-FAMILY-SCHEME.png`.
    public static func fileName(stem: String, family: WidgetFamily, scheme: ColorScheme, format: PictureFormat = .png) -> String {
        "\(stem)-\(family.rawValue)-\(scheme.rawValue).\(format.rawValue)"
    }
}
