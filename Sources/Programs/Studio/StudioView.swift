import JSONKit
import Preview
import Timeline
import WidgetHost
import WidgetHostCLI
import ZonedTime

/// One build of the page: its version (each build one more), the preview it shows, whether the
/// pictures are the last good ones kept over a failed run, and the controls it was built with.
struct StudioView: Sendable {
    var version: Int
    var document: PreviewDocument?
    var stale: Bool
    var controls: [String: String]
    /// How long the build took, ms (the run, the day's refreshes and every picture).
    var buildMs: Double
    /// The widget after each refresh of the day, and why not when they are not drawn.
    var refreshPictures: [TimelinePicture] = []
    var refreshPicturesProblem: String?
    /// The run's further panels (``StudioPanels``), after the report's sections.
    var panels = ""
    /// From the start of the build to the day's pictures drawn, ms; nil until they are.
    var dayMs: Double?
    /// What a save broke that keeps the studio from building at all, said over the last view.
    var problem: String?
    /// Whether nothing more comes for this build (the day's pictures are drawn, or none are).
    var complete = true

    static let empty = StudioView(version: 0, document: nil, stale: false, controls: [:], buildMs: 0)

    /// `widgethost.studio.view/1`: what the page swaps in.
    var json: JSONValue {
        var object: JSONObject = [
            "schema": "widgethost.studio.view/1",
            "version": .number(Double(version)),
            "stale": .bool(stale),
            "buildMs": .number((buildMs * 10).rounded() / 10),
            "complete": .bool(complete),
            "dayMs": dayMs.map { .number(($0 * 10).rounded() / 10) } ?? .null,
            "controls": .object(JSONObject(controls.sorted { $0.key < $1.key }.map { (key: $0.key, value: JSONValue.string($0.value)) })),
        ]
        guard let document else { return .object(object) }
        object["status"] = .string(document.primary?.status.rawValue ?? "none")
        object["kind"] = .string(document.primary?.kindName ?? "")
        object["failure"] = (problem ?? failure(document)).map { .string($0) } ?? .null
        object["failureTitle"] = failureTitle(document).map { .string($0) } ?? .null
        object["script"] = .string(document.scriptPath)
        object["now"] = document.timeline.map { .number(Double($0.startMs)) } ?? .null
        object["html"] = .string(html(document))
        let refreshes = refreshes(document)
        object["refreshes"] = .array(refreshes)
        object["refreshesLeftOut"] = .number(Double((document.timeline?.refreshes.count ?? 0) - refreshes.count))
        object["refreshPicturesProblem"] = refreshPicturesProblem.map { .string($0) } ?? .null
        object["families"] = .array((document.pictures?.families ?? []).map { family in
            .object([
                "family": .string(family.family),
                "pictures": .array(family.pictures.map { .object(["scheme": .string($0.scheme), "bytes": .number(Double($0.base64.count))]) }),
                "findings": .array(family.findings.map(\.json)),
            ])
        })
        if let run = document.primary {
            let outputs = JSONCut.outputs(run.outputs, valueLimit: StudioBounds.valueBytes, totalLimit: StudioBounds.outputsBytes)
            object["outputs"] = run.status == .ok ? .object(outputs.outputs) : .null
            object["outputsCut"] = .object(Self.sizes(outputs.cut))
            object["outputsLeftOut"] = .number(Double(outputs.leftOut))
        }
        return .object(object)
    }

    /// `widgethost.studio.outputs/1`: the run's whole outputs (`refresh` nil), or refresh
    /// `refresh`'s as the studio keeps them, with what was cut to keep them; nil when there is
    /// no such refresh.
    func outputs(refresh: Int?) -> JSONValue? {
        var object: JSONObject = ["schema": "widgethost.studio.outputs/1", "version": .number(Double(version))]
        guard let refresh else {
            guard let run = document?.primary else { return nil }
            object["outputs"] = run.status == .ok ? .object(run.outputs) : .null
            return .object(object)
        }
        guard let state = document?.refreshStates.first(where: { $0.index == refresh }) else { return nil }
        object["refresh"] = .number(Double(refresh))
        object["outputs"] = .object(state.outputs)
        object["cut"] = .object(Self.sizes(state.cut))
        object["leftOut"] = .number(Double(state.leftOut))
        return .object(object)
    }

    /// Each name with its size, in bytes.
    static func sizes(_ sizes: [String: Int]) -> JSONObject {
        JSONObject(sizes.map { (key: $0.key, value: JSONValue.number(Double($0.value))) })
    }

