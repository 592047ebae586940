import CDrawing

/// A shadow: the alpha of what a command drew, blurred (three box blurs, close to the Gaussian
/// of HTML canvas's shadowBlur, whose standard deviation is half the blur) and tinted.
enum ShadowBlur {
    /// An ARGB32 surface of the same size as `ink` holding its shadow in `color`. The caller destroys it.
    static func shadow(of ink: OpaquePointer, blur: Double, red: Double, green: Double, blue: Double, alpha: Double) -> OpaquePointer {
        cairo_surface_flush(ink)
        let width = Int(cairo_image_surface_get_width(ink)), height = Int(cairo_image_surface_get_height(ink))
        let stride = Int(cairo_image_surface_get_stride(ink))
        var mask = [Double](repeating: 0, count: width * height)
        if let data = cairo_image_surface_get_data(ink) {
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { mask[y * width + x] = Double(row[x] >> 24) / 255 }
            }
        }
        let sigma = blur / 2
        if sigma >= 0.5 {
            // Box widths for three passes approximating a Gaussian of this sigma.
            let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
            var lower = Int(ideal.rounded(.down))
            if lower % 2 == 0 { lower -= 1 }
            let upper = lower + 2
            let count = Int(((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4)).rounded())
            for pass in 0..<3 {
                let radius = ((pass < count ? lower : upper) - 1) / 2
                boxBlur(&mask, width: width, height: height, radius: radius)
            }
        }
        let shadow = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let outStride = Int(cairo_image_surface_get_stride(shadow))
        if let data = cairo_image_surface_get_data(shadow) {
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * outStride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let a = min(1, max(0, mask[y * width + x] * alpha))
                    let premultiplied = { (channel: Double) in UInt32((channel * a * 255).rounded()) }
                    row[x] = UInt32((a * 255).rounded()) << 24 | premultiplied(red) << 16 | premultiplied(green) << 8 | premultiplied(blue)
                }
            }
        }
        cairo_surface_mark_dirty(shadow)
        return shadow
    }

    /// One horizontal and one vertical running-mean pass of half-width `radius`.
    static func boxBlur(_ values: inout [Double], width: Int, height: Int, radius: Int) {
        guard radius > 0, width > 0, height > 0 else { return }
        let span = Double(2 * radius + 1)
        var line = [Double](repeating: 0, count: max(width, height))
        for y in 0..<height {
            var sum = 0.0
            for x in 0...radius where x < width { sum += values[y * width + x] }
            for x in 0..<width {
                line[x] = sum / span
                let leaving = x - radius, entering = x + radius + 1
                if leaving >= 0 { sum -= values[y * width + leaving] }
                if entering < width { sum += values[y * width + entering] }
            }
            for x in 0..<width { values[y * width + x] = line[x] }
        }
        for x in 0..<width {
            var sum = 0.0
            for y in 0...radius where y < height { sum += values[y * width + x] }
            for y in 0..<height {
                line[y] = sum / span
                let leaving = y - radius, entering = y + radius + 1
                if leaving >= 0 { sum -= values[leaving * width + x] }
                if entering < height { sum += values[entering * width + x] }
            }
            for y in 0..<height { values[y * width + x] = line[y] }
        }
    }
}
