import CCairo
import CZlib

/// PNG bytes of an ARGB32 cairo surface, written here rather than by cairo: cairo's writer asks
/// libpng for its adaptive row filters and zlib's default level, three quarters of the time a
/// small canvas took to draw. Every row gets the `Sub` filter, which suits flat colours and
/// gradients, and zlib compresses at its fastest level (1). Nothing in the file varies but the pixels.
enum PNGWriter {
    static let level: Int32 = 1

    static func encode(_ surface: OpaquePointer) -> [UInt8] {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return [] }
        // Filtered scanlines: a filter byte (1, Sub), then RGBA bytes less the pixel to the left.
        let rowBytes = width * 4 + 1
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                var index = y * rowBytes
                out[index] = 1
                index += 1
                var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                for x in 0..<width {
                    let value = row[x]
                    let alpha = value >> 24
                    var red = (value >> 16) & 0xFF, green = (value >> 8) & 0xFF, blue = value & 0xFF
                    if alpha == 0 {
                        red = 0
                        green = 0
                        blue = 0
                    } else if alpha < 255 {
                        red = (red * 255 + alpha / 2) / alpha
                        green = (green * 255 + alpha / 2) / alpha
                        blue = (blue * 255 + alpha / 2) / alpha
                    }
                    let pixel = (UInt8(min(red, 255)), UInt8(min(green, 255)), UInt8(min(blue, 255)), UInt8(alpha))
                    out[index] = pixel.0 &- previous.0
                    out[index + 1] = pixel.1 &- previous.1
                    out[index + 2] = pixel.2 &- previous.2
                    out[index + 3] = pixel.3 &- previous.3
                    previous = pixel
                    index += 4
                }
            }
        }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compressed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { compress2(out.baseAddress, &compressedLength, $0.baseAddress, uLong($0.count), level) }
        }
        guard status == Z_OK else { return [] }
        compressed.removeSubrange(Int(compressedLength)...)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        append32(&header, UInt32(width))
        append32(&header, UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits a channel, RGBA, deflate, adaptive filtering, no interlace
        chunk(&png, "IHDR", header)
        chunk(&png, "IDAT", compressed)
        chunk(&png, "IEND", [])
        return png
    }

    static func append32(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ png: inout [UInt8], _ type: String, _ data: [UInt8]) {
        append32(&png, UInt32(data.count))
        let typed = Array(type.utf8) + data
        png += typed
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        append32(&png, UInt32(crc))
    }
}
