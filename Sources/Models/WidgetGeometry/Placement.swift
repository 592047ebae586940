import JSONKit

/// Placing: each child at the proposal it was measured with, and the findings only positions
/// can give (overflow, truncation, loops that do not fit).
extension Engine {
    func place(_ n: Node, at origin: Point, proposal p: Proposal) -> PlacedComponent {
        let s = size(n, p)
        let frame = Rect(origin: origin, size: s)
        let inner = contentProposal(n, p)
        let raw = contentSize(n, inner)
        let c = Size(width: max(0, raw.width), height: max(0, raw.height))
        let padded = Size(width: max(0, c.width + n.padding.horizontal), height: max(0, c.height + n.padding.vertical))
        // The content sits in a fixed frame by the component's alignment for a leaf (a text's
        // alignment moves the text too), centred for a container (its alignment is its
        // children's); content larger than the frame spills out.
        let fa = n.kind.hasChildren && n.kind != .tstack ? Alignment2D.center : (n.alignment ?? .center)
        let px = origin.x + fa.horizontal.offset(padded.width, in: s.width)
        let py = origin.y + fa.vertical.offset(padded.height, in: s.height)
        let content = Rect(x: px + n.padding.leading, y: py + n.padding.top, width: c.width, height: c.height)
        if n.width != nil || n.height != nil {
            let over = max(padded.width - s.width, padded.height - s.height)
            if over > 0.5 {
                note(.overflow, "its content needs \(padded) but its frame is \(s); \(Size.format(over.rounded())) pt spill out", n,
                     field: n.field(padded.width - s.width >= padded.height - s.height ? "width" : "height"))
            }
        }

        var text: PlacedText?
        var drawn: Rect?
        var children: [PlacedComponent] = []
        switch n.kind {
        case .text, .date, .tstack:
            text = placeText(n, inner, content)
        case .image:
            let d = imageLayout(n, inner).drawn
            drawn = Rect(x: content.x + d.x, y: content.y + d.y, width: d.width, height: d.height)
        case .shape:
            drawn = shapeOutline(n, content)
        case .vstack, .button:
            children = placeStack(n, .vertical, inner, content)
        case .hstack:
            children = placeStack(n, .horizontal, inner, content)
        case .zstack:
            let a = n.alignment ?? .center
            for k in n.children {
                let ks = size(k, inner)
                let o = Point(x: content.x + a.horizontal.offset(ks.width, in: content.width),
                              y: content.y + a.vertical.offset(ks.height, in: content.height))
                children.append(place(k, at: o, proposal: inner))
            }
        case .grid:
            children = placeGrid(n, inner, content)
        case .gauge:
            let g = gaugeLayout(n, inner)
            drawn = Rect(x: content.x + g.track.x, y: content.y + g.track.y, width: g.track.width, height: g.track.height)
            var used = Set<ObjectIdentifier>()
            for (slot, r) in g.slots {
                used.insert(ObjectIdentifier(slot))
                children.append(place(slot, at: Point(x: content.x + r.x, y: content.y + r.y), proposal: Proposal(width: r.width, height: r.height)))
            }
            for k in n.children where !used.contains(ObjectIdentifier(k)) {
                note(.ignored, "a gauge shows its first and last zstack and its first and last text; this \(k.type.isEmpty ? "component" : k.type) fills no slot and is not shown", k)
            }
        default:
            break
        }
        if n.kind != .gauge {
            for (node, child) in zip(n.children, children) {
                let over = frame.overhang(of: child.frame)
                if over > 0.5 {
                    note(.overflow, "it is \(child.frame.size) and reaches \(Size.format(over.rounded())) pt outside its \(n.type) (\(frame.size))", node)
                }
            }
        }
        if let loop = n.loop { checkLoop(n, loop, children) }

        var properties = n.object
        _ = properties.removeValue(forKey: "children")
        return PlacedComponent(path: n.path, type: n.kind.rawValue, pointer: n.pointer, sourcePointer: n.source?.pointer,
                               loopItems: n.source?.items, frame: frame, contentFrame: content, properties: properties,
                               cornerRadius: n.cornerRadius, opacity: n.opacity, rotation: n.rotation, offset: n.offset,
                               text: text, drawnFrame: drawn, children: children)
    }

