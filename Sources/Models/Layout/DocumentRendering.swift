import JSONKit

/// Limits on how far loops are expanded, for rendering and checking.
public struct LayoutOptions: Sendable, Hashable {
    /// Elements of one loop that are rendered; the rest are left out (50: the item limit the
    /// HarmonyOS edition of the app documents). At least 1.
    public var maxLoopItems: Int
    /// Entries a check lists before it stops expanding further loop items (a bound for nested
    /// loops over large arrays). Fields outside loops are always listed.
    public var maxEntries: Int

    /// Creates options.
    public init(maxLoopItems: Int = 50, maxEntries: Int = 100_000) {
        self.maxLoopItems = max(1, maxLoopItems)
        self.maxEntries = max(1, maxEntries)
    }
}

extension LayoutDocument {
    /// The layout with every placeholder replaced (A10).
    ///
    /// - A text layout gives an array with one rendered value per field line.
    /// - A tree gives the same tree with each string member rendered. A container's
    ///   `dataSource` is removed and its `children` become the children rendered once per
    ///   element of the array, each time with the element bound to the item name (at most
    ///   ``LayoutOptions/maxLoopItems`` elements). A data source that does not give an array —
    ///   missing, not an array, not of the form `${array[item]}` — leaves the container with no
    ///   children, as an empty array does.
    public func render(outputs: JSONObject, options: LayoutOptions = LayoutOptions()) -> JSONValue {
        let scope = LayoutScope(outputs: outputs)
        switch body {
        case .lines(let fields):
            return .array(fields.map { $0.template.render(in: scope) })
        case .component(let c):
            return LayoutDocument.render(c, in: scope, options: options)
        case .components(let cs):
            return .array(cs.map { LayoutDocument.render($0, in: scope, options: options) })
        }
    }

    static func render(_ component: LayoutComponent, in scope: LayoutScope, options: LayoutOptions) -> JSONValue {
        var object: JSONObject = [:]
        for (key, tree) in component.members { object[key.string] = render(tree, in: scope) }
        if let source = component.dataSource {
            var children: [JSONValue] = []
            if let (name, elements) = loopElements(source, in: scope) {
                for element in elements.prefix(options.maxLoopItems) {
                    let inner = scope.binding(name, to: element)
                    for child in component.children { children.append(render(child, in: inner, options: options)) }
                }
            }
            object["children"] = .array(children)
        } else if component.hasChildren {
            object["children"] = .array(component.children.map { render($0, in: scope, options: options) })
        }
        return .object(object)
    }

    /// The item name and elements of a data source, when it is `${array[item]}` and the array
    /// resolves.
    static func loopElements(_ field: LayoutField, in scope: LayoutScope) -> (String, [JSONValue])? {
        guard let only = field.template.singlePlaceholder, case .loop(let source) = only.target,
              case .array(let elements)? = scope.resolve(source.array) else { return nil }
        return (source.itemName, elements)
    }

    private static func render(_ tree: FieldTree, in scope: LayoutScope) -> JSONValue {
        switch tree {
        case .literal(let v): return v
        case .template(let t): return t.render(in: scope)
        case .array(let items): return .array(items.map { render($0, in: scope) })
        case .object(let members): return .object(JSONObject(members.map { (key: $0.key.string, value: render($0.value, in: scope)) }))
        }
    }
}
