import JSONKit

/// A finding of the drawn layout said once, with every family it affects: what the preview's
/// view, its page, its JSON and the studio's page show, grouped by ``FamilyFindings``.
public struct GroupedFinding: Sendable, Hashable {
    /// The finding; its message without the family's name (` (small widget)`).
    public var finding: PictureFinding
    /// The families that have it (`medium`, `live-activity`), the chosen one first, in the
    /// order they were drawn, and their prose names (`medium widget`, `Live Activity`).
    public var families: [String]
    public var labels: [String]

    /// The message naming the families: `"Now" does not fit (small and medium widgets)`.
    public var message: String { finding.message + " (\(FamilyFindings.names(labels)))" }

    /// The finding's JSON (`code`, `severity`, `message`, `path`, `field`) with `families`.
    public var json: JSONValue {
        guard case .object(var object) = finding.json else { return finding.json }
        object["families"] = .array(families.map { .string($0) })
        return .object(object)
    }
}

extension PictureSection {
    /// The families in the order they are shown: the chosen one first, then the others as drawn.
    public var shownFamilies: [FamilyPictures] {
        guard let chosen, let index = families.firstIndex(where: { $0.family == chosen }) else { return families }
        var ordered = families
        ordered.insert(ordered.remove(at: index), at: 0)
        return ordered
    }

    /// Every finding of every family once, with the families it affects: the chosen family's
    /// findings first (in its order), then the other families' (in the order drawn). A field
    /// that is no field of its component is left out: the layout's check, shown beside the
    /// pictures, says it once (`layout-unknown-field`, by the same `ComponentSchema` rule);
    /// each family's own diagnostics keep it.
    public var groupedFindings: [GroupedFinding] {
        var grouping = FamilyFindings()
        var findings: [String: PictureFinding] = [:]
        var familyOf: [String: String] = [:]
        for family in shownFamilies {
            familyOf[family.label] = family.family
            for finding in family.findings where finding.code != "render-unknown-field" {
                let prefix = [finding.severity, finding.code, finding.path, finding.field ?? ""].joined(separator: "\u{0}")
                grouping.add(family.label, prefix: prefix, message: finding.message, suffix: "")
                let key = prefix + "\u{0}" + FamilyFindings.bare(finding.message, label: family.label)
                if findings[key] == nil { findings[key] = finding }
            }
        }
        return grouping.groups.compactMap { group in
            guard var finding = findings[group.prefix + "\u{0}" + group.message] else { return nil }
            finding.message = group.message
            return GroupedFinding(finding: finding, families: group.labels.compactMap { familyOf[$0] }, labels: group.labels)
        }
    }

    /// ``groupedFindings`` split: those the chosen family has (with the other families that
    /// have them too) and those only the other families have; with no family chosen, all are others.
    public var findingsLeadAndOthers: (lead: [GroupedFinding], others: [GroupedFinding]) {
        let all = groupedFindings
        guard let chosen, families.contains(where: { $0.family == chosen }) else { return ([], all) }
        return (all.filter { $0.families.contains(chosen) }, all.filter { !$0.families.contains(chosen) })
    }

    /// The chosen family's pictures, when it was drawn.
    public var chosenFamily: FamilyPictures? { families.first { $0.family == chosen } }
}
