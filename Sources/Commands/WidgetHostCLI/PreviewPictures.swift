import JSONKit
import Layout
import Preview
import WidgetGeometry
import WidgetHost
import WidgetPictures

/// `preview --layout` with a component tree: the layout drawn at every family, light and dark,
/// by `widgethost-render pictures` (``PictureClient``), into the document's picture section.
enum PreviewPictures {
    /// Pixels per point of the preview's pictures.
    static let scale = 2

    /// Where the pictures go: a folder beside the HTML report named after it (`preview.html` →
    /// `preview-pictures/`); without `--html`, nowhere (empty): the view shows their findings,
    /// and nothing is written that was not asked for.
    static func folder(html: String?) -> String {
        guard let html, !html.isEmpty else { return "" }
        let base = html.hasSuffix(".html") ? String(html.dropLast(5)) : html.hasSuffix(".htm") ? String(html.dropLast(4)) : html
        return base + "-pictures"
    }

    static func section(_ inputs: PreviewInputs, document: PreviewDocument, arguments: ParsedArguments,
                        client: PictureClient = PictureClient()) -> PictureSection? {
        // The flags were checked when the command started (``PreviewCommand``).
        section(layout: inputs.layout, document: document, html: try? arguments.get(PreviewCommand.html), client: client,
                stateFolder: inputs.configuration.storage?.directory,
                widget: inputs.configuration.widgetIdentity(scriptName: inputs.source?.name ?? inputs.scriptPath).id,
                device: (try? PictureOptions.device(arguments)) ?? .reference, icons: try? arguments.get(PictureOptions.icons))
    }

    /// The picture section for the document, or nil when there is nothing to draw (no layout,
    /// or a text layout).
    static func section(layout: LayoutDocument?, document: PreviewDocument, html: String?, client: PictureClient = PictureClient(),
                        stateFolder: String? = nil, widget: String = "", device: DeviceModel = .reference,
                        icons: String? = nil) -> PictureSection? {
        guard let layout else { return nil }
        if case .lines = layout.body { return nil }
        let folder = folder(html: html)
        var section = PictureSection(folder: folder, device: device.name, scale: scale, families: [])
        guard let run = document.primary else { return nil }
        guard run.status == .ok else {
            section.problem = "no pictures: the run ended \(run.status.rawValue), so the widget keeps its last outputs and nothing is drawn"
            return section
        }
        let stem = RenderCommand.baseName(document.scriptPath)
        let job = PictureRequest.Job(
            stem: stem, outputs: run.outputs, now: run.finishedAt,
            utcOffsetSeconds: run.zone.offsetSeconds(atEpochSeconds: run.finishedAt / 1000),
            families: WidgetFamily.allCases, schemes: [.light, .dark])
        switch client.draw(PictureRequest(layout: layout, device: device, scale: scale, folder: folder,
                                                   stateFolder: stateFolder, widget: widget, icons: icons, jobs: [job])) {
        case .failure(let problem):
            section.problem = problem.message
        case .success(let answer):
            section.families = families(answer.pictures)
            section.chosen = family(of: run.kind).rawValue
        }
        return section
    }

    /// The family a run's kind is drawn as: its own, the Live Activity's for `live`, and small
    /// for a button or a toggle (the studio's lead picture, the preview's first).
    static func family(of kind: ScriptKind) -> WidgetFamily {
        WidgetFamily(name: kind.rawValue) ?? .small
    }

    /// The answer's pictures grouped by family, in the order drawn, the findings of both schemes each once.
    static func families(_ pictures: [AnsweredPicture]) -> [FamilyPictures] {
        var result: [FamilyPictures] = []
        var seen: [Set<PictureFinding>] = []
        for picture in pictures {
            let scheme = SchemePicture(scheme: picture.scheme.rawValue, file: picture.file, base64: picture.base64,
                                       pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight)
            let findings = picture.diagnostics.map(finding)
            if let index = result.firstIndex(where: { $0.family == picture.family.rawValue }) {
                result[index].pictures.append(scheme)
                for f in findings where seen[index].insert(f).inserted { result[index].findings.append(f) }
            } else {
                seen.append(Set(findings))
                result.append(FamilyPictures(family: picture.family.rawValue, label: picture.family.label, width: picture.width,
                                             height: picture.height, pictures: [scheme], findings: findings,
                                             components: picture.components))
            }
        }
        return result
    }

    static func finding(_ d: PictureDiagnostic) -> PictureFinding {
        PictureFinding(code: d.code, severity: d.severity, message: d.message, path: d.path, field: d.field)
    }
}
