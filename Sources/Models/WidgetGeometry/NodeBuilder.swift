import JSONKit
import Layout

/// Builds the engine's nodes from a rendered component tree, within the limits.
struct NodeBuilder {
    var reader: FieldReader
    let options: GeometryOptions
    var count = 0
    var droppedForCount = 0
    var droppedForDepth = 0
    var family: WidgetFamily { reader.family }

    init(family: WidgetFamily, options: GeometryOptions) {
        reader = FieldReader(family: family)
        self.options = options
    }

    mutating func note(_ code: GeometryCode, _ message: String, _ node: Node, field: String? = nil) {
        reader.diagnostics.append(GeometryDiagnostic(code: code, message: message + " (\(family.label))",
                                                     path: node.path, field: field, family: family))
    }

    /// A node for `value`, or `nil` past the limits.
    mutating func build(_ value: JSONValue, path: String, pointer: String, depth: Int,
                        parentAxis: Axis?, source: ComponentSource?) -> Node? {
        guard depth <= options.maxDepth else { droppedForDepth += 1; return nil }
        guard count < options.maxComponents else { droppedForCount += 1; return nil }
        count += 1
        guard case .object(let object) = value else {
            let node = Node(kind: .unknown, type: "", path: path, pointer: pointer, object: [:], depth: depth)
            note(.unknownComponent, "a component must be a JSON object, not \(value.typeName); it is left out", node)
            return node
        }
        let type: String
        if case .string(let t)? = object["type"] { type = t } else { type = "" }
        let kind = Kind(rawValue: type.lowercased()) ?? .unknown
        let node = Node(kind: kind == .unknown ? .unknown : kind, type: type, path: path, pointer: pointer,
                        object: object, depth: depth)
        node.parentAxis = parentAxis
        node.source = source.map { ($0.pointer, $0.items) }
        if kind == .unknown {
            let what = type.isEmpty ? "a component without a \"type\"" : "unknown component type \"\(type)\""
            note(.unknownComponent, "\(what) is left out, with its children", node, field: node.field("type"))
            return node
        }
        readCommon(node)
        readOwn(node)
        for (name, suggestion) in ComponentSchema.unknownFields(of: object, type: kind.rawValue) {
            note(.unknownField, ComponentSchema.unknownFieldMessage(name, type: kind.rawValue, suggestion: suggestion),
                 node, field: node.field(name))
        }

        if kind.hasChildren, case .array(let items)? = object["children"] {
            let axis: Axis? = kind == .hstack ? .horizontal : (kind == .vstack || kind == .button ? .vertical : nil)
            for (i, item) in items.enumerated() {
                let childSource = source?.child(i)
                // An unknown component is left out, as SwiftUI leaves out an EmptyView: no
                // frame, and no spacing around it.
                if let child = build(item, path: path + ".children[\(i)]", pointer: pointer + "/children/\(i)",
                                     depth: depth + 1, parentAxis: axis, source: childSource), child.kind != .unknown {
                    node.children.append(child)
                }
            }
            if let source, let loop = source.loop { node.loop = LoopInfo(perItem: loop.perItem, items: loop.perItem == 0 ? 0 : items.count / loop.perItem, source: loop.source) }
        }
        if kind == .tstack {
            readTextRuns(node)
        }
        return node
    }

    private mutating func readCommon(_ node: Node) {
        node.padding = reader.padding(node)
        node.width = reader.number(node, "width", 0...10_000)
        node.height = reader.number(node, "height", 0...10_000)
        if let s = reader.number(node, "spacing", -1000...1000) { node.spacing = s }
        if let a = node.string("alignment"), !a.trimmingSpaces.isEmpty {
            if let parsed = Alignment2D(parsing: a) { node.alignment = parsed } else {
                reader.invalid(node, "alignment", "alignment \"\(a)\" is not one of leading, center, trailing, top, bottom (or a pair such as topLeading); center is used")
            }
        }
        node.cornerRadius = reader.number(node, "cornerRadius", 0...10_000) ?? 0
        node.opacity = reader.number(node, ["opacity", "alpha"], 0...1) ?? 1
        node.rotation = reader.number(node, "rotation", -1e6...1e6) ?? 0
        node.offset = Point(x: reader.number(node, "offsetX", -10_000...10_000) ?? 0,
                            y: reader.number(node, "offsetY", -10_000...10_000) ?? 0)
    }

    private mutating func readFont(_ node: Node) -> FontSpec {
        var font = FontSpec(size: 17)
        if let s = reader.number(node, "fontSize", 0...500) {
            if s > 0 { font.size = s } else { reader.invalid(node, "fontSize", "fontSize 0 draws nothing; 17 is used") }
        }
        for key in ["fontWeight", "weight"] {
            guard let w = node.string(key), !w.trimmingSpaces.isEmpty else { continue }
            if let parsed = FontWeight(parsing: w) { font.weight = parsed } else {
                reader.invalid(node, key, "\(key) \"\(w)\" is not a weight (ultralight … black, or 100 … 900); regular is used")
            }
            break
        }
        if let f = node.string("font"), !f.trimmingSpaces.isEmpty, f.lowercased() != "system" { font.family = f }
        return font
    }

    private mutating func readText(_ node: Node) {
        if let n = reader.number(node, ["lineLimit", "lineCount"], 0...10_000) {
            node.lineLimit = n >= 1 ? Int(n) : nil
        }
        if let s = reader.number(node, ["minimumScaleFactor", "scaleFactor"], 0...1) {
            node.minimumScale = max(0.01, s)
        }
        for key in ["truncationMode", "truncation"] {
            guard let t = node.string(key), !t.trimmingSpaces.isEmpty else { continue }
            if let mode = TruncationMode(rawValue: t.lowercased().trimmingSpaces) { node.truncation = mode } else {
                reader.invalid(node, key, "\(key) \"\(t)\" is not head, middle or tail; tail is used")
            }
            break
        }
    }

