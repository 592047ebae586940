import JSONKit

/// What the Lock Screen does with a layout besides laying it out: the inline family's one line,
/// and the Live Activity's height, fitted to its content.
extension WidgetGeometry {
    /// The font of the inline family's line: the system font at 17 pt (SwiftUI's body size),
    /// semibold, close to the date it sits beside above the clock (chosen: Apple publishes no
    /// size; docs/render.md). WidgetKit draws the line in its own font and colour, whatever the
    /// layout asks for.
    public static let inlineFont = FontSpec(size: 17, weight: .semibold)

    /// The fields WidgetKit leaves out of an inline widget's text and image: it draws no
    /// backgrounds, padding, frames or clip shapes there, and the line in its own colour;
    /// an image is fitted to the text's size.
    static let inlineIgnored: Set<String> = [
        "background", "backgroundColor", "color", "foregroundColor", "tint", "clipShape", "clip", "clipCornerRadius",
        "cornerRadius", "padding", "pacings", "width", "height", "scaleMode", "contentMode", "mode", "opacity", "alpha",
        "rotation", "offsetX", "offsetY", "font", "fontSize", "fontWeight", "weight",
    ]

    /// An inline widget shows one line: the first image or icon and the first text, date or
    /// tstack of the tree, side by side, 4 pt apart; the rest is ignored, as WidgetKit does. The
    /// text is one line in ``inlineFont``; an image or icon is as tall as that line (an image
    /// keeps its aspect); neither keeps a background, padding, frame or clip shape.
    static func inlineRoot(_ root: Node, measurer: any TextMeasurer, _ diagnostics: inout [GeometryDiagnostic]) -> Node {
        var image: Node?, text: Node?, ignored = 0
        func walk(_ n: Node) {
            switch n.kind {
            case .image, .icon: if image == nil { image = n } else { ignored += 1 }
            case .text, .date, .tstack: if text == nil { text = n } else { ignored += 1 }
            case .vstack, .hstack, .zstack, .grid, .button: n.children.forEach(walk)
            case .unknown: break
            default: ignored += 1
            }
        }
        walk(root)
        let line = Node(kind: .hstack, type: "hstack", path: "root", pointer: root.pointer, object: [:], depth: 0)
        line.spacing = 4
        for n in [image, text].compactMap({ $0 }) {
            n.parentAxis = .horizontal
            n.object = n.object.filter { !inlineIgnored.contains($0.key) }
            n.padding = .zero
            n.width = nil
            n.height = nil
            n.cornerRadius = 0
            n.opacity = 1
            n.rotation = 0
            n.offset = .zero
            n.font = inlineFont
            switch n.kind {
            case .image:
                n.height = measurer.lineHeight(of: inlineFont)
            case .icon:
                break
            default:
                n.lineLimit = 1
                n.runs = n.runs.map { TextRun($0.text, font: inlineFont) }
            }
            line.children.append(n)
        }
        if ignored > 0 {
            diagnostics.append(GeometryDiagnostic(code: .ignored, message: "an inline widget shows only its first image or icon and its first text; \(ignored) other components are not shown (inline widget)", path: "root", family: .inline))
        }
        return line
    }

    /// The Live Activity's Lock Screen presentation is as tall as its content (its ideal
    /// height at the presentation's width, as ActivityKit sizes it) plus the margins, rounded
    /// up to a whole point (so that the picture is whole pixels at every scale), at most the
    /// family's height (160 pt): the metrics with that height.
    static func fittedLiveActivity(_ top: Node, _ metrics: FamilyMetrics, engine: Engine) -> FamilyMetrics {
        let area = metrics.contentRect
        let ideal = engine.size(top, Proposal(width: area.width, height: nil))
        var fitted = metrics
        let height = (max(0, ideal.height) + metrics.contentMargins.vertical).rounded(.up)
        fitted.size.height = min(metrics.size.height, height)
        return fitted
    }
}
