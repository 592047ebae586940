import JSONKit
import Layout

/// What a layout needs besides the tree: the time a `date` shows, image sizes, limits.
public struct GeometryOptions: Sendable {
    /// The virtual now, in milliseconds since 1970 (what `date` components show).
    public var now: Double
    /// The zone's offset from UTC at `now`, in seconds east (for `date` texts and `startoftoday`).
    public var utcOffsetSeconds: Int
    /// Components laid out at most; the rest are left out with `render-limit`.
    public var maxComponents: Int
    /// Nesting laid out at most (the root is depth 0); deeper components are left out with
    /// `render-limit`.
    public var maxDepth: Int
    /// Characters of one text laid out at most; the rest are left out with `render-limit`.
    public var maxTextLength: Int
    /// The size in points of the image a `content` path names, when known (`nil`: 100 × 100,
    /// square). The drawing reads the file; the layout needs only its aspect.
    public var imageSize: (@Sendable (String) -> Size?)?
    /// The images' and icons' pictures, when something reads them (`widgethost render`): an
    /// image's size, and a finding for each image or icon drawn as a placeholder. Takes the
    /// place of ``imageSize``.
    public var assets: (any WidgetAssets)?

    /// Creates options.
    public init(now: Double = 0, utcOffsetSeconds: Int = 0, maxComponents: Int = 2_000, maxDepth: Int = 64,
                maxTextLength: Int = 5_000, imageSize: (@Sendable (String) -> Size?)? = nil, assets: (any WidgetAssets)? = nil) {
        self.assets = assets
        self.maxTextLength = max(1, maxTextLength)
        self.now = now
        self.utcOffsetSeconds = utcOffsetSeconds
        self.maxComponents = max(1, maxComponents)
        self.maxDepth = max(0, maxDepth)
        self.imageSize = imageSize
    }
}

/// A widget laid out at one family's size.
public struct GeometryResult: Sendable {
    /// The family.
    public let family: WidgetFamily
    /// The device whose sizes were used.
    public let device: DeviceModel
    /// The family's size, corner radius and margins on that device.
    public let metrics: FamilyMetrics
    /// The placed root component; `nil` for a text layout (lines, not components).
    public let root: PlacedComponent?
    /// What only the layout could tell.
    public let diagnostics: [GeometryDiagnostic]

    /// Every placed component, depth first.
    public var components: [PlacedComponent] { root?.flattened ?? [] }

    /// The frame of the component at `path` (`root.children[1]`).
    public func frame(_ path: String) -> Rect? { root?.find(path)?.frame }
}

/// The layout engine: a component tree (docs/layout.md) laid out as SwiftUI lays it out, at a
/// widget family's real size.
public enum WidgetGeometry {
    /// Lays out a rendered component tree — what `LayoutDocument.render(outputs:)` gives: one
    /// component object, or an array of them (stacked as a `vstack`).
    public static func layout(_ tree: JSONValue, family: WidgetFamily, device: DeviceModel = .reference,
                              measurer: any TextMeasurer = FixedMetricsMeasurer(),
                              options: GeometryOptions = GeometryOptions()) -> GeometryResult {
        run(tree, source: nil, family: family, device: device, measurer: measurer, options: options)
    }

    /// Renders `document` against `outputs` (A10) and lays it out; findings then name the
    /// layout file's fields, and loops that do not fit are reported (`render-loop-overflow`).
    public static func layout(_ document: LayoutDocument, outputs: JSONObject, family: WidgetFamily,
                              device: DeviceModel = .reference, measurer: any TextMeasurer = FixedMetricsMeasurer(),
                              options: GeometryOptions = GeometryOptions(),
                              layoutOptions: LayoutOptions = LayoutOptions()) -> GeometryResult {
        let rendered = document.render(outputs: outputs, options: layoutOptions)
        switch document.body {
        case .lines:
            return GeometryResult(family: family, device: device, metrics: device.metrics(family), root: nil, diagnostics: [])
        case .component(let c):
            return run(rendered, source: .one(ComponentSource(component: c, items: nil)), family: family, device: device,
                       measurer: measurer, options: options)
        case .components(let cs):
            return run(rendered, source: .many(cs.map { ComponentSource(component: $0, items: nil) }), family: family,
                       device: device, measurer: measurer, options: options)
        }
    }

