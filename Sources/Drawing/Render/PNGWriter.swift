import CDrawing

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
        // Scanlines: a filter byte (0, none), then straight RGBA bytes; every byte is written.
        // A pixel like the one before it (flat colours, the clear corners) reuses its bytes.
        let rowBytes = width * 4 + 1
        let raw = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!)
            var previous: UInt32 = 0, converted = straightRGBA(0).littleEndian
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let line = out + y * rowBytes
                line.storeBytes(of: 0, as: UInt8.self)
                for x in 0..<width {
                    let value = row[x]
                    if value != previous {
                        previous = value
                        converted = straightRGBA(value).littleEndian
                    }
                    line.storeBytes(of: converted, toByteOffset: 1 + x * 4, as: UInt32.self)
                }
            }
            count = rowBytes * height
        }
        guard let compressor = libdeflate_alloc_compressor(level) else { return [] }
        defer { libdeflate_free_compressor(compressor) }
        let compressed = [UInt8](unsafeUninitializedCapacity: libdeflate_zlib_compress_bound(compressor, raw.count)) { out, count in
            count = raw.withUnsafeBufferPointer { libdeflate_zlib_compress(compressor, $0.baseAddress, $0.count, out.baseAddress, out.count) }
        }
        guard !compressed.isEmpty else { return [] }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(8 + 25 + 12 + compressed.count + 12)
        var header: [UInt8] = []
        append32(&header, UInt32(width))
        append32(&header, UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits a channel, RGBA, deflate, the standard filter method, no interlace
        chunk(&png, "IHDR", header)
        chunk(&png, "IDAT", compressed)
        chunk(&png, "IEND", [])
        return png
    }

    /// A cairo pixel (premultiplied ARGB in a native word) as PNG's straight R, G, B, A bytes
    /// in memory order (the word to store little-endian). Fully transparent pixels are zeros.
    @inline(__always)
    static func straightRGBA(_ value: UInt32) -> UInt32 {
        let alpha = value >> 24
        if alpha == 255 { return (value & 0xFF00_FF00) | ((value >> 16) & 0xFF) | ((value & 0xFF) << 16) }
        if alpha == 0 { return 0 }
        // Cairo's pixels are premultiplied; PNG's are not.
        let red = min((((value >> 16) & 0xFF) * 255 + alpha / 2) / alpha, 255)
        let green = min((((value >> 8) & 0xFF) * 255 + alpha / 2) / alpha, 255)
        let blue = min(((value & 0xFF) * 255 + alpha / 2) / alpha, 255)
        return red | (green << 8) | (blue << 16) | (alpha << 24)
    }

    static func append32(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ png: inout [UInt8], _ type: String, _ data: [UInt8]) {
        append32(&png, UInt32(data.count))
        let name = Array(type.utf8)
        png += name
        png += data
        var crc = name.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        append32(&png, crc)
    }
}
