import JSONKit

extension GeometryResult {
    /// Every placed component's frame, depth first, as `widgethost render --format json` and
    /// `widgethost preview --format json` list them (docs/reports.md): `path` (the component's
    /// JSON Pointer in the rendered tree, as findings name fields: `""` for the root,
    /// `/children/0/children/2`), `type`, and `x`, `y`, `width`, `height` in points from the
    /// widget's top left corner (to the thousandth of a point); a component rendered in a loop
    /// adds `source` (its template's pointer in the layout file) and `item` (which item); a
    /// `text`, `date` or `tstack` adds `lines` (the number of lines drawn), `scale` (the factor
    /// its fonts were shrunk by to fit, 1 when not shrunk) and `truncated`.
    public var componentFrames: [JSONValue] {
        components.map { c in
            var entry: JSONObject = [
                "path": .string(c.pointer), "type": .string(c.type),
                "x": Self.points(c.frame.x), "y": Self.points(c.frame.y),
                "width": Self.points(c.frame.width), "height": Self.points(c.frame.height),
            ]
            if let item = c.loopItems {
                entry["item"] = .string(item)
                if let source = c.sourcePointer { entry["source"] = .string(source) }
            }
            if let text = c.text {
                entry["lines"] = .number(Double(text.lines.count))
                entry["scale"] = .number((text.scale * 1000).rounded() / 1000)
                entry["truncated"] = .bool(text.truncated)
            }
            return .object(entry)
        }
    }

    /// A length to the thousandth of a point, so that sums such as 16 + 52.8 read as written.
    private static func points(_ v: Double) -> JSONValue {
        .number(v.isFinite ? (v * 1000).rounded() / 1000 : 0)
    }
}
