import ErrorKinds

/// The pictures a layout shows that are not in the layout itself: an `image` component's file
/// (File mode, a script path such as `LD:<widget id>/avatar.png`) and an `icon` component's
/// symbol. The layout needs an image's size (its aspect) and whether each draws as itself; the
/// drawing takes the pixels from the same object, so a file is read and checked once.
public protocol WidgetAssets: Sendable {
    /// What an `image` component's `content` shows.
    func image(_ content: String) -> AssetInfo
    /// What an `icon` component's symbol name shows.
    func icon(_ name: String) -> AssetInfo
}

/// An image's or icon's size, or why a placeholder is drawn in its place.
public struct AssetInfo: Sendable, Hashable {
    /// The picture's size in points (an image file's pixels at 1×), when known; a placeholder
    /// whose size is known (a picture too large to decode) keeps it.
    public var size: Size?
    /// Why it is drawn as a placeholder; nil when it draws as itself.
    public var problem: AssetProblem?

    public init(size: Size? = nil, problem: AssetProblem? = nil) {
        self.size = size
        self.problem = problem
    }
}

/// A finding about an image or icon: its code (`render-image-missing`, …) and what follows
/// the name in the message ("is not in the state folder; …").
public struct AssetProblem: KindedError, Sendable, Hashable {
    /// An image or icon the layout shows that cannot be drawn: the script's.
    public var errorKind: ErrorKind { .script }
    public var code: GeometryCode
    public var message: String

    public init(_ code: GeometryCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// A file an asset reader found: its bytes, or why it was not read.
public enum AssetFile: Sendable {
    case bytes([UInt8])
    case problem(AssetProblem)
}

/// Reads the file of an image's `content` (or an icon's name): the program that draws is
/// handed one by the command, which knows where the run kept its files.
public typealias AssetReader = @Sendable (String) -> AssetFile

/// The limits on what an image or icon file may be: larger ones draw a placeholder, unread or
/// undecoded, so a widget's drawing stays within bounded memory.
public enum AssetLimits {
    /// The largest image file read, in bytes (20 MiB).
    public static let imageFileBytes = 20 << 20
    /// The most pixels an image may have (4096 × 4096); a photo of 12 megapixels fits.
    public static let imagePixels = 4096 * 4096
    /// The longest side of an image, in pixels.
    public static let imageSide = 16_384
    /// The largest icon (SVG) file read, in bytes (1 MiB).
    public static let iconFileBytes = 1 << 20
}
