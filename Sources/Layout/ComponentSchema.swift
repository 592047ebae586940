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

    /// Member names whose value must be a number (or a string holding one), wherever they appear
    /// in a component, including inside nested objects and arrays such as canvas commands.
    public static let numericFields: Set<String> = [
        "fontSize", "width", "height", "spacing", "cornerRadius", "lineLimit", "lineCount",
        "scale", "scaleFactor", "minimumScaleFactor", "opacity", "alpha", "rotation",
        "offsetX", "offsetY", "columns", "value", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy",
        "radius", "startAngle", "endAngle", "lineWidth", "miterLimit", "dashOffset",
        "shadowBlur", "shadowOffsetX", "shadowOffsetY",
    ]

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