    /// The sentence shown over the page while the script or a file cannot be used, with the
    /// source line and a caret: nil when the run ended ok.
    func failure(_ document: PreviewDocument) -> String? {
        // Each problem once, with its code once (a message may end with it already).
        var lines = document.problems.map { $0.message.hasSuffix("[\($0.code)]") ? $0.message : "\($0.message) [\($0.code)]" }
        if let run = document.primary, run.status != .ok {
            if let error = run.error {
                let location = [error.line, error.column].compactMap { $0.map(String.init) }.joined(separator: ":")
                let message = JSONCut.text(error.message, limit: StudioBounds.valueBytes)
                lines.append("\(document.scriptPath)\(location.isEmpty ? "" : ":" + location): \(JSONCut.text(error.name, limit: 200).text): "
                             + message.text + (message.wholeBytes.map { "… (cut: \(Wording.bytes(StudioBounds.valueBytes)) of \(Wording.bytes($0)) shown)" } ?? ""))
                if let line = error.line, let source = document.sourceText {
                    lines += SourceExcerpt.lines(source: source, line: line, column: error.column, width: 100)
                }
            } else {
                lines.append("the run ended \(run.status.rawValue)")
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// What failed, as the failure's heading: the layout, another file, the script (each that
    /// did), or what a save broke; nil when nothing did.
    func failureTitle(_ document: PreviewDocument) -> String? {
        if problem != nil { return "The page cannot be built" }
        var failed: [String] = []
        if document.problems.contains(where: { $0.code == "bad-layout" }) { failed.append("The layout cannot be used") }
        if document.problems.contains(where: { $0.code != "bad-layout" }) { failed.append("A file cannot be used") }
        if let run = document.primary, run.status != .ok { failed.append("The script does not run") }
        return failed.isEmpty ? nil : failed.joined(separator: " · ")
    }

    /// The report's sections, the pictures first (after the header), marked when they are the
    /// last good ones.
    func html(_ document: PreviewDocument) -> String {
        let bounds = HTMLReport.Bounds(valueBytes: StudioBounds.valueBytes, rows: StudioBounds.rows, wholeOutputs: "/api/outputs")
        var html = HTMLReport(document: document, bounds: bounds).sections()
        if let pictures = html.firstRange(of: "<section id=\"pictures\">"), let header = html.firstRange(of: "</header>\n") {
            let section = String(html[pictures.lowerBound...])
            html = String(html[..<header.upperBound]) + section + String(html[header.upperBound..<pictures.lowerBound])
        }
        html += panels
        if stale {
            html = html.replacingFirst(
                "<section id=\"pictures\">\n",
                with: "<section id=\"pictures\" class=\"stale\">\n<p class=\"stale-note\" role=\"status\"><strong>stale</strong> The last good pictures: the script does not run now, so nothing is drawn until the next good save.</p>\n")
        }
        return html
    }

    /// The first granted refreshes of the simulated span (``StudioBounds/refreshes``), for the
    /// scrubber: when, why, what it cost, and the widget, outputs and console its run left, cut
    /// to the view's bounds (what was cut: `cut`, each output's whole size; `leftOut`, the
    /// outputs left out; `consoleLeftOut`, the console entries).
    func refreshes(_ document: PreviewDocument) -> [JSONValue] {
        guard let timeline = document.timeline else { return [] }
        let states = Dictionary(document.refreshStates.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let pictures = Dictionary(grouping: refreshPictures, by: \.refresh)
        return timeline.refreshes.prefix(StudioBounds.refreshes).map { refresh in
            let state = states[refresh.index]
            let outputs = state.map {
                JSONCut.outputs($0.outputs, valueLimit: StudioBounds.valueBytes, totalLimit: StudioBounds.refreshOutputsBytes)
            }
            let console = JSONCut.console(state?.console ?? [], limit: StudioBounds.refreshConsoleBytes)
            // A value cut to be kept, and cut again to be shown, is said with its whole size.
            let cut = (outputs?.cut ?? [:]).merging(state?.cut ?? [:]) { _, whole in whole }.filter { outputs?.outputs.contains(key: $0.key) ?? false }
            return .object([
                "index": .number(Double(refresh.index)),
                "at": .string(ISO8601.format(epochMs: refresh.grantedAt, in: timeline.zone)),
                "ms": .number(Double(refresh.grantedAt)),
                "trigger": .string(refresh.trigger.rawValue),
                "charged": .bool(refresh.charged),
                "status": .string(refresh.status.rawValue),
                "budgetLeft": refresh.budgetLeft.map { .number(Double($0)) } ?? .null,
                "outputsChanged": .bool(refresh.outputsChanged),
                "error": refresh.errorMessage.map { .string($0) } ?? .null,
                "outputs": outputs.map { .object($0.outputs) } ?? .null,
                "cut": .object(Self.sizes(cut)),
                "leftOut": .number(Double((outputs?.leftOut ?? 0) + (state?.leftOut ?? 0))),
                "console": .array(console.entries.map { .string("\($0.level.rawValue) \($0.message)") }),
                "consoleLeftOut": .number(Double(console.leftOut + (state?.consoleLeftOut ?? 0))),
                "pictures": .array((pictures[refresh.index] ?? []).map { picture in
                    .object(["scheme": .string(picture.scheme), "png": .string(picture.base64), "width": .number(picture.width),
                             "height": .number(picture.height)])
                }),
            ])
        }
    }
}

extension String {
    /// With the first `target` replaced by `replacement`.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
