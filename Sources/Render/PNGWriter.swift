import CCairo
import CDeflate
import CZlib

/// PNG bytes of an ARGB32 cairo surface, written here rather than by cairo: cairo's writer asks
/// libpng for its adaptive row filters and zlib's default level, three quarters of the time a
/// small canvas took to draw. Rows are not filtered (filter type 0): widgets are flat colours
/// and anti-aliased edges, which deflate finds as repeats unfiltered, in smaller files and with
/// fewer instructions than after the `Sub` filter. libdeflate compresses the whole buffer at its
/// fastest level (1), in about half of zlib's instructions at its level 1 and smaller
/// (docs/performance.md). Nothing in the file varies but the pixels.
enum PNGWriter {
    static let level: Int32 = 1

    static func encode(_ surface: OpaquePointer) -> [UInt8] {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return [] }
        // Scanlines: a filter byte (0, none), then straight RGBA bytes.
        let rowBytes = width * 4 + 1
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                var index = y * rowBytes + 1
                for x in 0..<width {
                    let value = row[x]
                    let alpha = value >> 24
                    if alpha == 255 {
                        out[index] = UInt8(truncatingIfNeeded: value >> 16)
                        out[index + 1] = UInt8(truncatingIfNeeded: value >> 8)
                        out[index + 2] = UInt8(truncatingIfNeeded: value)
                        out[index + 3] = 255
                    } else if alpha > 0 {
                        // Cairo's pixels are premultiplied; PNG's are not.
                        let red = (value >> 16) & 0xFF, green = (value >> 8) & 0xFF, blue = value & 0xFF
                        out[index] = UInt8(min((red * 255 + alpha / 2) / alpha, 255))
                        out[index + 1] = UInt8(min((green * 255 + alpha / 2) / alpha, 255))
                        out[index + 2] = UInt8(min((blue * 255 + alpha / 2) / alpha, 255))
                        out[index + 3] = UInt8(alpha)
                    }  // fully transparent: zeros, as the buffer starts
                    index += 4
                }
            }
        }
        guard let compressor = libdeflate_alloc_compressor(level) else { return [] }
        defer { libdeflate_free_compressor(compressor) }
        var compressed = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, raw.count))
        let length = compressed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { libdeflate_zlib_compress(compressor, $0.baseAddress, $0.count, out.baseAddress, out.count) }
        }
        guard length > 0 else { return [] }
        compressed.removeSubrange(length...)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        append32(&header, UInt32(width))
        append32(&header, UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits a channel, RGBA, deflate, the standard filter method, no interlace
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
