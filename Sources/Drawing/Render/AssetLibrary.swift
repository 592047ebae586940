import CDrawing
import Synchronization
import WidgetGeometry

/// The pictures a widget's images and icons show, read through the readers the command hands
/// in (an image's script path through the run's state folder, an icon's name in `--icons DIR`),
/// decoded once and kept for every family drawn: PNG and JPEG as cairo surfaces, SVG as
/// librsvg handles. It answers the layout (sizes, and why a placeholder is drawn) and the
/// drawing (the pixels) alike.
public final class AssetLibrary: WidgetAssets, @unchecked Sendable {
    private let imageReader: AssetReader?
    private let iconReader: AssetReader?
    private let noIconsMessage: String
    private let lock = Mutex<Void>(())
    private var cache = Cache()

    private struct Cache {
        var images: [String: ImageEntry] = [:]
        var icons: [String: IconEntry] = [:]
    }

    /// A decoded image, or why there is none (with the picture's size when it is known).
    private struct ImageEntry {
        var surface: OpaquePointer?
        var info: AssetInfo
    }

    private struct IconEntry {
        var handle: UnsafeMutablePointer<RsvgHandle>?
        var info: AssetInfo
    }

    /// `images` reads an image's file by its `content`; `icons` an icon's SVG by its symbol
    /// name (nil: no `--icons`, every icon a placeholder, `noIcons` saying what to do).
    public init(images: AssetReader?, icons: AssetReader?, noIcons: String = "is drawn as a neutral placeholder: SF Symbols cannot ship; give --icons DIR with an SVG of that name") {
        imageReader = images
        iconReader = icons
        noIconsMessage = noIcons
    }

    deinit {
        do {
            for entry in cache.images.values { if let surface = entry.surface { cairo_surface_destroy(surface) } }
            for entry in cache.icons.values { if let handle = entry.handle { widgethost_rsvg_unref(UnsafeMutableRawPointer(handle)) } }
        }
    }

    // MARK: WidgetAssets

    public func image(_ content: String) -> AssetInfo { imageEntry(content).info }

    public func icon(_ name: String) -> AssetInfo { iconEntry(name).info }

    // MARK: for the painter

    /// The decoded pixels of an image's `content`, owned by the library; nil draws a placeholder.
    func surface(forImage content: String) -> OpaquePointer? { imageEntry(content).surface }

    /// The parsed SVG of an icon, owned by the library; nil draws the placeholder glyph.
    func handle(forIcon name: String) -> UnsafeMutablePointer<RsvgHandle>? { iconEntry(name).handle }

    private func imageEntry(_ content: String) -> ImageEntry {
        lock.withLock { _ in
            if let known = cache.images[content] { return known }
            let entry = loadImage(content)
            cache.images[content] = entry
            return entry
        }
    }

    private func iconEntry(_ name: String) -> IconEntry {
        lock.withLock { _ in
            if let known = cache.icons[name] { return known }
            let entry = loadIcon(name)
            cache.icons[name] = entry
            return entry
        }
    }

    private func loadImage(_ content: String) -> ImageEntry {
        guard !content.isEmpty else {
            return ImageEntry(info: AssetInfo(problem: AssetProblem(.imageMissing, "is empty: an image in File mode names a file such as fm.documents() + \"avatar.png\"")))
        }
        guard let imageReader else {
            return ImageEntry(info: AssetInfo(problem: AssetProblem(.imageMissing, "is not read: nothing reads image files here")))
        }
        let bytes: [UInt8]
        switch imageReader(content) {
        case .problem(let problem): return ImageEntry(info: AssetInfo(problem: problem))
        case .bytes(let read): bytes = read
        }
        let (header, problem) = ImageDecoder.header(bytes)
        let size = header.map { Size(width: Double($0.shown.width), height: Double($0.shown.height)) }
        guard let header, problem == nil else { return ImageEntry(info: AssetInfo(size: size, problem: problem)) }
        switch ImageDecoder.decode(bytes, header) {
        case .success(let surface): return ImageEntry(surface: surface, info: AssetInfo(size: size))
        case .failure(let problem): return ImageEntry(info: AssetInfo(size: size, problem: problem))
        }
    }

    private func loadIcon(_ name: String) -> IconEntry {
        guard let iconReader else { return IconEntry(info: AssetInfo(problem: AssetProblem(.iconPlaceholder, noIconsMessage))) }
        let bytes: [UInt8]
        switch iconReader(name) {
        case .problem(let problem): return IconEntry(info: AssetInfo(problem: problem))
        case .bytes(let read): bytes = read
        }
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { buffer in rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error) }
        guard let handle else {
            var reason = "librsvg could not read it"
            if let error {
                if let message = error.pointee.message { reason = String(cString: message) }
                widgethost_rsvg_error_free(error)
            }
            return IconEntry(info: AssetInfo(problem: AssetProblem(.iconUnreadable, "has an SVG that cannot be drawn (\(reason)); the placeholder glyph is drawn")))
        }
        return IconEntry(handle: handle, info: AssetInfo())
    }
}