    enum Sources {
        case one(ComponentSource)
        case many([ComponentSource])
    }

    static func run(_ tree: JSONValue, source: Sources?, family: WidgetFamily, device: DeviceModel,
                    measurer: any TextMeasurer, options: GeometryOptions) -> GeometryResult {
        var metrics = device.metrics(family)
        var builder = NodeBuilder(family: family, options: options)
        var root: Node?
        switch tree {
        case .array(let items):
            let stack = Node(kind: .vstack, type: "vstack", path: "root", pointer: "", object: [:], depth: 0)
            for (i, item) in items.enumerated() {
                var s: ComponentSource?
                if case .many(let all)? = source, i < all.count { s = all[i] }
                if let child = builder.build(item, path: "root[\(i)]", pointer: "/\(i)", depth: 1, parentAxis: .vertical, source: s),
                   child.kind != .unknown {
                    stack.children.append(child)
                }
            }
            root = stack
        default:
            var s: ComponentSource?
            if case .one(let one)? = source { s = one }
            root = builder.build(tree, path: "root", pointer: "", depth: 0, parentAxis: nil, source: s)
        }
        var diagnostics = builder.reader.diagnostics
        if builder.droppedForCount > 0 {
            diagnostics.append(GeometryDiagnostic(code: .limit, message: "the layout has more than \(options.maxComponents) components; the \(builder.droppedForCount) after the first \(options.maxComponents) are not laid out (\(family.label))", path: "root", family: family))
        }
        if builder.droppedForDepth > 0 {
            diagnostics.append(GeometryDiagnostic(code: .limit, message: "components are nested more than \(options.maxDepth) deep; \(builder.droppedForDepth) deeper ones are not laid out (\(family.label))", path: "root", family: family))
        }
        guard var top = root else {
            return GeometryResult(family: family, device: device, metrics: metrics, root: nil, diagnostics: diagnostics)
        }
        if family == .inline { top = inlineRoot(top, measurer: measurer, &diagnostics) }
        diagnostics += fontFindings(top, measurer: measurer, family: family)

        let engine = Engine(measurer: measurer, family: family, options: options)
        if family == .liveActivity { metrics = fittedLiveActivity(top, metrics, engine: engine) }
        engine.visible = metrics.bounds
        let area = metrics.contentRect
        let proposal = Proposal(width: area.width, height: area.height)
        let s = engine.size(top, proposal)
        let origin = Point(x: area.x + (area.width - s.width) / 2, y: area.y + (area.height - s.height) / 2)
        let placed = engine.place(top, at: origin, proposal: proposal)
        let outsideMargins = area.overhang(of: placed.frame)
        if outsideMargins > 0.5 {
            let outside = metrics.bounds.overhang(of: placed.frame)
            let cut = outside > 0.5 ? "; \(Size.format(outside.rounded())) pt fall outside the widget and are cut off" : ""
            engine.note(.overflow, "the layout is \(placed.frame.size); the widget has \(area.size) inside its margins\(cut)", top)
        }
        diagnostics += engine.diagnostics
        return GeometryResult(family: family, device: device, metrics: metrics, root: placed, diagnostics: diagnostics)
    }
}

extension WidgetGeometry {
    /// `render-font-fallback` for each text whose `font` names a family that is not installed,
    /// each family once per layout.
    static func fontFindings(_ root: Node, measurer: any TextMeasurer, family: WidgetFamily) -> [GeometryDiagnostic] {
        var found: [GeometryDiagnostic] = []
        var seen: Set<String> = []
        var stack = [root]
        while let node = stack.popLast() {
            stack.append(contentsOf: node.children.reversed())
            for name in [node.font.family] + node.runs.map(\.font.family) {
                guard let name, seen.insert(name.lowercased()).inserted, let used = measurer.fallback(forFamily: name) else { continue }
                found.append(GeometryDiagnostic(
                    code: .fontFallback,
                    message: "the font \"\(name)\" is not installed; the text is drawn with \(used) (install the font, or name one that is) (\(family.label))",
                    path: node.path, field: node.field("font"), family: family))
            }
        }
        return found
    }
}

