import JSONKit

/// Limits on how far loops are expanded, for rendering and checking.
public struct LayoutOptions: Sendable, Hashable {
    /// Elements of one loop that are rendered, the rest left out; `nil` (the default) for all of
    /// them. The iOS app documents no limit on a loop's items; 50 is the limit the HarmonyOS
    /// edition of the app documents. At least 1 when given.
    public var maxLoopItems: Int?
    /// How far loops are expanded in all: a check stops expanding further loop items once it has
    /// listed this many entries, and rendering once it has made this many components from loop
    /// items (a bound for nested loops over large arrays, which grow as a product). Fields
    /// outside loops, and the first item of each loop, are always there.
    public var maxEntries: Int

    /// Creates options.
    public init(maxLoopItems: Int? = nil, maxEntries: Int = 100_000) {
        self.maxLoopItems = maxLoopItems.map { max(1, $0) }
        self.maxEntries = max(1, maxEntries)
    }

    /// How many of a loop's `count` elements are expanded.
    func loopItems(_ count: Int) -> Int { min(count, maxLoopItems ?? count) }
}

extension LayoutDocument {
    /// The layout with every placeholder replaced (A10).
    ///
    /// - A text layout gives an array with one rendered value per field line.
    /// - A tree gives the same tree with each string member rendered. A container's
    ///   `dataSource` is removed and its `children` become the children rendered once per
    ///   element of the array, each time with the element bound to the item name (every
    ///   element, unless ``LayoutOptions/maxLoopItems`` or ``LayoutOptions/maxEntries`` stops
    ///   it). A data source that does not give an array — missing, not an array, not of the form
    ///   `${array[item]}` — leaves the container with no children, as an empty array does.
    public func render(outputs: JSONObject, options: LayoutOptions = LayoutOptions()) -> JSONValue {
        let scope = LayoutScope(outputs: outputs)
        var made = 0
        switch body {
        case .lines(let fields):
            return .array(fields.map { $0.template.render(in: scope) })
        case .component(let c):
            return LayoutDocument.render(c, in: scope, options: options, made: &made)
        case .components(let cs):
            return .array(cs.map { LayoutDocument.render($0, in: scope, options: options, made: &made) })
        }
    }

    /// Renders `component`; `made` counts the components made from loop items so far.
    static func render(_ component: LayoutComponent, in scope: LayoutScope, options: LayoutOptions,
                       made: inout Int) -> JSONValue {
        var object: JSONObject = [:]
        for (key, tree) in component.members { object[key.string] = render(tree, in: scope) }
        if let source = component.dataSource {
            var children: [JSONValue] = []
            if let (name, elements) = loopElements(source, in: scope) {
                for index in 0..<options.loopItems(elements.count) {
                    if index > 0, made >= options.maxEntries { break }
                    let inner = scope.binding(name, to: elements[index])
                    for child in component.children {
                        made += 1
                        children.append(render(child, in: inner, options: options, made: &made))
                    }
                }
            }
            object["children"] = .array(children)
        } else if component.hasChildren {
            object["children"] = .array(component.children.map { render($0, in: scope, options: options, made: &made) })
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
