import Canvas
import CDrawing
import Synchronization
import WidgetGeometry

/// A widget drawn: PNG or SVG bytes, its size in pixels, and what its canvases reported.
public struct WidgetPicture: Sendable {
    public let bytes: [UInt8]
    public let format: PictureFormat
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Diagnostics of the `canvas` components inside, each with the component's path.
    public let canvasDiagnostics: [WidgetCanvasDiagnostic]
}

/// A canvas component's diagnostic, with where the component is.
public struct WidgetCanvasDiagnostic: Sendable {
    public let path: String
    public let diagnostic: CanvasDiagnostic
}

/// Draws laid-out widgets (``GeometryResult``, from ``WidgetGeometry``) with cairo and Pango, at
/// a device scale and in a colour scheme. Lay them out with ``measurer`` so that the frames are
/// Pango's. Drawings from several threads take turns.
public final class WidgetRenderer: @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private let fonts = FontBook()
    private let fontOptions: OpaquePointer
    private let canvases = CanvasRenderer()
    /// Pango's measurements at 1, 2 and 3 pixels per point, for laying out what this renderer
    /// draws at that scale (``measurer(scale:)``).
    private let measurers = [PangoMeasurer(scale: 1), PangoMeasurer(scale: 2), PangoMeasurer(scale: 3)]
    /// Pango's measurements at 1 pixel per point.
    public var measurer: PangoMeasurer { measurers[0] }
    /// Pango's measurements for a widget drawn at `scale`: the fonts the drawing uses.
    public func measurer(scale: Int) -> PangoMeasurer { measurers[Self.clamped(scale) - 1] }

    public init() {
        fontOptions = cairo_font_options_create()
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    }

    deinit { cairo_font_options_destroy(fontOptions) }

    /// The widget's pixel size at `scale` (1, 2 or 3): its family's size in points times the scale.
    public static func pixelSize(_ result: GeometryResult, scale: Int) -> (width: Int, height: Int) {
        let s = Double(Self.clamped(scale))
        return (max(1, Int((result.metrics.size.width * s).rounded())), max(1, Int((result.metrics.size.height * s).rounded())))
    }

    /// The widget as PNG or SVG bytes. Outside its family's rounded outline the picture is transparent.
    /// Images and icons are drawn from `assets` (the library the layout was made with); without
    /// it, as placeholders.
    public func render(_ result: GeometryResult, scale: Int = 2, scheme: ColorScheme = .light, format: PictureFormat = .png,
                       assets: AssetLibrary? = nil) -> WidgetPicture {
        let drawn = draw(result, scale: scale, scheme: scheme, format: format, assets: assets)
        return WidgetPicture(bytes: drawn.bytes(), format: format, pixelWidth: drawn.pixelWidth, pixelHeight: drawn.pixelHeight,
                             canvasDiagnostics: drawn.canvasDiagnostics)
    }

    /// The widget drawn, its PNG not yet encoded (``DrawnPicture/bytes()``), so that the encoding
    /// of one picture, a large part of its cost, may overlap with the drawing of the next.
    public func draw(_ result: GeometryResult, scale: Int = 2, scheme: ColorScheme = .light, format: PictureFormat = .png,
                     assets: AssetLibrary? = nil) -> DrawnPicture {
        lock.withLock { _ in
            let (w, h) = Self.pixelSize(result, scale: scale)
            switch format {
            case .png:
                let (surface, diagnostics) = drawImage(result, scale: scale, scheme: scheme, assets: assets)
                return DrawnPicture(surface: surface, document: [], format: .png, pixelWidth: w, pixelHeight: h, canvasDiagnostics: diagnostics)
            case .svg:
                let stream = ByteStream()
                let diagnostics = withExtendedLifetime(stream) { () -> [WidgetCanvasDiagnostic] in
                    let surface = cairo_svg_surface_create_for_stream(ByteStream.write, stream.closure, Double(w), Double(h))!
                    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
                    let found = draw(result, scale: scale, scheme: scheme, assets: assets, on: surface)
                    cairo_surface_finish(surface)
                    cairo_surface_destroy(surface)
                    return found
                }
                return DrawnPicture(surface: nil, document: stream.bytes, format: .svg, pixelWidth: w, pixelHeight: h, canvasDiagnostics: diagnostics)
            }
        }
    }

    /// The widget's pixels, for checks that look at colours.
    public func raster(_ result: GeometryResult, scale: Int = 1, scheme: ColorScheme = .light, assets: AssetLibrary? = nil) -> Raster {
        lock.withLock { _ in
            let (surface, _) = drawImage(result, scale: scale, scheme: scheme, assets: assets)
            defer { cairo_surface_destroy(surface) }
            return PNGCodec.raster(surface)
        }
    }

    private static func clamped(_ scale: Int) -> Int { max(1, min(3, scale)) }

    private func drawImage(_ result: GeometryResult, scale: Int, scheme: ColorScheme, assets: AssetLibrary?) -> (OpaquePointer, [WidgetCanvasDiagnostic]) {
        let (w, h) = Self.pixelSize(result, scale: scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
        let diagnostics = draw(result, scale: scale, scheme: scheme, assets: assets, on: surface)
        cairo_surface_flush(surface)
        return (surface, diagnostics)
    }

    private func draw(_ result: GeometryResult, scale: Int, scheme: ColorScheme, assets: AssetLibrary?, on surface: OpaquePointer) -> [WidgetCanvasDiagnostic] {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let painter = LayoutPainter(
            cr: cr, scale: Double(Self.clamped(scale)), colors: WidgetColors(scheme: scheme, monochrome: result.family.isMonochrome),
            fonts: fonts, fontOptions: fontOptions, canvases: canvases, assets: assets)
        painter.draw(result)
        return painter.canvasDiagnostics.map { WidgetCanvasDiagnostic(path: $0.path, diagnostic: $0.diagnostic) }
    }
}

/// A widget drawn but not yet encoded: its pixels (or its SVG document), its size in pixels and
/// what its canvases reported. ``bytes()`` encodes the pixels as PNG; it may run on any thread,
/// as nothing draws on these pixels once ``WidgetRenderer/draw(_:scale:scheme:format:assets:)``
/// has returned.
public final class DrawnPicture: @unchecked Sendable {
    private let surface: OpaquePointer?
    private let document: [UInt8]
    public let format: PictureFormat
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Diagnostics of the `canvas` components inside, each with the component's path.
    public let canvasDiagnostics: [WidgetCanvasDiagnostic]

    init(surface: OpaquePointer?, document: [UInt8], format: PictureFormat, pixelWidth: Int, pixelHeight: Int,
         canvasDiagnostics: [WidgetCanvasDiagnostic]) {
        self.surface = surface
        self.document = document
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.canvasDiagnostics = canvasDiagnostics
    }

    deinit { if let surface { cairo_surface_destroy(surface) } }

    /// The picture's bytes: the pixels as PNG (the same pixels give the same bytes), or the SVG document.
    public func bytes() -> [UInt8] { surface.map(PNGCodec.encode) ?? document }
}
