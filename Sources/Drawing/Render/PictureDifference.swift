import Canvas
import CDrawing

/// Two pictures compared pixel by pixel, and a picture of where they differ.
public enum PictureDifference {
    /// A channel may differ by this much (of 255) before the pixel counts as changed.
    public static let channelTolerance = 2

    /// Compares pixel by pixel; a pixel is changed when a channel of its premultiplied colour
    /// is off by more than `tolerance` (of 255), or when it lies outside one of the pictures.
    public static func compare(actual: Raster, golden: Raster, tolerance: Int = channelTolerance) -> PictureComparison {
        let width = max(actual.width, golden.width), height = max(actual.height, golden.height)
        let sizeDiffers = actual.width != golden.width || actual.height != golden.height
        var changed = 0
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let none: [UInt8] = [0, 0, 0, 0]
        for y in 0..<height {
            for x in 0..<width {
                let inside = x < actual.width && y < actual.height && x < golden.width && y < golden.height
                let aStart = x < actual.width && y < actual.height ? (y * actual.width + x) * 4 : -1
                let gStart = x < golden.width && y < golden.height ? (y * golden.width + x) * 4 : -1
                let a = aStart < 0 ? none[0..<4] : actual.pixels[aStart..<aStart + 4]
                let g = gStart < 0 ? none[0..<4] : golden.pixels[gStart..<gStart + 4]
                let alphaA = Int(a[a.startIndex + 3]), alphaG = Int(g[g.startIndex + 3])
                // Compared as premultiplied colours, so two fully transparent pixels are equal.
                var differs = !inside
                if !differs {
                    for channel in 0..<4 {
                        let scaleA = channel == 3 ? 255 : alphaA, scaleG = channel == 3 ? 255 : alphaG
                        if abs(Int(a[a.startIndex + channel]) * scaleA / 255 - Int(g[g.startIndex + channel]) * scaleG / 255) > tolerance {
                            differs = true
                            break
                        }
                    }
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
                    let grey = UInt8((Int(g[g.startIndex]) + Int(g[g.startIndex + 1]) + Int(g[g.startIndex + 2])) / 3)
                    out[index] = grey
                    out[index + 1] = grey
                    out[index + 2] = grey
                    out[index + 3] = UInt8(alphaG / 4)
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
