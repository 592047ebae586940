/// How a `vstack` or `hstack` shares the length along its axis among its children, by SwiftUI's
/// stack algorithm (`StackLayout` in SwiftUI, as OpenSwiftUI reconstructs it):
///
/// 1. **Measure.** Each child is asked for its length when offered 0 (its minimum) and `∞` (its
///    maximum) along the axis, with the stack's own offer across.
/// 2. **Prioritize.** The children are put in fitting order: by layout priority, highest first
///    (a spacer's is −∞, every other component's 0: the app's layout format has no
///    `layoutPriority`); within a priority, least flexible first (flexibility: maximum less
///    minimum; between two children of infinite flexibility, the one with the larger minimum
///    first); ties in the order written.
/// 3. **Size by groups.** The length along the axis less the spacing is handed out one priority
///    group at a time. The minimum lengths of all lower groups are set aside first, so that a
///    group cannot take the room its successors need at least; each later group gets its own
///    minimums back. Within a group each child in turn is offered an even share of what is
///    left (`left / children still to size`, never below 0) and takes what it takes.
///
/// So spacers, the only group below 0, get what the other children leave at the end, and a text
/// beside a spacer is offered all the row but the spacer's `minLength`.
extension Engine {
    /// One child's record during the sizing: its place in the stack, its priority and its
    /// lengths offered 0 and `∞` along the axis.
    private struct StackChild {
        let index: Int
        let priority: Double
        let minimum: Double
        let maximum: Double

        /// How much the child's length can vary: maximum less minimum (`∞` when unknown).
        var range: Double {
            let r = maximum - minimum
            return r.isNaN ? .infinity : r
        }
    }

    /// Each child's proposal and size, in the order written. Without a proposal along the
    /// axis, each child is asked for its ideal size.
    func distribute(_ n: Node, _ axis: Axis, _ p: Proposal) -> [(proposal: Proposal, size: Size)] {
        let kids = n.children
        guard !kids.isEmpty else { return [] }
        let across = p.across(axis)
        guard let along = p.along(axis) else {
            return kids.map { k in
                let prop = Proposal.make(axis, along: nil, across: across)
                return (prop, size(k, prop))
            }
        }
        // 1. Measure.
        let children = kids.enumerated().map { i, k in
            StackChild(index: i, priority: k.layoutPriority,
                       minimum: size(k, Proposal.make(axis, along: 0, across: across)).along(axis),
                       maximum: size(k, Proposal.make(axis, along: .infinity, across: across)).along(axis))
        }
        // 2. Prioritize (a stable sort: ties keep the order written).
        // Between two children of infinite range, SwiftUI's `FlexibilityEstimate` puts the one
        // with the larger minimum first.
        let order = children.sorted { a, b in
            if a.priority != b.priority { return a.priority > b.priority }
            if a.range != b.range { return a.range < b.range }
            if a.range.isInfinite, a.minimum != b.minimum { return a.minimum > b.minimum }
            return a.index < b.index
        }
        // 3. Size by groups of equal priority, setting aside the lower groups' minimums.
        var left = along.isFinite ? along - n.spacing * Double(kids.count - 1) : along
        var out = [(proposal: Proposal, size: Size)](repeating: (Proposal.ideal, .zero), count: kids.count)
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, order[end].priority == order[start].priority { end += 1 }
            if start == 0 {
                left -= order[end...].reduce(0) { $0 + $1.minimum }
            } else {
                left += order[start..<end].reduce(0) { $0 + $1.minimum }
            }
            for (offset, child) in order[start..<end].enumerated() {
                let share = left.isFinite ? max(0, left / Double(end - start - offset)) : left
                let prop = Proposal.make(axis, along: share, across: across)
                let s = size(kids[child.index], prop)
                out[child.index] = (prop, s)
                if left.isFinite { left -= s.along(axis) }
            }
            start = end
        }
        return out
    }

    /// The stack's size: as long as its children and their spacing, as thick as its thickest
    /// child.
    func stackSize(_ n: Node, _ axis: Axis, _ p: Proposal) -> Size {
        let parts = distribute(n, axis, p)
        guard !parts.isEmpty else { return .zero }
        var along = n.spacing * Double(parts.count - 1), across = 0.0
        for part in parts {
            along += part.size.along(axis)
            across = max(across, part.size.across(axis))
        }
        return Size.make(axis, along: along, across: across)
    }
}

extension Node {
    /// SwiftUI's layout priority: −∞ for a spacer (`Spacer`'s `layoutPriority()`), 0 for
    /// everything else (the app's layout format has no field to set it).
    var layoutPriority: Double { kind == .spacer ? -.infinity : 0 }
}
