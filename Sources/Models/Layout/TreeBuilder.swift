import JSONKit

/// Builds components from JSON, recording structural problems.
struct TreeBuilder {
    var findings: [LayoutFinding] = []

    mutating func problem(_ pointer: String, _ message: String) {
        findings.append(LayoutFinding(code: .component, message: message, location: .pointer(pointer)))
    }

    mutating func component(_ value: JSONValue, pointer: String) -> LayoutComponent? {
        guard case .object(let object) = value else {
            problem(pointer, "a component must be a JSON object with a \"type\", not a \(value.typeName); it is ignored")
            return nil
        }
        var type: String?
        switch object["type"] {
        case .string(let t)?:
            type = t.lowercased()
            if !ComponentSchema.types.contains(type!) {
                // A repeat is not a component of its own: authors reach for one by these names.
                let loop = ["loop", "foreach", "for", "repeat", "list"].contains(type!)
                    ? " (a loop is a container's \"dataSource\": \"${rows[row]}\" on a vstack, hstack, zstack or grid repeats its children for each element of rows, calling it row; see docs/layout.md)"
                    : ""
                problem(pointer + "/type", "unknown component type \"\(t)\"; use one of \(ComponentSchema.types.sorted().joined(separator: ", "))\(loop)")
            }
        case nil:
            problem(pointer, "the component has no \"type\"; add one such as \"text\" or \"vstack\"")
        case let other?:
            problem(pointer + "/type", "\"type\" must be a string such as \"text\", not a \(other.typeName)")
        }

        if let type {
            for (name, suggestion) in ComponentSchema.unknownFields(of: object, type: type) {
                findings.append(LayoutFinding(code: .unknownField,
                    message: ComponentSchema.unknownFieldMessage(name, type: type, suggestion: suggestion),
                    location: .pointer(pointer + "/" + Self.escape(name)), suggestion: suggestion))
            }
        }

        var fields: [LayoutField] = []
        var members: [JSONKey: FieldTree] = [:]
        for (key, value) in object {
            guard key != "children", key != "type", key != ComponentSchema.dataSourceKey else { continue }
            members[JSONKey(key)] = tree(value, key: key, type: type, pointer: pointer + "/" + Self.escape(key), into: &fields)
        }
        if let t = object["type"] { members["type"] = .literal(t) }

        var dataSource: LayoutField?
        if let source = object[ComponentSchema.dataSourceKey] {
            let at = pointer + "/" + ComponentSchema.dataSourceKey
            if case .string(let s) = source {
                if !s.isEmpty {
                    dataSource = LayoutField(location: .pointer(at), name: ComponentSchema.dataSourceKey,
                                             componentType: type, role: .dataSource, template: Template(s))
                    if let type, ComponentSchema.types.contains(type), !ComponentSchema.containers.contains(type) {
                        problem(at, "only containers (\(ComponentSchema.containers.sorted().joined(separator: ", "))) can loop; a \(type) ignores its dataSource. Put it on a stack around the \(type).")
                    }
                }
            } else {
                problem(at, "dataSource must be a string such as \"${rows[row]}\", not a \(source.typeName); it is ignored")
            }
        }

        var children: [LayoutComponent] = []
        let hasChildren = object["children"] != nil
        switch object["children"] {
        case .array(let elements)?:
            if !elements.isEmpty, let type, ComponentSchema.types.contains(type), !ComponentSchema.parents.contains(type) {
                problem(pointer + "/children", "a \(type) has no children; they are ignored by the app. Wrap them in a vstack or hstack.")
            }
            for (i, element) in elements.enumerated() {
                if let c = component(element, pointer: pointer + "/children/\(i)") { children.append(c) }
            }
        case nil:
            break
        case let other?:
            problem(pointer + "/children", "children must be an array of components, not a \(other.typeName); it is ignored")
        }
        return LayoutComponent(pointer: pointer, type: type, fields: fields, dataSource: dataSource,
                               children: children, members: members, hasChildren: hasChildren)
    }

    /// Turns a member value into a template tree, appending every string as a field.
    private func tree(_ value: JSONValue, key: String, type: String?, pointer: String,
                      into fields: inout [LayoutField]) -> FieldTree {
        switch value {
        case .string(let s):
            let template = Template(s)
            fields.append(LayoutField(location: .pointer(pointer), name: key, componentType: type, template: template))
            return .template(template)
        case .array(let elements):
            var out: [FieldTree] = []
            out.reserveCapacity(elements.count)
            for (i, element) in elements.enumerated() {
                out.append(tree(element, key: key, type: type, pointer: pointer + "/\(i)", into: &fields))
            }
            return .array(out)
        case .object(let object):
            var out: [JSONKey: FieldTree] = [:]
            for (k, member) in object {
                out[JSONKey(k)] = tree(member, key: k, type: type, pointer: pointer + "/" + Self.escape(k), into: &fields)
            }
            return .object(out)
        default:
            return .literal(value)
        }
    }

    /// RFC 6901 escaping of one reference token.
    static func escape(_ key: String) -> String {
        guard key.unicodeScalars.contains(where: { $0 == "~" || $0 == "/" }) else { return key }
        var out = String.UnicodeScalarView()
        for s in key.unicodeScalars {
            switch s {
            case "~": out.append(contentsOf: "~0".unicodeScalars)
            case "/": out.append(contentsOf: "~1".unicodeScalars)
            default: out.append(s)
            }
        }
        return String(out)
    }
}
