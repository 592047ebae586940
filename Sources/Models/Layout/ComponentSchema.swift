import ErrorKinds
import JSONKit

/// What the layout check knows about component types and their fields.
public enum ComponentSchema {
    /// The component types of a JSON tree layout (compared case-insensitively).
    public static let types: Set<String> = [
        "text", "image", "icon", "shape", "spacer", "button", "date", "gauge", "canvas",
        "vstack", "hstack", "zstack", "tstack", "grid",
    ]

    /// Containers: the types that may have a `dataSource` (a loop).
    public static let containers: Set<String> = ["vstack", "hstack", "zstack", "tstack", "grid"]

    /// Types that may have `children` besides containers (a button's look, a gauge's labels).
    public static let parents: Set<String> = containers.union(["button", "gauge"])

    /// The member that holds a container's loop source, `${array[item]}`.
    public static let dataSourceKey = "dataSource"

    /// Fields every component has: its padding, frame, background, clip, opacity and transform.
    static let commonFields: Set<String> = [
        "padding", "pacings", "width", "height", "spacing", "alignment", "cornerRadius",
        "opacity", "alpha", "rotation", "offsetX", "offsetY", "background", "backgroundColor",
    ]

    /// A text's font and how it fits (a text, a date, an icon's font; a tstack's fitting).
    static let fontFields: Set<String> = ["fontSize", "fontWeight", "weight", "font"]
    static let fittingFields: Set<String> = [
        "lineLimit", "lineCount", "minimumScaleFactor", "scaleFactor", "truncationMode", "truncation",
    ]
    static let inkFields: Set<String> = ["color", "foregroundColor"]

    /// The fields of each type besides ``commonFields``, `type`, `children` and `dataSource`:
    /// what the layout engine (WidgetGeometry) and the painter (Render) read, with the aliases
    /// they accept, and `openUrl`, which the app documents on containers and the host does not
    /// follow. The engine and the painter read a component's members only through
    /// ``member(_:of:type:)``, so this table is the one list of what a component has; every
    /// other member is reported (`layout-unknown-field`, `render-unknown-field`).
    static let ownFields: [String: Set<String>] = [
        "text": fontFields.union(fittingFields).union(inkFields).union(["content", "text"]),
        "date": fontFields.union(fittingFields).union(inkFields).union(["content", "style"]),
        "tstack": fittingFields.union(inkFields).union(["openUrl"]),
        "icon": fontFields.union(inkFields).union(["content"]),
        "image": ["content", "scaleMode", "contentMode", "mode", "clipShape", "clip", "clipCornerRadius"],
        "shape": inkFields.union(["content", "shape"]),
        "spacer": ["minLength"],
        "button": ["style"],
        "gauge": ["content", "value", "style", "scale", "color", "tint"],
        "canvas": ["content", "commands", "coordinateWidth", "coordWidth", "coordinateHeight", "coordHeight",
                   "scalingMode", "scaleMode"],
        "vstack": ["openUrl"], "hstack": ["openUrl"], "zstack": ["openUrl"],
        "grid": ["columns", "openUrl"],
    ]

    /// The fields a component of `type` (lower-cased) has, `type`, `children` and `dataSource`
    /// included where they belong; empty for an unknown type.
    public static func fields(of type: String) -> Set<String> {
        guard let own = ownFields[type] else { return [] }
        var all = commonFields.union(own).union(["type"])
        if parents.contains(type) { all.insert("children") }
        if containers.contains(type) { all.insert(dataSourceKey) }
        return all
    }

    /// Member `key` of a component of `type` (lower-cased), as the engine and the painter read
    /// it: `nil` when absent, and for a member the type does not have (which the check reports).
    /// Reading an undeclared member is a mistake of the reader, caught in debug builds.
    public static func member(_ key: String, of object: JSONObject, type: String) -> JSONValue? {
        guard ownFields[type]?.contains(key) == true || commonFields.contains(key) else {
            assertionFailure("member \"\(key)\" of a \(type) is read but not declared in ComponentSchema.ownFields")
            return nil
        }
        return object[key]
    }

