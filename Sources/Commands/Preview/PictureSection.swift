import JSONKit

/// The layout drawn at every widget family, light and dark (`preview --layout` with a component
/// tree). The command draws them in `widgethost-render` and hands them in; the terminal view
/// names the files, the HTML report shows them side by side with their findings.
public struct PictureSection: Sendable {
    /// The folder the pictures were written to; empty when they were drawn but not written
    /// (`preview` without `--html`: only their findings are shown).
    public var folder: String
    /// The device whose sizes are used, and the pixels per point.
    public var device: String
    public var scale: Int
    public var families: [FamilyPictures]
    /// Why the pictures are missing (the drawing program is not built, …); nil when drawn.
    public var problem: String?
    /// The family the author is making (`medium`, `live-activity`: the run's kind): it leads,
    /// with its findings, and the other families' findings follow, each once with the families
    /// it affects. Nil: every family alike.
    public var chosen: String?

    public init(folder: String, device: String, scale: Int, families: [FamilyPictures], problem: String? = nil, chosen: String? = nil) {
        self.folder = folder
        self.device = device
        self.scale = scale
        self.families = families
        self.problem = problem
        self.chosen = chosen
    }

    /// Findings shown per family in the terminal and on the page; `--format json` lists them all.
    public static let terminalFindings = 8
    public static let pageFindings = 30

    /// Every finding of every family.
    public var findingCount: Int { families.reduce(0) { $0 + $1.findings.count } }
}

/// One family: its pictures (light, then dark) and what only the picture shows.
public struct FamilyPictures: Sendable {
    /// `small`, …, `live-activity`, and how it is named in prose (`small widget`).
    public var family: String
    public var label: String
    /// Its size in points.
    public var width: Double
    public var height: Double
    public var pictures: [SchemePicture]
    /// The findings of both schemes, each once.
    public var findings: [PictureFinding]
    /// Every component's frame (`path`, `type`, `x`, `y`, `width`, `height`, and `lines`,
    /// `scale` and `truncated` for a text), as the drawing side laid them out.
    public var components: [JSONValue]

    public init(family: String, label: String, width: Double, height: Double, pictures: [SchemePicture], findings: [PictureFinding],
                components: [JSONValue] = []) {
        self.components = components
        self.family = family
        self.label = label
        self.width = width
        self.height = height
        self.pictures = pictures
        self.findings = findings
    }
}

/// One picture: its scheme, its file and its PNG bytes in base64 (the page embeds them).
public struct SchemePicture: Sendable {
    public var scheme: String
    public var file: String
    public var base64: String
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(scheme: String, file: String, base64: String, pixelWidth: Int, pixelHeight: Int) {
        self.scheme = scheme
        self.file = file
        self.base64 = base64
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}

/// A finding of the drawn layout (`render-text-truncated`, …) or of a canvas inside it.
public struct PictureFinding: Sendable, Hashable {
    public var code: String
    /// `warning`, `info` or `error`.
    public var severity: String
    public var message: String
    /// The component's path (`root.children[0]`), and the field as a JSON Pointer when known.
    public var path: String
    public var field: String?

    public init(code: String, severity: String, message: String, path: String, field: String? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.path = path
        self.field = field
    }

    public var json: JSONValue {
        var object: JSONObject = ["code": .string(code), "severity": .string(severity), "message": .string(message), "path": .string(path)]
        if let field { object["field"] = .string(field) }
        return .object(object)
    }
}

extension PictureSection {
    /// `pictures` of `widgethost.preview/1`: `folder`, `device`, `scale`, `problem`, `chosen`
    /// (the family the run's kind is), `findings` (every finding once, with the `families` it
    /// affects, the chosen family's first), and `families`, each `family`, `size`, `files`
    /// (scheme → file), `diagnostics` and `components`.
    public var json: JSONValue {
        .object([
            "folder": .string(folder), "device": .string(device), "scale": .number(Double(scale)),
            "problem": problem.map { .string($0) } ?? .null,
            "chosen": chosen.map { .string($0) } ?? .null,
            "findings": .array(groupedFindings.map(\.json)),
            "families": .array(families.map { family in
                var files: JSONObject = [:]
                for picture in family.pictures where !picture.file.isEmpty { files[picture.scheme] = .string(picture.file) }
                return .object([
                    "family": .string(family.family),
                    "size": ["width": .number(family.width), "height": .number(family.height)],
                    "files": .object(files),
                    "diagnostics": .array(family.findings.map(\.json)),
                    "components": .array(family.components),
                ])
            }),
        ])
    }

