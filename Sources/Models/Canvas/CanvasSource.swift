import JSONKit

/// Where a canvas comes from besides a bare command list: a rendered layout whose root is a
/// canvas component, and how a diagnostic's place is written.
public enum CanvasSource {
    public enum Found {
        case success(CanvasRequest)
        case failure(String)
    }

    /// A rendered layout tree (placeholders already replaced) whose root is a `canvas`
    /// component: its `content` (the commands), `width`, `height`, `coordinateWidth`,
    /// `coordinateHeight` and `scalingMode` (`fit` or `stretch`).
    public static func fromLayout(_ tree: JSONValue, defaultSide: Double = 170) -> Found {
        var root = tree
        if case .array(let items) = tree, items.count == 1 { root = items[0] }
        guard case .object(let component) = root else { return .failure("the layout's root is not one component, so there is no canvas to draw") }
        guard case .string(let type)? = component["type"], type.lowercased() == "canvas" else {
            return .failure("the layout's root component is not a canvas (type \(component["type"].map { CanvasFields.describe($0) } ?? "missing")), so there is nothing to draw")
        }
        func number(_ key: String) -> Double? {
            component[key].flatMap(CanvasFields.number(of:)).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }
        var scaling = ScalingMode.fit
        if case .string(let mode)? = component["scalingMode"] ?? component["scaleMode"], let parsed = ScalingMode(rawValue: mode) { scaling = parsed }
        let width = min(number("width") ?? defaultSide, CanvasRequest.maximumSide)
        let height = min(number("height") ?? defaultSide, CanvasRequest.maximumSide)
        return .success(CanvasRequest(
            commands: component["content"] ?? component["commands"] ?? .array([]), width: width, height: height,
            coordinateWidth: number("coordinateWidth"), coordinateHeight: number("coordinateHeight"), scaling: scaling))
    }

    /// `command 3, fill: ` (or less), the prefix of a diagnostic's message in a line.
    public static func place(_ diagnostic: CanvasDiagnostic) -> String {
        var parts: [String] = []
        if let index = diagnostic.index { parts.append("command \(index)") }
        if let field = diagnostic.field { parts.append(field) }
        return parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
    }

    /// A diagnostic as JSON: `code`, `severity`, `message`, `index`, `field`.
    public static func json(_ diagnostic: CanvasDiagnostic) -> JSONValue {
        var object: JSONObject = ["code": .string(diagnostic.code.rawValue), "severity": .string(diagnostic.severity.rawValue), "message": .string(diagnostic.message)]
        if let index = diagnostic.index { object["index"] = .number(Double(index)) }
        if let field = diagnostic.field { object["field"] = .string(field) }
        return .object(object)
    }
}
