import Canvas
import Render
import WidgetGeometry
import WidgetHostCLI
import WidgetPictures
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `widgethost-render` program: the commands that draw, with `Render` (cairo and Pango)
/// handed in, so that only this program loads those libraries. `widgethost render ARGS…`
/// runs it with `ARGS…`; `widgethost test` runs its workers as `widgethost-render test --worker`;
/// `preview` and `simulate` ask `widgethost-render pictures` for their pictures (``PictureChild``).
/// Both are the one service loop (``ServiceLoop``): a ``ServiceRequest`` a line on stdin, a
/// ``ServiceAnswer`` a line on stdout, until its input ends.
public enum RenderTool {
    public static func main(arguments: [String], terminal: Terminal = .standard()) -> Int32 {
        let drawer = RenderDrawer()
        // Fonts load while the script runs; a worker, or a command that only prints its help or
        // version, draws nothing to wait for.
        let printsOnly = arguments.contains { ["--help", "-h", "help", "--version"].contains($0) }
        if arguments.first != "test", !printsOnly { FontLoading.start() }
        if arguments == ["pictures"] { return ServiceLoop.serve(update: false, drawer: drawer, widgets: RenderWidgetDrawer()) }
        if arguments.first == "test" {
            return WidgetHostTool.run(TestCommand.command(drawer: drawer, widgets: RenderWidgetDrawer()), arguments: Array(arguments.dropFirst()), terminal: terminal)
        }
        return WidgetHostTool.run(RenderCommand.command(drawer: drawer, widgets: RenderWidgetDrawer()), arguments: arguments, terminal: terminal)
    }
}

/// ``WidgetDrawing`` over ``WidgetRenderer``: Pango's measurements and cairo's drawing.
final class RenderWidgetDrawer: WidgetDrawing, Sendable {
    private let renderer = WidgetRenderer()

    func measurer(scale: Int) -> any TextMeasurer { renderer.measurer(scale: scale) }

    func assets(images: @escaping AssetReader, icons: AssetReader?) -> AssetLibrary {
        AssetLibrary(images: images, icons: icons)
    }

    func draw(_ result: GeometryResult, assets: AssetLibrary, scale: Int, scheme: ColorScheme, format: PictureFormat) -> PendingPicture {
        let drawn = renderer.draw(result, scale: scale, scheme: scheme, format: format, assets: assets)
        return PendingPicture(pixelWidth: drawn.pixelWidth, pixelHeight: drawn.pixelHeight,
                              canvasDiagnostics: drawn.canvasDiagnostics.map { ($0.path, $0.diagnostic) }, bytes: { drawn.bytes() })
    }
}