    private mutating func readOwn(_ node: Node) {
        switch node.kind {
        case .text:
            node.font = readFont(node)
            readText(node)
            node.font.color = node.member("color") ?? node.member("foregroundColor")
            node.runs = [TextRun(limited(node, node.string("content") ?? node.string("text") ?? ""), font: node.font)]
        case .date:
            node.font = readFont(node)
            readText(node)
            let style = (node.string("style") ?? "time").lowercased().trimmingSpaces
            let text = DateText.string(content: node.string("content") ?? "now", style: style,
                                       now: options.now, utcOffset: options.utcOffsetSeconds)
            if text == nil {
                reader.invalid(node, "content", "the date \"\(node.string("content") ?? "")\" is not now, tomorrow, yesterday, startoftoday, \"YYYY-MM-DD HH:mm:ss\" (with a zone such as +0000 or not) or a timestamp; it shows nothing")
            }
            node.runs = [TextRun(text ?? "", font: node.font)]
            node.fillsWidth = ["relative", "offset", "timer"].contains(style)
            // A timer ticks on one line, shrunk to fit (to its minimum scale factor) rather than
            // wrapped: a timer text does not wrap.
            if style == "timer" {
                node.lineLimit = 1
                node.wraps = false
            }
        case .tstack:
            readText(node)
        case .icon:
            node.font = readFont(node)
            if let assets = options.assets {
                let name = node.string("content") ?? ""
                if let problem = assets.icon(name).problem {
                    note(problem.code, "the symbol \"\(Self.quoted(name))\" \(problem.message)", node, field: node.field("content"))
                }
            }
        case .spacer:
            if let m = reader.number(node, "minLength", 0...10_000) { node.minLength = m }
        case .grid:
            if let c = reader.number(node, "columns", 1...100) { node.columns = max(1, Int(c)) }
        case .gauge:
            node.gaugeScale = reader.number(node, "scale", 0.1...10) ?? 1
        case .image:
            for key in ["clipShape", "clip"] {
                guard let shape = node.string(key), !shape.trimmingSpaces.isEmpty else { continue }
                if !["circle", "ellipse", "capsule", "roundedrectangle", "rectangle"].contains(shape.lowercased().trimmingSpaces) {
                    reader.invalid(node, key, "\(key) \"\(shape)\" is not circle, ellipse, capsule, roundedrectangle or rectangle; the image is not clipped")
                }
                break
            }
            let path = node.string("content")
            var size = path.flatMap { options.imageSize?($0) }
            if let assets = options.assets {
                let info = assets.image(path ?? "")
                size = info.size
                if let problem = info.problem {
                    note(problem.code, "the image \"\(Self.quoted(path ?? ""))\" \(problem.message)", node, field: node.field("content"))
                }
            }
            if let size, size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite {
                node.intrinsic = size
            }
        case .canvas:
            if let w = reader.number(node, ["coordinateWidth", "coordWidth"], 0...4000),
               let h = reader.number(node, ["coordinateHeight", "coordHeight"], 0...4000), w > 0, h > 0 {
                node.intrinsic = Size(width: w, height: h)
            }
        case .button:
            if (node.string("style") ?? "").lowercased() == "normal" {
                node.padding.top += 6; node.padding.bottom += 6
                node.padding.leading += 12; node.padding.trailing += 12
            }
        default:
            break
        }
    }

    /// A name or path as a message quotes it: at most 120 characters, control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(120) {
            if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
        return text.unicodeScalars.count > 120 ? out + "…" : out
    }

    /// At most ``GeometryOptions/maxTextLength`` characters of a text are laid out: no widget
    /// shows more, and a script's output can be megabytes long.
    private mutating func limited(_ node: Node, _ text: String) -> String {
        let limit = options.maxTextLength
        guard text.utf8.count > limit, text.count > limit else { return text }
        note(.limit, "the text has \(text.count) characters; the first \(limit) are laid out", node, field: node.field("content"))
        return String(text.prefix(limit))
    }

    /// A tstack's runs: its text children, one run each, in order; anything else is ignored.
    private mutating func readTextRuns(_ node: Node) {
        var runs: [TextRun] = []
        for child in node.children {
            if child.kind == .text {
                runs.append(contentsOf: child.runs)
            } else {
                note(.ignored, "a tstack joins only text components; this \(child.type.isEmpty ? "component" : child.type) is not shown", child)
            }
        }
        node.runs = runs.filter { !$0.text.isEmpty }
        node.font = runs.first?.font ?? FontSpec(size: 17)
    }
}

/// Where a rendered component came from in the layout file: its pointer, the loop items it
/// was rendered for, and, for a loop container, how its children repeat.
struct ComponentSource {
    let component: LayoutComponent
    let items: String?

    var pointer: String { component.pointer }

    var loop: (perItem: Int, source: String)? {
        guard let ds = component.dataSource else { return nil }
        return (component.children.count, ds.template.source)
    }

    /// The source of rendered child `index`.
    func child(_ index: Int) -> ComponentSource? {
        let templates = component.children
        guard !templates.isEmpty else { return nil }
        if let loop {
            let item = index / max(1, loop.perItem)
            let label = "item \(item) of \(loop.source)"
            return ComponentSource(component: templates[index % templates.count],
                                   items: items.map { $0 + ", " + label } ?? label)
        }
        guard index < templates.count else { return nil }
        return ComponentSource(component: templates[index], items: items)
    }
}
