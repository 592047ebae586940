import CDrawing
import WidgetGeometry

/// PNG and JPEG files decoded into cairo image surfaces, within ``AssetLimits``: the picture's
/// size is read from its header first (PNG's IHDR, JPEG's frame header through libjpeg), so a
/// file that claims enormous dimensions is refused before any pixel memory is taken. A CMYK or
/// YCCK JPEG is drawn in RGB (the shim's `widgethost_jpeg_cmyk_row`).
enum ImageDecoder {
    enum Kind: String { case png = "PNG", jpeg = "JPEG" }

    struct Header {
        let kind: Kind
        /// The stored pixels' size.
        let width: Int
        let height: Int
        /// A JPEG's EXIF orientation (1 … 8; 1 as stored), which `UIImage` applies.
        var orientation = 1

        /// The size the picture is shown at: width and height swapped for the orientations
        /// that turn it a quarter.
        var shown: (width: Int, height: Int) { orientation >= 5 ? (height, width) : (width, height) }
    }

    /// The file's kind and size, or why it cannot be drawn. A known size comes with a
    /// too-large problem, so the placeholder keeps the picture's aspect.
    static func header(_ bytes: [UInt8]) -> (header: Header?, problem: AssetProblem?) {
        let header: Header
        if bytes.count >= 24, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            guard bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else {
                return (nil, AssetProblem(.imageUndecodable, "is not a PNG that can be decoded: its first chunk is not IHDR"))
            }
            func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            header = Header(kind: .png, width: word(16), height: word(20))
        } else if bytes.count >= 3, bytes.prefix(3) == [0xFF, 0xD8, 0xFF] {
            var width: UInt32 = 0, height: UInt32 = 0
            var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
            let status = bytes.withUnsafeBufferPointer { buffer in
                widgethost_jpeg_size(buffer.baseAddress, UInt(buffer.count), &width, &height, &message)
            }
            guard status == 0 else {
                return (nil, AssetProblem(.imageUndecodable, "is not a JPEG that can be decoded: \(Self.text(message))"))
            }
            header = Header(kind: .jpeg, width: Int(width), height: Int(height), orientation: Self.orientation(bytes))
        } else {
            return (nil, AssetProblem(.imageUndecodable, "is not a PNG or JPEG file (\(describe(bytes))); the host draws those two"))
        }
        guard header.width > 0, header.height > 0 else {
            return (nil, AssetProblem(.imageUndecodable, "is a \(header.kind.rawValue) of \(header.width) × \(header.height) pixels, which has nothing to draw"))
        }
        if header.width > AssetLimits.imageSide || header.height > AssetLimits.imageSide || header.width * header.height > AssetLimits.imagePixels {
            return (header, AssetProblem(.imageTooLarge, "is a \(header.kind.rawValue) of \(header.width) × \(header.height) pixels; the host decodes at most \(AssetLimits.imagePixels) pixels (4096 × 4096) and \(AssetLimits.imageSide) a side, as WidgetKit refuses pictures far larger than the widget. Save a smaller picture"))
        }
        return (header, nil)
    }

    /// The pixels as an ARGB32 surface (the caller destroys it), or why not.
    static func decode(_ bytes: [UInt8], _ header: Header) -> Result<OpaquePointer, AssetProblem> {
        switch header.kind {
        case .png:
            guard let surface = PNGCodec.decode(bytes) else {
                return .failure(AssetProblem(.imageUndecodable, "is not a PNG that can be decoded (cairo could not read its pixels: the data is cut short or corrupt)"))
            }
            guard Int(cairo_image_surface_get_width(surface)) == header.width, Int(cairo_image_surface_get_height(surface)) == header.height else {
                cairo_surface_destroy(surface)
                return .failure(AssetProblem(.imageUndecodable, "is not a PNG that can be decoded: its size is not its header's"))
            }
            return .success(surface)
        case .jpeg:
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(header.width), Int32(header.height))!
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
                cairo_surface_destroy(surface)
                return .failure(AssetProblem(.imageTooLarge, "needs more memory than the host could take for its pixels"))
            }
            let stride = UInt32(cairo_image_surface_get_stride(surface))
            var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
            let status = bytes.withUnsafeBufferPointer { buffer in
                widgethost_jpeg_decode(buffer.baseAddress, UInt(buffer.count), data, stride, UInt32(header.width), UInt32(header.height), &message)
            }
            guard status == 0 else {
                cairo_surface_destroy(surface)
                return .failure(AssetProblem(.imageUndecodable, "is not a JPEG that can be decoded: \(Self.text(message))"))
            }
            cairo_surface_mark_dirty(surface)
            return .success(oriented(surface, header))
        }
    }

    /// The surface turned and flipped as its EXIF orientation says (the stored one is destroyed).
    private static func oriented(_ surface: OpaquePointer, _ header: Header) -> OpaquePointer {
        guard header.orientation != 1 else { return surface }
        let w = Double(header.width), h = Double(header.height)
        // Where a stored pixel (x, y) goes: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
        let (xx, yx, xy, yy, x0, y0): (Double, Double, Double, Double, Double, Double)
        switch header.orientation {
        case 2: (xx, yx, xy, yy, x0, y0) = (-1, 0, 0, 1, w, 0)    // mirrored
        case 3: (xx, yx, xy, yy, x0, y0) = (-1, 0, 0, -1, w, h)   // turned half
        case 4: (xx, yx, xy, yy, x0, y0) = (1, 0, 0, -1, 0, h)    // upside down, mirrored
        case 5: (xx, yx, xy, yy, x0, y0) = (0, 1, 1, 0, 0, 0)     // transposed
        case 6: (xx, yx, xy, yy, x0, y0) = (0, 1, -1, 0, h, 0)    // a quarter clockwise
        case 7: (xx, yx, xy, yy, x0, y0) = (0, -1, -1, 0, h, w)   // transversed
        default: (xx, yx, xy, yy, x0, y0) = (0, -1, 1, 0, 0, w)   // 8: a quarter anticlockwise
        }
        let (width, height) = header.shown
        let turned = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(turned) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(turned)
            return surface
        }
        let cr = cairo_create(turned)!
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, xx, yx, xy, yy, x0, y0)
        cairo_set_matrix(cr, &matrix)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        cairo_surface_flush(turned)
        return turned
    }

    /// The EXIF orientation of a JPEG (its APP1 `Exif` segment's IFD0 tag 0x0112), 1 when it
    /// has none or it cannot be read.
    static func orientation(_ bytes: [UInt8]) -> Int {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xDA || marker == 0xD9 { break }  // the scan starts: no more headers
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { break }
            let body = at + 4, end = at + 2 + length
            if marker == 0xE1, end - body >= 14, bytes[body..<body + 6] == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return exifOrientation(Array(bytes[(body + 6)..<end])) ?? 1
            }
            at = end
        }
        return 1
    }

    private static func exifOrientation(_ tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let big: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): big = true
        case (0x49, 0x49): big = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return big ? Int(tiff[i]) << 8 | Int(tiff[i + 1]) : Int(tiff[i + 1]) << 8 | Int(tiff[i])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return big ? a << 16 | b : b << 16 | a
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let place = ifd + 2 + entry * 12
            guard let tag = u16(place) else { return nil }
            if tag == 0x0112, let type = u16(place + 2), type == 3, let value = u16(place + 8), (1...8).contains(value) { return value }
        }
        return nil
    }

    /// What the first bytes say the file is, for a message.
    private static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "it is empty" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "it is a GIF" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12] == ArraySlice("WEBP".utf8) { return "it is a WebP" }
        if bytes.count >= 12, bytes[4..<8] == ArraySlice("ftyp".utf8) { return "it is a HEIF/HEIC or another ISO media file" }
        if bytes.starts(with: Array("<svg".utf8)) || bytes.starts(with: Array("<?xml".utf8)) { return "it is XML or SVG" }
        return "it starts with " + bytes.prefix(4).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: " ")
    }

    private static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
