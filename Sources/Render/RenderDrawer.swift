import Canvas
import Threads

/// `CanvasDrawing` over ``CanvasRenderer``, for the modules that take a drawer: one renderer,
/// used by one caller at a time.
public final class RenderDrawer: CanvasDrawing, @unchecked Sendable {
    private let lock = ConditionLock()
    private let renderer = CanvasRenderer()

    public init() {}

    public func draw(_ request: CanvasRequest) -> CanvasPicture {
        lock.withLock { renderer.render(request) }
    }

    public func compare(actual: [UInt8], golden: [UInt8]) -> PictureComparison? {
        guard let actualRaster = CanvasRenderer.raster(png: actual), let goldenRaster = CanvasRenderer.raster(png: golden) else { return nil }
        return PictureDifference.compare(actual: actualRaster, golden: goldenRaster)
    }
}
