/// Sizes, as SwiftUI's layout asks for them: a parent proposes, the child answers.
///
/// Every component is, from the outside in: its content, `padding`, a fixed `frame` of
/// `width`/`height` (the content centred in it), then background, clipping (`cornerRadius`),
/// opacity, rotation and offset, which do not change the layout.
final class Engine {
    let measurer: any TextMeasurer
    let family: WidgetFamily
    let options: GeometryOptions
    var diagnostics: [GeometryDiagnostic] = []
    /// The family's bounds: what is outside is not shown.
    var visible = Rect(x: 0, y: 0, width: 0, height: 0)

    init(measurer: any TextMeasurer, family: WidgetFamily, options: GeometryOptions) {
        self.measurer = measurer
        self.family = family
        self.options = options
    }

    func note(_ code: GeometryCode, _ message: String, _ node: Node, field: String? = nil) {
        diagnostics.append(GeometryDiagnostic(code: code, message: message + " (\(family.label))",
                                              path: node.path, field: field, family: family))
    }

    /// The proposal a node's content gets: its fixed frame where it has one, less its padding.
    func contentProposal(_ n: Node, _ p: Proposal) -> Proposal {
        Proposal(width: n.width ?? p.width, height: n.height ?? p.height).inset(n.padding)
    }

    /// The size `n` takes when offered `p`.
    func size(_ n: Node, _ p: Proposal) -> Size {
        if let known = n.sizes[p] { return known }
        let c = contentSize(n, contentProposal(n, p))
        var s = Size(width: max(0, c.width + n.padding.horizontal), height: max(0, c.height + n.padding.vertical))
        if let w = n.width { s.width = w }
        if let h = n.height { s.height = h }
        n.sizes[p] = s
        return s
    }

    func contentSize(_ n: Node, _ p: Proposal) -> Size {
        switch n.kind {
        case .text, .date, .tstack:
            return fitText(n, p).size
        case .icon:
            return iconSize(n, p)
        case .image:
            return imageLayout(n, p).size
        case .shape:
            return Size(width: p.width ?? 10, height: p.height ?? 10)
        case .canvas:
            let ideal = n.intrinsic ?? Size(width: 100, height: 100)
            return Size(width: p.width ?? ideal.width, height: p.height ?? ideal.height)
        case .spacer:
            return spacerSize(n, p)
        case .vstack, .button:
            return stackSize(n, .vertical, p)
        case .hstack:
            return stackSize(n, .horizontal, p)
        case .zstack:
            var w = 0.0, h = 0.0
            for c in n.children { let s = size(c, p); w = max(w, s.width); h = max(h, s.height) }
            return Size(width: w, height: h)
        case .grid:
            return gridLayout(n, p).size
        case .gauge:
            return gaugeLayout(n, p).size
        case .unknown:
            return .zero
        }
    }

    private func spacerSize(_ n: Node, _ p: Proposal) -> Size {
        guard let axis = n.parentAxis else {
            return Size(width: p.width ?? 0, height: p.height ?? 0)
        }
        let along = max(n.minLength, p.along(axis) ?? n.minLength)
        return Size.make(axis, along: along, across: 0)
    }

    /// A symbol is as tall as a line of its font and square; given a width or height it is
    /// drawn resizable, fitting the frame.
    private func iconSize(_ n: Node, _ p: Proposal) -> Size {
        let ideal = measurer.lineHeight(of: n.font)
        guard n.width != nil || n.height != nil else { return Size(width: ideal, height: ideal) }
        let sides = [p.width, p.height].compactMap { $0 }.filter { $0.isFinite }
        let side = sides.min() ?? ideal
        return Size(width: side, height: side)
    }

    /// An image's frame and the rectangle its pixels are drawn in (relative to the frame),
    /// by `scaleMode` (`fit`, the default; `fill`; `stretch`) — SwiftUI's resizable image with
    /// `scaledToFit`, `scaledToFill` then clipped to the frame, or no aspect ratio at all.
    func imageLayout(_ n: Node, _ p: Proposal) -> (size: Size, drawn: Rect) {
        let natural = n.intrinsic ?? Size(width: 100, height: 100)
        let mode = (n.string("scaleMode") ?? n.string("contentMode") ?? n.string("mode") ?? "fit").lowercased().trimmingSpaces
        func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? $0 : nil } }
        let pw = finite(p.width), ph = finite(p.height)
        switch mode {
        case "stretch":
            let s = Size(width: pw ?? (p.width == nil ? natural.width : .infinity), height: ph ?? (p.height == nil ? natural.height : .infinity))
            return (s, Rect(origin: .zero, size: s))
        case "fill":
            guard let w = pw, let h = ph else {
                let s = fitted(natural, pw, ph)
                return (s, Rect(origin: .zero, size: s))
            }
            let k = max(w / natural.width, h / natural.height)
            let drawn = Size(width: natural.width * k, height: natural.height * k)
            return (Size(width: w, height: h), Rect(x: (w - drawn.width) / 2, y: (h - drawn.height) / 2,
                                                    width: drawn.width, height: drawn.height))
        default:
            let s = fitted(natural, pw, ph)
            return (s, Rect(origin: .zero, size: s))
        }
    }

    private func fitted(_ natural: Size, _ w: Double?, _ h: Double?) -> Size {
        switch (w, h) {
        case let (w?, h?):
            let k = min(w / natural.width, h / natural.height)
            return Size(width: natural.width * k, height: natural.height * k)
        case let (w?, nil): return Size(width: w, height: natural.height * w / natural.width)
        case let (nil, h?): return Size(width: natural.width * h / natural.height, height: h)
        case (nil, nil): return natural
        }
    }
}