    /// The members of a component of known `type` that are not its fields, in key order, each
    /// with the closest field name when one is close (``DidYouMean``). `children` and
    /// `dataSource` where they do not belong are structural findings, not listed here.
    public static func unknownFields(of object: JSONObject, type: String) -> [(name: String, suggestion: String?)] {
        let known = fields(of: type)
        guard !known.isEmpty else { return [] }
        let structural: Set<String> = ["type", "children", dataSourceKey]
        return object.keys.filter { !known.contains($0) && !structural.contains($0) }
            .map { ($0, DidYouMean.nearest(to: $0, among: known.subtracting(structural).sorted())) }
    }

    /// `"contents" is not a field of a text component; did you mean "content"? It is ignored.`
    /// Without a close name, the type's own fields are listed.
    public static func unknownFieldMessage(_ name: String, type: String, suggestion: String?) -> String {
        let own = (ownFields[type] ?? []).sorted()
        let hint = suggestion.map { "did you mean \"\($0)\"?" }
            ?? (own.isEmpty ? "a \(type) has only" : "a \(type) has \(own.joined(separator: ", ")) besides")
                + " the fields every component has (padding, width, height, background, …)."
        return "\"\(name)\" is not a field of a \(type) component; \(hint) It is ignored."
    }

    /// Member names whose value must be a number (or a string holding one), wherever they appear
    /// in a component, including inside nested objects and arrays such as canvas commands.
    public static let numericFields: Set<String> = [
        "fontSize", "width", "height", "spacing", "cornerRadius", "lineLimit", "lineCount",
        "scale", "scaleFactor", "minimumScaleFactor", "opacity", "alpha", "rotation",
        "offsetX", "offsetY", "columns", "value", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy",
        "radius", "startAngle", "endAngle", "lineWidth", "miterLimit", "dashOffset",
        "shadowBlur", "shadowOffsetX", "shadowOffsetY",
    ]

    /// The fields a component shows as text: whatever value they get is drawn as JavaScript
    /// prints it, so an object there shows `[object Object]` even when it is the whole field.
    public static let textFields: [String: Set<String>] = ["text": ["content", "text"]]

    /// Whether member `key` of a component of type `type` is shown as text (``textFields``).
    public static func showsText(_ key: String, in type: String?) -> Bool {
        type.flatMap { textFields[$0] }?.contains(key) == true
    }

    /// Members that hold a colour: a colour string (`#RRGGBB`, `transparent`), `{light, dark}`
    /// or a gradient object (docs/render.md), never a Boolean, number, `null` or array.
    public static let colorFields: Set<String> = ["color", "foregroundColor", "background", "backgroundColor", "tint"]

    /// Whether the string at `pointer`, member `key` of a component, holds a colour or a
    /// `{light, dark}` member of one (`/color/dark`).
    public static func isColor(_ key: String, pointer: String) -> Bool {
        if colorFields.contains(key) { return true }
        guard key == "light" || key == "dark" else { return false }
        let parent = pointer.split(separator: "/").dropLast().last.map(String.init) ?? ""
        return colorFields.contains(parent)
    }

    /// Numeric members that must lie between 0 and 1.
    public static let unitIntervalFields: Set<String> = ["opacity", "alpha"]

    /// Whether member `key` of a component of type `type` needs a number. A gauge's
    /// `content` is its value, so it is numeric too.
    public static func isNumeric(_ key: String, in type: String?) -> Bool {
        numericFields.contains(key) || (type == "gauge" && key == "content")
    }

    /// Whether member `key` of a component of type `type` needs a number between 0 and 1
    /// (a gauge's `value`/`content`, any `opacity`/`alpha`).
    public static func isUnitInterval(_ key: String, in type: String?) -> Bool {
        unitIntervalFields.contains(key) || (type == "gauge" && (key == "content" || key == "value"))
    }
}