    /// Terminal lines: the folder, then each family's size, its files and its findings.
    func lines(style: TextStyle, width: Int) -> [String] {
        var lines = [style.bold("Pictures") + style.dim(" \(device), \(scale)x, light and dark, ") + (folder.isEmpty ? style.dim("not written") : style.dim("in"))]
        lines.append("  " + Columns.clip(folder.isEmpty ? "(--html FILE writes them beside the page)" : folder + "/", width - 2))
        if let problem {
            lines += Wording.wrap(problem, width: width, first: "  " + style.yellow("warning") + ": ", rest: "    ")
            return lines
        }
        let prefix = folder.isEmpty ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        for family in shownFamilies {
            let size = "\(JSONValue.formatNumber(family.width))×\(JSONValue.formatNumber(family.height))"
            let names = family.pictures.map(\.file).filter { !$0.isEmpty }.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
            let head = "  " + Columns.pad(family.family, 14) + Columns.pad(size, 9)
            lines += names.isEmpty ? [String(head.reversed().drop { $0 == " " }.reversed())] : Wording.wrap(names.joined(separator: ", "), width: width, first: head, rest: String(repeating: " ", count: head.count))
        }
        // Each finding once, naming the families that have it: the chosen family's first.
        let split = findingsLeadAndOthers
        let lead = split.lead.filter { $0.finding.severity != "info" }
        let others = split.others.filter { $0.finding.severity != "info" }
        var room = Self.terminalFindings
        func show(_ groups: [GroupedFinding]) {
            for group in groups.prefix(room) {
                let finding = group.finding
                let label = finding.severity == "error" ? style.red("error") : style.yellow("warning")
                let plain = "\(finding.severity):"
                let wrapped = Wording.wrap("\(finding.path): \(group.message) [\(finding.code)]", width: width, first: "  \(plain) ", rest: "    ")
                lines += ["  " + label + ":" + wrapped[0].dropFirst(2 + plain.count)] + wrapped.dropFirst()
            }
            room -= min(room, groups.count)
        }
        if let family = chosenFamily {
            lines.append("  " + style.bold("your \(family.label)") + style.dim(lead.isEmpty ? ": fits, nothing cut off" : ": " + Wording.count(lead.count, "finding")))
            show(lead)
            if !others.isEmpty {
                lines.append("  " + style.bold("other families") + style.dim(": " + Wording.count(others.count, "finding") + ", each once with the families it affects"))
            }
        }
        show(others)
        let total = lead.count + others.count
        if total > Self.terminalFindings {
            lines.append(style.dim("  … \(total - Self.terminalFindings) more (--html or --format json lists them)"))
        }
        return lines
    }

    /// The narrowest card of a picture, in CSS pixels (a picture's own width is its size in points).
    static let minimumCardWidth = 168.0

    /// A file's name without its folder.
    static func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Findings as a list, the first ``pageFindings`` of them, each with the message given.
    static func list(_ findings: [(finding: PictureFinding, message: String)]) -> String {
        var html = "<ul>"
        for (finding, message) in findings.prefix(pageFindings) {
            html += "<li class=\"finding \(HTMLReport.escape(finding.severity))\"><strong>\(HTMLReport.escape(finding.severity))</strong> "
            html += "<span class=\"where\">\(HTMLReport.breakable(finding.path, before: "."))</span> \(HTMLReport.escape(message)) <code>\(HTMLReport.escape(finding.code))</code></li>"
        }
        html += "</ul>"
        if findings.count > pageFindings {
            html += "<p class=\"muted\">… \(findings.count - pageFindings) more (--format json lists them all)</p>"
        }
        return html
    }

    /// The HTML section: one card per family, its light and dark pictures side by side at
    /// their size in points (embedded as `data:` addresses, so the page stays self-contained),
    /// the findings beside them.
    func html() -> String {
        var html = "<section id=\"pictures\">\n<h2>Pictures <span class=\"count\">\(HTMLReport.escape(device)), \(scale)x\(folder.isEmpty ? "" : ", in " + HTMLReport.escape(folder))</span></h2>\n"
        if let problem { return html + "<p class=\"problem\"><strong>warning</strong> \(HTMLReport.escape(problem))</p>\n</section>\n" }
        html += "<div class=\"families\">\n"
        let split = findingsLeadAndOthers
        for family in shownFamilies {
            let size = "\(JSONValue.formatNumber(family.width)) × \(JSONValue.formatNumber(family.height)) pt"
            let isChosen = chosenFamily != nil && family.family == chosen
            html += "<div class=\"family\(isChosen ? " chosen" : "")\" id=\"family-\(HTMLReport.escape(family.family))\">\n<h3>\(HTMLReport.escape(family.label)) <span class=\"count\">\(size)</span></h3>\n"
            html += "<div class=\"row\">\n"
            for picture in family.pictures {
                // A small picture (a 72 pt circle) gets a wider card, so that its file's name
                // under it takes two lines, not four; the name breaks after its hyphens.
                let width = max(family.width + 12, Self.minimumCardWidth)
                html += "<figure class=\"picture \(HTMLReport.escape(picture.scheme))\" style=\"width:\(JSONValue.formatNumber(width))px\"><img src=\"data:image/png;base64,\(picture.base64)\""
                html += " width=\"\(JSONValue.formatNumber(family.width))\" alt=\"\(HTMLReport.escape(family.label)), \(HTMLReport.escape(picture.scheme))\">"
                html += "<figcaption>\(HTMLReport.escape(picture.scheme))"
                html += picture.file.isEmpty ? "" : " · <code>\(HTMLReport.breakable(Self.name(picture.file), after: "-"))</code>"
                html += "</figcaption></figure>\n"
            }
            html += "<div class=\"findings\">"
            if family.findings.isEmpty {
                html += "<p class=\"muted\">Fits: nothing cut off.</p>"
            } else if chosenFamily == nil {
                html += Self.list(family.findings.map { ($0, $0.message) })
            } else if isChosen {
                html += Self.list(split.lead.map { ($0.finding, $0.message) })
            } else {
                let count = Wording.count(family.findings.count, "finding")
                html += "<p class=\"muted\">\(count), said once with the families \(family.findings.count == 1 ? "it affects" : "they affect"): "
                html += "under your \(HTMLReport.escape(chosenFamily?.label ?? "widget")) or under <a href=\"#other-findings\">other families</a>.</p>"
            }
            html += "</div>\n</div>\n</div>\n"
        }
        if chosenFamily != nil, !split.others.isEmpty {
            html += "<div class=\"findings other-findings\" id=\"other-findings\">\n<h3>Other families <span class=\"count\">"
            html += "\(Wording.count(split.others.count, "finding")), each once with the families it affects</span></h3>\n"
            html += Self.list(split.others.map { ($0.finding, $0.message) }) + "\n</div>\n"
        }
        return html + "</div>\n</section>\n"
    }
}