    private func placeStack(_ n: Node, _ axis: Axis, _ p: Proposal, _ content: Rect) -> [PlacedComponent] {
        let parts = distribute(n, axis, p)
        let crossAlign = (n.alignment ?? .center).across(axis)
        var cursor = axis == .horizontal ? content.x : content.y
        var out: [PlacedComponent] = []
        for (k, part) in zip(n.children, parts) {
            let crossLength = axis == .horizontal ? content.height : content.width
            let cross = (axis == .horizontal ? content.y : content.x) + crossAlign.offset(part.size.across(axis), in: crossLength)
            let o = axis == .horizontal ? Point(x: cursor, y: cross) : Point(x: cross, y: cursor)
            out.append(place(k, at: o, proposal: part.proposal))
            cursor += part.size.along(axis) + n.spacing
        }
        return out
    }

    private func placeGrid(_ n: Node, _ p: Proposal, _ content: Rect) -> [PlacedComponent] {
        let g = gridLayout(n, p)
        let cols = max(1, n.columns)
        let a = n.alignment ?? .center
        var out: [PlacedComponent] = []
        var y = content.y
        for (i, k) in n.children.enumerated() {
            let row = i / cols, col = i % cols
            if col == 0, row > 0 { y += g.rows[row - 1] + n.spacing }
            let (prop, s) = g.cells[i]
            let x = content.x + Double(col) * (g.column + n.spacing)
            out.append(place(k, at: Point(x: x + a.horizontal.offset(s.width, in: g.column),
                                          y: y + a.vertical.offset(s.height, in: g.rows[row])), proposal: prop))
        }
        return out
    }

    /// A shape's outline in its frame: a circle is the largest centred square's, a capsule and a
    /// rounded rectangle fill the frame, as do the rectangle and the ellipse.
    private func shapeOutline(_ n: Node, _ r: Rect) -> Rect {
        let kind = (n.string("content") ?? n.string("shape") ?? "rectangle").lowercased().trimmingSpaces
        guard kind == "circle" else { return r }
        let side = min(r.width, r.height)
        return Rect(x: r.x + (r.width - side) / 2, y: r.y + (r.height - side) / 2, width: side, height: side)
    }

    private func placeText(_ n: Node, _ p: Proposal, _ content: Rect) -> PlacedText {
        let fit = fitText(n, p)
        let align = (n.alignment ?? Alignment2D(horizontal: .start, vertical: .center)).horizontal
        var y = content.y
        var lines: [PlacedLine] = []
        for line in fit.lines {
            let x = content.x + align.offset(line.width, in: content.width)
            lines.append(PlacedLine(runs: line.runs, frame: Rect(x: x, y: y, width: line.width, height: line.height)))
            y += line.height
        }
        if fit.truncated {
            let shown = fit.lines.map(\.text).joined(separator: " ")
            let all = n.runs.map(\.text).joined()
            let scaleNote = n.minimumScale < 1 ? " even at its minimum scale \(Size.format(n.minimumScale))" : ""
            let lineNote = fit.neededLines > fit.lines.count ? "; it needs \(fit.neededLines) lines and \(fit.lines.count) fit" : ""
            note(.textTruncated, "\"\(Self.clip(all))\" does not fit \(content.size)\(scaleNote)\(lineNote), so it shows \"\(Self.clip(shown))\"", n,
                 field: n.kind == .tstack ? n.field("children") : n.field("content"))
        }
        return PlacedText(lines: lines, scale: fit.scale, truncated: fit.truncated, alignment: align)
    }

    static func clip(_ s: String) -> String {
        s.count > 60 ? String(s.prefix(57)) + "…" : s
    }

    /// An item of a loop fits when its components are all inside the widget and none of its
    /// texts was cut.
    private func checkLoop(_ n: Node, _ loop: LoopInfo, _ children: [PlacedComponent]) {
        guard loop.perItem > 0, loop.items > 0 else { return }
        var fitting = 0
        var firstCut: Int?
        for item in 0..<loop.items {
            // Items past the component limit have no components left: they are cut off.
            let start = min(children.count, item * loop.perItem)
            let range = start..<min(children.count, (item + 1) * loop.perItem)
            let parts = children[range].flatMap(\.flattened)
            let ok = !range.isEmpty && parts.allSatisfy { c in
                visible.overhang(of: c.frame) <= 0.5 && (c.text?.truncated != true)
            }
            if ok { fitting += 1 } else if firstCut == nil { firstCut = item }
        }
        guard let firstCut, fitting < loop.items else { return }
        note(.loopOverflow, "\(fitting) of \(loop.items) items of \(loop.source) fit; item \(firstCut) (counting from 0) is the first cut off or truncated. Show fewer items, or make them smaller", n,
             field: n.source.map { $0.pointer + "/dataSource" })
    }
}
