import Canvas
import CCairo

/// Two pictures compared pixel by pixel, and a picture of where they differ.
public enum PictureDifference {
    /// A channel may differ by this much (of 255) before the pixel counts as changed.
    public static let channelTolerance = 2

    public static func compare(actual: Raster, golden: Raster) -> PictureComparison {
        let width = max(actual.width, golden.width), height = max(actual.height, golden.height)
        let sizeDiffers = actual.width != golden.width || actual.height != golden.height
        var changed = 0
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let a = actual.pixel(x, y), g = golden.pixel(x, y)
                let inside = x < actual.width && y < actual.height && x < golden.width && y < golden.height
                // Compared as premultiplied colours, so two fully transparent pixels are equal.
                let differs = !inside || (0..<4).contains { channel in
                    let scaleA = channel == 3 ? 255 : Int(a[3]), scaleG = channel == 3 ? 255 : Int(g[3])
                    return abs(Int(a[channel]) * scaleA / 255 - Int(g[channel]) * scaleG / 255) > channelTolerance
                }
                let index = (y * width + x) * 4
                if differs {
                    changed += 1
                    out[index] = 255
                    out[index + 1] = 0
                    out[index + 2] = 0
                    out[index + 3] = 255
                } else {
                    // The golden picture, grey and faint, for orientation.
                    let grey = UInt8((Int(g[0]) + Int(g[1]) + Int(g[2])) / 3)
                    out[index] = grey
                    out[index + 1] = grey
                    out[index + 2] = grey
                    out[index + 3] = UInt8(Int(g[3]) / 4)
                }
            }
        }
        return PictureComparison(changedPixels: changed, sizeDiffers: sizeDiffers, difference: encode(Raster(width: width, height: height, pixels: out)))
    }

    /// PNG bytes of straight RGBA pixels.
    public static func encode(_ raster: Raster) -> [UInt8] {
        guard raster.width > 0, raster.height > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(raster.width), Int32(raster.height))
        else { return [] }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        for y in 0..<raster.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<raster.width {
                let index = (y * raster.width + x) * 4
                let alpha = UInt32(raster.pixels[index + 3])
                let channel = { (value: UInt8) in (UInt32(value) * alpha + 127) / 255 }
                row[x] = alpha << 24 | channel(raster.pixels[index]) << 16 | channel(raster.pixels[index + 1]) << 8 | channel(raster.pixels[index + 2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return PNGCodec.encode(surface)
    }
}
