/// Grids and gauges: how these containers share their space among their children (stacks are
/// in StackLayout.swift).
extension Engine {
    /// A fixed-column grid, as SwiftUI's `LazyVGrid` with `columns` flexible columns: the columns
    /// share the width less the spacing equally; each cell is offered its column's width; a
    /// row is as tall as its tallest cell; rows are `spacing` apart. Without a width, a column
    /// is as wide as the widest cell's ideal width.
    func gridLayout(_ n: Node, _ p: Proposal) -> (size: Size, column: Double, rows: [Double], cells: [(Proposal, Size)]) {
        let kids = n.children
        let cols = max(1, n.columns)
        guard !kids.isEmpty else { return (.zero, 0, [], []) }
        let gaps = n.spacing * Double(cols - 1)
        var column: Double
        var width: Double
        if let w = p.width, w.isFinite {
            column = max(0, (w - gaps) / Double(cols)); width = w
        } else {
            column = kids.map { size($0, .ideal).width }.max() ?? 0
            width = p.width == nil ? column * Double(cols) + gaps : .infinity
        }
        var cells: [(Proposal, Size)] = []
        var rows: [Double] = []
        for (i, k) in kids.enumerated() {
            let prop = Proposal(width: column, height: nil)
            let s = size(k, prop)
            cells.append((prop, s))
            if i % cols == 0 { rows.append(0) }
            rows[rows.count - 1] = max(rows[rows.count - 1], s.height)
        }
        let height = rows.reduce(0, +) + n.spacing * Double(rows.count - 1)
        return (Size(width: width, height: height), column, rows, cells)
    }

    /// The gauge's slots by the app's rule: the first `zstack` child is the label, the last the
    /// current value, the first `text` the minimum, the last the maximum.
    func gaugeSlots(_ n: Node) -> (label: Node?, current: Node?, minimum: Node?, maximum: Node?) {
        let z = n.children.filter { $0.kind == .zstack }, t = n.children.filter { $0.kind == .text }
        return (z.first, z.last, t.first, t.last)
    }

    func gaugeIsCircular(_ n: Node) -> Bool {
        let style = (n.string("style") ?? "auto").lowercased().trimmingSpaces
        return style == "acircular" || style == "acircularc"
    }

    /// A circular gauge (`acircular`, `acircularc`) is a ring of fixed size, 58 pt across times
    /// `scale`; a linear one (`auto`, `alinear`, `aLinearc`) is as wide as it is offered, a
    /// 6 pt bar (times `scale`) with a row for the label and current value above it and one
    /// for the minimum and maximum below, each 2 pt away, when those slots are filled.
    func gaugeLayout(_ n: Node, _ p: Proposal) -> (size: Size, track: Rect, slots: [(Node, Rect)]) {
        let (label, current, minimum, maximum) = gaugeSlots(n)
        func ideal(_ node: Node?, _ prop: Proposal = .ideal) -> Size { node.map { size($0, prop) } ?? .zero }
        if gaugeIsCircular(n) {
            let side = 58 * n.gaugeScale
            let inner = Proposal(width: side * 0.7, height: nil)
            var slots: [(Node, Rect)] = []
            if let label {
                let s = ideal(label, inner)
                let cy = current === label || current == nil ? side / 2 : side * 0.38
                slots.append((label, Rect(x: (side - s.width) / 2, y: cy - s.height / 2, width: s.width, height: s.height)))
            }
            if let current, current !== label {
                let s = ideal(current, inner)
                slots.append((current, Rect(x: (side - s.width) / 2, y: side * 0.62 - s.height / 2, width: s.width, height: s.height)))
            }
            if let minimum {
                let s = ideal(minimum)
                slots.append((minimum, Rect(x: 0, y: side - s.height, width: s.width, height: s.height)))
            }
            if let maximum, maximum !== minimum {
                let s = ideal(maximum)
                slots.append((maximum, Rect(x: side - s.width, y: side - s.height, width: s.width, height: s.height)))
            }
            return (Size(width: side, height: side), Rect(x: 0, y: 0, width: side, height: side), slots)
        }
        let bar = 6 * n.gaugeScale
        let top = max(ideal(label).height, current === label ? 0 : ideal(current).height)
        let bottom = max(ideal(minimum).height, maximum === minimum ? 0 : ideal(maximum).height)
        let topRow = top > 0 ? top + 2 : 0, bottomRow = bottom > 0 ? bottom + 2 : 0
        let width = p.width ?? 100 * n.gaugeScale
        var slots: [(Node, Rect)] = []
        if let label { let s = ideal(label); slots.append((label, Rect(x: 0, y: 0, width: s.width, height: s.height))) }
        if let current, current !== label {
            let s = ideal(current); slots.append((current, Rect(x: width - s.width, y: 0, width: s.width, height: s.height)))
        }
        let below = topRow + bar + 2
        if let minimum { let s = ideal(minimum); slots.append((minimum, Rect(x: 0, y: below, width: s.width, height: s.height))) }
        if let maximum, maximum !== minimum {
            let s = ideal(maximum); slots.append((maximum, Rect(x: width - s.width, y: below, width: s.width, height: s.height)))
        }
        return (Size(width: width, height: topRow + bar + bottomRow), Rect(x: 0, y: topRow, width: width, height: bar), slots)
    }
}
