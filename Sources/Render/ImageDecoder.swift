import CCairo
import CJPEG
import WidgetGeometry

/// PNG and JPEG files decoded into cairo image surfaces, within ``AssetLimits``: the picture's
/// size is read from its header first (PNG's IHDR, JPEG's frame header through libjpeg), so a
/// file that claims enormous dimensions is refused before any pixel memory is taken.
enum ImageDecoder {
    enum Kind: String { case png = "PNG", jpeg = "JPEG" }

    struct Header {
        let kind: Kind
        let width: Int
        let height: Int
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
            header = Header(kind: .jpeg, width: Int(width), height: Int(height))
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
            return .success(surface)
        }
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
