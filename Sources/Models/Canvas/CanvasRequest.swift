import JSONKit

/// How a canvas's virtual coordinate space is laid over its real size.
public enum ScalingMode: String, Sendable, Hashable, CaseIterable {
    /// Aspect kept, centred.
    case fit
    /// Each axis on its own.
    case stretch
}

public enum PictureFormat: String, Sendable, Hashable, CaseIterable {
    case png, svg
}

/// Everything a canvas is drawn from: its commands (a JSON value, parsed when drawn), its real
/// size in points, its coordinate space, the device scale and the appearance.
public struct CanvasRequest: Sendable, Hashable {
    public var commands: JSONValue
    /// The component's size in points.
    public var width: Double
    public var height: Double
    /// The virtual coordinate space; nil: the component's size.
    public var coordinateWidth: Double?
    public var coordinateHeight: Double?
    public var scaling: ScalingMode
    /// Device pixels per point: 1, 2 or 3.
    public var scale: Int
    public var scheme: ColorScheme
    public var format: PictureFormat

    public init(commands: JSONValue, width: Double, height: Double, coordinateWidth: Double? = nil, coordinateHeight: Double? = nil,
                scaling: ScalingMode = .fit, scale: Int = 1, scheme: ColorScheme = .light, format: PictureFormat = .png) {
        self.commands = commands
        self.width = width
        self.height = height
        self.coordinateWidth = coordinateWidth
        self.coordinateHeight = coordinateHeight
        self.scaling = scaling
        self.scale = scale
        self.scheme = scheme
        self.format = format
    }

    /// The largest side of a canvas in points the host draws (not documented by the app: a
    /// widget is at most a few hundred points wide).
    public static let maximumSide = 2000.0
    public static let scales = 1...3

    /// The pixel size of the picture.
    public var pixelWidth: Int { max(1, Int((min(max(width, 1), Self.maximumSide) * Double(clampedScale)).rounded())) }
    public var pixelHeight: Int { max(1, Int((min(max(height, 1), Self.maximumSide) * Double(clampedScale)).rounded())) }
    var clampedScale: Int { min(max(scale, Self.scales.lowerBound), Self.scales.upperBound) }

    /// The coordinate space in force (defaults and the 4000 limit applied) and what was wrong with it.
    public func space() -> (space: CoordinateSpace, diagnostics: [CanvasDiagnostic]) {
        var diagnostics: [CanvasDiagnostic] = []
        func side(_ value: Double?, _ name: String, real: Double) -> Double {
            guard let value else { return real }
            guard value.isFinite, value > 0 else {
                diagnostics.append(CanvasDiagnostic(.invalidCommand, index: nil, field: name, "\(name) must be a number above 0, got \(JSONValue.formatNumber(value)); the component's size is used"))
                return real
            }
            if value > CanvasLimits.virtualSize {
                diagnostics.append(CanvasDiagnostic(.limit, index: nil, field: name, "\(name) is \(JSONValue.formatNumber(value)); the virtual size is at most 4000, so 4000 is used"))
                return CanvasLimits.virtualSize
            }
            return value
        }
        let realWidth = min(max(width, 1), Self.maximumSide), realHeight = min(max(height, 1), Self.maximumSide)
        let virtualWidth = side(coordinateWidth, "coordinateWidth", real: min(realWidth, CanvasLimits.virtualSize))
        let virtualHeight = side(coordinateHeight, "coordinateHeight", real: min(realHeight, CanvasLimits.virtualSize))
        let pixels = Double(clampedScale)
        var scaleX = realWidth / virtualWidth, scaleY = realHeight / virtualHeight
        var offsetX = 0.0, offsetY = 0.0
        if scaling == .fit {
            let both = min(scaleX, scaleY)
            offsetX = (realWidth - virtualWidth * both) / 2
            offsetY = (realHeight - virtualHeight * both) / 2
            scaleX = both
            scaleY = both
        }
        let space = CoordinateSpace(
            width: virtualWidth, height: virtualHeight,
            scaleX: scaleX * pixels, scaleY: scaleY * pixels, offsetX: offsetX * pixels, offsetY: offsetY * pixels)
        return (space, diagnostics)
    }
}

/// Virtual coordinates to device pixels: `pixel = offset + virtual × scale` on each axis.
public struct CoordinateSpace: Sendable, Hashable {
    public var width: Double, height: Double
    public var scaleX: Double, scaleY: Double
    public var offsetX: Double, offsetY: Double
}

/// A drawn canvas: the picture's bytes and what was wrong with its commands.
public struct CanvasPicture: Sendable {
    public var bytes: [UInt8]
    public var format: PictureFormat
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var diagnostics: [CanvasDiagnostic]
    /// Commands in the list, and commands drawn (state commands included).
    public var given: Int
    public var drawn: Int

    public init(bytes: [UInt8], format: PictureFormat, pixelWidth: Int, pixelHeight: Int, diagnostics: [CanvasDiagnostic], given: Int, drawn: Int) {
        self.bytes = bytes
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.diagnostics = diagnostics
        self.given = given
        self.drawn = drawn
    }
}

/// Two PNG pictures compared pixel by pixel.
public struct PictureComparison: Sendable {
    /// Pixels whose colour differs (any channel by more than 2 of 255).
    public var changedPixels: Int
    /// Whether the sizes differ (then every pixel counts as changed).
    public var sizeDiffers: Bool
    /// A PNG: the golden picture dimmed, changed pixels in red.
    public var difference: [UInt8]

    public init(changedPixels: Int, sizeDiffers: Bool, difference: [UInt8]) {
        self.changedPixels = changedPixels
        self.sizeDiffers = sizeDiffers
        self.difference = difference
    }
}

/// What draws pictures: the `Render` module over cairo and Pango, handed to the modules that
/// need pictures (the conformance runner, the preview) by the program that links it, so that
/// programs which never draw do not load those libraries.
public protocol CanvasDrawing: Sendable {
    func draw(_ request: CanvasRequest) -> CanvasPicture
    /// nil when either is not a PNG.
    func compare(actual: [UInt8], golden: [UInt8]) -> PictureComparison?
}
