import Canvas
import CDrawing
import JSONKit

/// Draws the Canvas component with cairo and Pango: a command list (a JSON value), a size,
/// a device scale and an appearance in; PNG or SVG bytes and the commands' diagnostics out.
///
/// One renderer keeps what it learnt about fonts; use one per thread.
public final class CanvasRenderer {
    private let fonts = FontBook()
    private let fontOptions: OpaquePointer

    public init() {
        fontOptions = cairo_font_options_create()
        // Outlines unhinted and metrics unrounded, so text is placed the same at every scale.
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    }

    deinit { cairo_font_options_destroy(fontOptions) }

    /// The picture in the request's format.
    public func render(_ request: CanvasRequest) -> CanvasPicture {
        switch request.format {
        case .png:
            let (surface, program, diagnostics) = drawImage(request)
            defer { cairo_surface_destroy(surface) }
            return picture(request, bytes: PNGCodec.encode(surface), program: program, diagnostics: diagnostics)
        case .svg:
            let stream = ByteStream()
            let (program, diagnostics) = withExtendedLifetime(stream) { () -> (CanvasProgram, [CanvasDiagnostic]) in
                let surface = cairo_svg_surface_create_for_stream(ByteStream.write, stream.closure, Double(request.pixelWidth), Double(request.pixelHeight))!
                cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
                let result = draw(request, on: surface)
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
                return result
            }
            return picture(request, bytes: stream.bytes, program: program, diagnostics: diagnostics)
        }
    }

    /// The picture's pixels, for checks that look at colours and ink.
    public func raster(_ request: CanvasRequest) -> (raster: Raster, diagnostics: [CanvasDiagnostic]) {
        let (surface, _, diagnostics) = drawImage(request)
        defer { cairo_surface_destroy(surface) }
        return (PNGCodec.raster(surface), diagnostics)
    }

    /// The pixels of PNG bytes, or nil when they are not a PNG.
    public static func raster(png: [UInt8]) -> Raster? {
        guard let surface = PNGCodec.decode(png) else { return nil }
        defer { cairo_surface_destroy(surface) }
        return PNGCodec.raster(surface)
    }

    /// The request drawn on a new image surface (the caller destroys it), with its diagnostics.
    func surface(_ request: CanvasRequest) -> (OpaquePointer, [CanvasDiagnostic]) {
        let (surface, _, diagnostics) = drawImage(request)
        return (surface, diagnostics)
    }

    private func picture(_ request: CanvasRequest, bytes: [UInt8], program: CanvasProgram, diagnostics: [CanvasDiagnostic]) -> CanvasPicture {
        CanvasPicture(
            bytes: bytes, format: request.format, pixelWidth: request.pixelWidth, pixelHeight: request.pixelHeight,
            diagnostics: diagnostics, given: program.given, drawn: program.commands.count)
    }

    private func drawImage(_ request: CanvasRequest) -> (OpaquePointer, CanvasProgram, [CanvasDiagnostic]) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(request.pixelWidth), Int32(request.pixelHeight))!
        let (program, diagnostics) = draw(request, on: surface)
        cairo_surface_flush(surface)
        return (surface, program, diagnostics)
    }

    private func draw(_ request: CanvasRequest, on surface: OpaquePointer) -> (CanvasProgram, [CanvasDiagnostic]) {
        let (space, spaceDiagnostics) = request.space()
        let program = CanvasParser.parse(request.commands, scheme: request.scheme)
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let painter = CommandPainter(
            cr: cr, space: space, pixelWidth: request.pixelWidth, pixelHeight: request.pixelHeight,
            fonts: fonts, fontOptions: fontOptions)
        painter.draw(program.commands)
        return (program, spaceDiagnostics + Self.ordered(program.diagnostics + painter.diagnostics))
    }

    /// Diagnostics by command index (the list's own first), each command's in the order found.
    static func ordered(_ diagnostics: [CanvasDiagnostic]) -> [CanvasDiagnostic] {
        diagnostics.enumerated().sorted { ($0.element.index ?? -1, $0.offset) < ($1.element.index ?? -1, $1.offset) }.map(\.element)
    }
}
