import JSONKit
import Layout
import Timeline
import WidgetGeometry
import WidgetHost
import ZonedTime
import WidgetPictures
import Canvas

/// `simulate --layout FILE [--family F] --format svg`: the widget as it looked after each
/// refresh of the first day, drawn by `widgethost-render pictures` (``PictureClient``) and shown
/// under the chart.
enum SimulationPictures {
    /// At most this many pictures: the first day's refreshes that ended ok, evenly spaced when
    /// there are more (the first always kept).
    static let limit = 48
    /// Only refreshes that start within this span of the simulation's start are drawn.
    static let spanMs: Int64 = 24 * 3_600_000
    /// Pixels per point: pictures in the chart are shown at most 150 pt wide.
    static let scale = 2

    /// A runner that records the outputs of each run that ended ok within the first day.
    struct Recorder<Base: RefreshScriptRunner>: RefreshScriptRunner {
        var base: Base
        let until: Int64
        var states: [(at: Int64, refresh: Int, outputs: JSONObject)] = []

        mutating func run(_ request: RefreshRunRequest) -> RefreshRunResult {
            let result = base.run(request)
            if result.status == .ok, request.at < until { states.append((request.at, request.index, result.outputs)) }
            return result
        }
    }

    /// `count` indices out of `total`, evenly spaced, the first included.
    static func chosen(_ total: Int, limit: Int = limit) -> [Int] {
        guard total > limit else { return Array(0..<total) }
        return (0..<limit).map { $0 * total / limit }
    }

    /// Where the pictures go: beside `--out` (`week.svg` → `week-pictures/`), else
    /// `NAME-pictures/` in the current folder.
    static func folder(out: String?, script: String) -> String {
        if let out, !out.isEmpty {
            let base = out.hasSuffix(".svg") ? String(out.dropLast(4)) : out
            return base + "-pictures"
        }
        return RenderCommand.baseName(script) + "-pictures"
    }

    /// The pictures for the chart, or the problem to print.
    static func draw(layout: LayoutDocument, family: WidgetFamily, device: DeviceModel = .reference, icons: String? = nil,
                     states: [(at: Int64, refresh: Int, outputs: JSONObject)],
                     zone: Zone, folder: String, script: String, stateFolder: String? = nil, widget: String = "",
                     limit: Int = limit, schemes: [ColorScheme] = [.light], client: PictureClient = PictureClient())
        -> Result<[TimelinePicture], PictureProblem> {
        let picked = chosen(states.count, limit: limit).map { states[$0] }
        guard !picked.isEmpty else { return .success([]) }
        let stem = RenderCommand.baseName(script)
        let jobs = picked.map { state in
            PictureRequest.Job(stem: "\(stem)-refresh-\(state.refresh)", outputs: state.outputs, now: state.at,
                               utcOffsetSeconds: zone.offsetSeconds(atEpochSeconds: state.at / 1000), families: [family], schemes: schemes)
        }
        switch client.draw(PictureRequest(layout: layout, device: device, scale: scale, folder: folder,
                                                   stateFolder: stateFolder, widget: widget, icons: icons, jobs: jobs)) {
        case .failure(let problem): return .failure(problem)
        case .success(let answer):
            return .success(answer.pictures.map { picture in
                TimelinePicture(at: picked[picture.job].at, refresh: picked[picture.job].refresh, base64: picture.base64,
                                width: picture.width, height: picture.height, scheme: picture.scheme.rawValue)
            })
        }
    }
}
