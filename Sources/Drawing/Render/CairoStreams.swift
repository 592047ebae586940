import CDrawing

/// Bytes cairo writes or reads through its stream callbacks.
final class ByteStream {
    var bytes: [UInt8] = []
    var position = 0
    init(_ bytes: [UInt8] = []) { self.bytes = bytes }

    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let stream = Unmanaged<ByteStream>.fromOpaque(closure).takeUnretainedValue()
        stream.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }

    static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let stream = Unmanaged<ByteStream>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard stream.position + count <= stream.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        stream.bytes.withUnsafeBufferPointer { buffer in
            data.update(from: buffer.baseAddress! + stream.position, count: count)
        }
        stream.position += count
        return CAIRO_STATUS_SUCCESS
    }
}

/// PNG bytes to and from cairo image surfaces, and pixels out of them.
enum PNGCodec {
    /// The surface as PNG bytes (``PNGWriter``): no time or other varying chunk, so the same
    /// pixels give the same bytes.
    static func encode(_ surface: OpaquePointer) -> [UInt8] { PNGWriter.encode(surface) }

    /// An ARGB32 image surface from PNG bytes, or nil when they are not a PNG. The caller destroys it.
    static func decode(_ bytes: [UInt8]) -> OpaquePointer? {
        guard bytes.count > 8, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        let stream = ByteStream(bytes)
        let surface = withExtendedLifetime(stream) { cairo_image_surface_create_from_png_stream(ByteStream.read, stream.closure) }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let surface { cairo_surface_destroy(surface) }
            return nil
        }
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 { return surface }
        // RGB24 or A8: draw it onto an ARGB32 surface so pixels read one way.
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        let cr = cairo_create(converted)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return converted
    }

    /// Straight RGBA pixels of an ARGB32 image surface.
    static func raster(_ surface: OpaquePointer) -> Raster {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return Raster(width: 0, height: 0, pixels: []) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let value = row[x]
                let alpha = UInt32(value >> 24)
                var red = (value >> 16) & 0xFF, green = (value >> 8) & 0xFF, blue = value & 0xFF
                if alpha > 0 && alpha < 255 {
                    red = (red * 255 + alpha / 2) / alpha
                    green = (green * 255 + alpha / 2) / alpha
                    blue = (blue * 255 + alpha / 2) / alpha
                }
                let index = (y * width + x) * 4
                pixels[index] = UInt8(min(red, 255))
                pixels[index + 1] = UInt8(min(green, 255))
                pixels[index + 2] = UInt8(min(blue, 255))
                pixels[index + 3] = UInt8(alpha)
            }
        }
        return Raster(width: width, height: height, pixels: pixels)
    }
}
