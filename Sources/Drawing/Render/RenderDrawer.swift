import Canvas
import Synchronization

/// `CanvasDrawing` over ``CanvasRenderer``, for the modules that take a drawer: one renderer,
/// used by one caller at a time.
public final class RenderDrawer: CanvasDrawing, @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private let renderer = CanvasRenderer()

    public init() {}

    public func draw(_ request: CanvasRequest) -> CanvasPicture {
        lock.withLock { _ in renderer.render(request) }
    }

    public func compare(actual: [UInt8], golden: [UInt8]) -> PictureComparison? {
        guard let actualRaster = CanvasRenderer.raster(png: actual), let goldenRaster = CanvasRenderer.raster(png: golden) else { return nil }
        return PictureDifference.compare(actual: actualRaster, golden: goldenRaster)
    }
}
