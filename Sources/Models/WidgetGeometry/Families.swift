/// Widget families at their real sizes on a few iPhones (docs/render.md, "Layout", has the
/// sources of every number).

/// Where a widget is shown.
public enum WidgetFamily: String, Sendable, Hashable, CaseIterable {
    /// Home Screen, 2 × 2 icons (`systemSmall`).
    case small
    /// Home Screen, 4 × 2 icons (`systemMedium`).
    case medium
    /// Home Screen, 4 × 4 icons (`systemLarge`).
    case large
    /// Lock Screen, round (`accessoryCircular`).
    case circular
    /// Lock Screen, a wide rectangle (`accessoryRectangular`).
    case rectangular
    /// Lock Screen, one line above the clock (`accessoryInline`).
    case inline
    /// A Live Activity's Lock Screen presentation (at its tallest).
    case liveActivity = "live-activity"

    /// How messages name it: `small widget`, `Live Activity`.
    public var label: String { self == .liveActivity ? "Live Activity" : rawValue + " widget" }

    /// Whether the system draws the family monochrome (the Lock Screen's accessory families).
    public var isMonochrome: Bool { self == .circular || self == .rectangular || self == .inline }

    /// Reads a family name: the raw values, WidgetKit's names (`systemSmall`,
    /// `accessoryCircular`, …) and `live`/`liveActivity`, case-insensitively.
    public init?(name: String) {
        let n = name.lowercased().filter { $0 != "-" && $0 != "_" }
        switch n {
        case "small", "systemsmall": self = .small
        case "medium", "systemmedium": self = .medium
        case "large", "systemlarge": self = .large
        case "circular", "accessorycircular": self = .circular
        case "rectangular", "accessoryrectangular": self = .rectangular
        case "inline", "accessoryinline": self = .inline
        case "live", "liveactivity", "lockscreen", "activity": self = .liveActivity
        default: return nil
        }
    }
}

/// One family on one device.
public struct FamilyMetrics: Sendable, Hashable {
    /// The widget's size in points.
    public var size: Size
    /// The radius of the widget's rounded corners (a circle's is half its width; 0 where the
    /// system draws no container).
    public var cornerRadius: Double
    /// The margins the system keeps between the widget's edge and its content.
    public var contentMargins: Insets

    /// Creates metrics.
    public init(size: Size, cornerRadius: Double, contentMargins: Insets) {
        self.size = size
        self.cornerRadius = cornerRadius
        self.contentMargins = contentMargins
    }

    /// The widget's bounds, at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }
    /// Where the content is laid out: the bounds less the content margins.
    public var contentRect: Rect { bounds.inset(by: contentMargins) }
}

/// An iPhone screen class and its widget sizes.
public struct DeviceModel: Sendable, Hashable {
    /// The name `--device` takes (`iphone-15-pro`).
    public let name: String
    /// Models that share the screen, for messages and docs.
    public let models: String
    /// The screen in points, portrait.
    public let screen: Size
    /// Pixels per point.
    public let scale: Int
    /// Each family's metrics.
    public let families: [WidgetFamily: FamilyMetrics]

    /// The metrics of `family` on this device.
    public func metrics(_ family: WidgetFamily) -> FamilyMetrics { families[family]! }

    /// The reference device: iPhone 15 Pro (393 × 852 pt, @3x).
    public static let reference: DeviceModel = all[0]

    /// The device called `name` (case-insensitive), or `nil`.
    public static func named(_ name: String) -> DeviceModel? {
        all.first { $0.name == name.lowercased() }
    }

    /// Every device the table knows, the reference first.
    public static let all: [DeviceModel] = [
        // Screen, small, medium, large, circular, rectangular, inline (Apple's HIG, widgets,
        // "iOS dimensions"); the Live Activity (HIG, Live Activities, "Lock Screen").
        make("iphone-15-pro", "iPhone 14 Pro, 15, 15 Pro, 16", 393, 852, 3,
             158, (338, 158), (338, 354), 72, (160, 72), (234, 26), (371, 160)),
        make("iphone-15-pro-max", "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus", 430, 932, 3,
             170, (364, 170), (364, 382), 76, (172, 76), (257, 26), (408, 160)),
        make("iphone-14", "iPhone 12, 12 Pro, 13, 13 Pro, 14, 16e", 390, 844, 3,
             158, (338, 158), (338, 354), 72, (160, 72), (234, 26), (368, 160)),
        make("iphone-14-plus", "iPhone 12 Pro Max, 13 Pro Max, 14 Plus", 428, 926, 3,
             170, (364, 170), (364, 382), 76, (172, 76), (257, 26), (406, 160)),
        make("iphone-13-mini", "iPhone X, XS, 11 Pro, 12 mini, 13 mini", 375, 812, 3,
             155, (329, 155), (329, 345), 72, (157, 72), (225, 26), (353, 160)),
        make("iphone-11", "iPhone XR, 11 (XS Max and 11 Pro Max: the same sizes at @3x)", 414, 896, 2,
             169, (360, 169), (360, 379), 76, (160, 72), (248, 26), (392, 160)),
        make("iphone-se", "iPhone 6s, 7, 8, SE (2nd and 3rd generation)", 375, 667, 2,
             148, (321, 148), (321, 324), 68, (153, 68), (225, 26), (353, 160)),
    ]

    /// Corner radius of the Home Screen families (Apple publishes none; see docs/render.md).
    public static let systemCornerRadius = 22.0
    /// Corner radius of the Live Activity's Lock Screen platter (chosen; see docs/render.md).
    public static let liveActivityCornerRadius = 24.0
    /// Content margins of the Home Screen families (HIG: "16 points for most widgets").
    public static let systemMargins = Insets(all: 16)
    /// Content margins of the Live Activity (the 14 pt margins the Lock Screen keeps).
    public static let liveActivityMargins = Insets(all: 14)

    private static func make(_ name: String, _ models: String, _ w: Double, _ h: Double, _ scale: Int,
                             _ small: Double, _ medium: (Double, Double), _ large: (Double, Double),
                             _ circular: Double, _ rectangular: (Double, Double), _ inline: (Double, Double),
                             _ live: (Double, Double)) -> DeviceModel {
        func system(_ w: Double, _ h: Double) -> FamilyMetrics {
            FamilyMetrics(size: Size(width: w, height: h), cornerRadius: systemCornerRadius, contentMargins: systemMargins)
        }
        func bare(_ w: Double, _ h: Double, _ r: Double) -> FamilyMetrics {
            FamilyMetrics(size: Size(width: w, height: h), cornerRadius: r, contentMargins: .zero)
        }
        return DeviceModel(name: name, models: models, screen: Size(width: w, height: h), scale: scale, families: [
            .small: system(small, small),
            .medium: system(medium.0, medium.1),
            .large: system(large.0, large.1),
            .circular: bare(circular, circular, circular / 2),
            .rectangular: bare(rectangular.0, rectangular.1, 0),
            .inline: bare(inline.0, inline.1, 0),
            .liveActivity: FamilyMetrics(size: Size(width: live.0, height: live.1), cornerRadius: liveActivityCornerRadius,
                                         contentMargins: liveActivityMargins),
        ])
    }
}
