import JSONKit
import Layout

/// A component with its place in the widget, in points from the widget's top left corner.
public struct PlacedComponent: Sendable, Hashable {
    /// The component's path in the tree: `root`, `root.children[2]`, `root[0]` for the first of
    /// a layout that is an array of components.
    public let path: String
    /// The type as the engine read it (`text`, `vstack`, …; `unknown` for anything else).
    public let type: String
    /// JSON Pointer of the component in the rendered tree (`/children/2`).
    public let pointer: String
    /// JSON Pointer of the component in the layout file, when the layout file is known; for a
    /// component rendered in a loop, the template it was rendered from.
    public let sourcePointer: String?
    /// The loop items it was rendered for (`item 2 of ${events[ev]}`), if any.
    public let loopItems: String?
    /// The layout frame: what the parent placed, padding included. Background and clipping
    /// (``cornerRadius``) apply to it.
    public let frame: Rect
    /// The frame less the padding: where the content is.
    public let contentFrame: Rect
    /// The rendered component's members, `children` left out (colours, content, style…).
    public let properties: JSONObject

    /// Member `key` of ``properties``, read through the declaration of the type's fields
    /// (``ComponentSchema/member(_:of:type:)``): `nil` for a member the type does not have.
    public func member(_ key: String) -> JSONValue? { ComponentSchema.member(key, of: properties, type: type) }
    /// Corner radius of the clip and background (0: none).
    public let cornerRadius: Double
    /// Opacity, 0…1.
    public let opacity: Double
    /// Rotation in degrees, clockwise, around the frame's centre; does not move other components.
    public let rotation: Double
    /// Offset (`offsetX`, `offsetY`) applied when drawing; does not move other components.
    public let offset: Point
    /// The laid-out lines of a `text`, `date` or `tstack`.
    public let text: PlacedText?
    /// Where the component's own drawing goes, when it differs from the content frame: an
    /// image's pixels after `fit`/`fill`/`stretch` (for `fill` larger than the frame, clipped
    /// to it), a shape's outline (a circle's square, centred), a gauge's ring or bar.
    public let drawnFrame: Rect?
    /// The placed children, in order (a gauge's: those that fill a slot).
    public let children: [PlacedComponent]

    /// This component and every one below it, depth first.
    public var flattened: [PlacedComponent] {
        var out = [self]
        for c in children { out.append(contentsOf: c.flattened) }
        return out
    }

    /// The component at `path`, here or below.
    public func find(_ path: String) -> PlacedComponent? {
        if self.path == path { return self }
        for c in children where path.hasPrefix(c.path) {
            if let found = c.find(path) { return found }
        }
        return nil
    }
}

/// A laid-out text.
public struct PlacedText: Sendable, Hashable {
    /// The lines shown, each with its frame (absolute), runs at the size drawn.
    public let lines: [PlacedLine]
    /// The factor the font sizes were scaled by to fit (1: not scaled).
    public let scale: Double
    /// Whether text was cut with an ellipsis.
    public let truncated: Bool
    /// How lines sit in the frame (`start`: leading, SwiftUI's default).
    public let alignment: AxisAlignment
}

/// One line of a placed text.
public struct PlacedLine: Sendable, Hashable {
    /// The runs, at the font size drawn.
    public let runs: [TextRun]
    /// The line's box: its width is the line's advance, its height the line height.
    public let frame: Rect

    /// The line's text.
    public var text: String { runs.map(\.text).joined() }
}
