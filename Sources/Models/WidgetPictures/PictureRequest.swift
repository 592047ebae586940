import Canvas
import ErrorKinds
import JSONKit
import Layout
import WidgetGeometry

/// What `widgethost` asks of `widgethost-render pictures` (a child process, so that `widgethost`
/// never loads cairo and Pango): one layout, drawn for each job's outputs at its families and
/// schemes. Both sides use this type: it travels as one JSON line on the child's stdin
/// (``json``, read back by ``parse(_:)``); the answer, ``PictureAnswer``, as one line on its stdout.
public struct PictureRequest: Sendable {
    /// One state of the widget: the outputs it is drawn from and the time its dates show.
    public struct Job: Sendable {
        /// The start of each file's name: `STEM-FAMILY-SCHEME.png`.
        public var stem: String
        /// The run's outputs the layout is rendered against.
        public var outputs: JSONObject
        /// Milliseconds since the epoch, and the zone's offset then.
        public var now: Int64
        public var utcOffsetSeconds: Int
        /// The families drawn, each in every scheme.
        public var families: [WidgetFamily]
        public var schemes: [ColorScheme]

        /// A job.
        public init(stem: String, outputs: JSONObject, now: Int64, utcOffsetSeconds: Int, families: [WidgetFamily], schemes: [ColorScheme]) {
            self.stem = stem
            self.outputs = outputs
            self.now = now
            self.utcOffsetSeconds = utcOffsetSeconds
            self.families = families
            self.schemes = schemes
        }
    }

    /// The layout, as the asking side loaded it (once, so a save mid-draw cannot mix two
    /// versions). It travels as the JSON tree it was made from (``LayoutDocument/tree``), which
    /// the drawing side makes the same document of without reading any text again; a text
    /// layout has no components, so nothing is drawn for it.
    public var layout: LayoutDocument
    /// The device whose family sizes are used, and the pixels per point (1, 2 or 3).
    public var device: DeviceModel
    public var scale: Int
    /// Where the pictures are written (the asking side creates it); empty: nowhere, they are
    /// only answered.
    public var folder: String
    /// Where an image's file (File mode) is read: the run's `--state` folder, or nil when the
    /// run kept its files in memory (the drawing side then has none, and draws placeholders);
    /// and the widget's id, whose folder the paths name.
    public var stateFolder: String?
    public var widget: String
    /// `--icons DIR`: the folder of `NAME.svg` files drawn for icons, or nil (placeholder glyphs).
    public var icons: String?
    /// Each state of the widget to draw.
    public var jobs: [Job]

    /// At most this many pictures per request: the simulation's bound is below it.
    public static let maxPictures = 400

    /// A request.
    public init(layout: LayoutDocument, device: DeviceModel, scale: Int, folder: String, stateFolder: String? = nil, widget: String = "",
                icons: String? = nil, jobs: [Job]) {
        self.stateFolder = stateFolder
        self.icons = icons
        self.widget = widget
        self.layout = layout
        self.device = device
        self.scale = scale
        self.folder = folder
        self.jobs = jobs
    }

    /// The number of pictures the request asks for: each job's families times its schemes.
    public var pictureCount: Int { jobs.reduce(0) { $0 + $1.families.count * $1.schemes.count } }

    /// The request as it travels.
    public var json: JSONValue {
        .object([
            "layout": layout.tree ?? .null, "device": .string(device.name), "scale": .number(Double(scale)), "folder": .string(folder),
            "stateFolder": stateFolder.map { .string($0) } ?? .null, "widget": .string(widget),
            "icons": icons.map { .string($0) } ?? .null,
            "jobs": .array(jobs.map { job in
                .object([
                    "stem": .string(job.stem), "outputs": .object(job.outputs), "now": .number(Double(job.now)),
                    "utcOffsetSeconds": .number(Double(job.utcOffsetSeconds)),
                    "families": .array(job.families.map { .string($0.rawValue) }),
                    "schemes": .array(job.schemes.map { .string($0.rawValue) }),
                ])
            }),
        ])
    }

    /// The request read back, or what is wrong with it.
    public static func parse(_ value: JSONValue) -> Result<PictureRequest, PictureProblem> {
        guard let tree = value["layout"], let folder = value["folder"]?.stringValue,
              let deviceName = value["device"]?.stringValue, let device = DeviceModel.named(deviceName),
              let scale = value["scale"]?.doubleValue, [1.0, 2, 3].contains(scale), let items = value["jobs"]?.arrayValue
        else { return .failure(PictureProblem("the picture request is malformed")) }
        var jobs: [Job] = []
        for item in items {
            guard let stem = item["stem"]?.stringValue, let outputs = item["outputs"]?.objectValue,
                  let now = item["now"]?.doubleValue, let offset = item["utcOffsetSeconds"]?.doubleValue,
                  let families = item["families"]?.arrayValue?.compactMap({ $0.stringValue.flatMap(WidgetFamily.init(rawValue:)) }),
                  let schemes = item["schemes"]?.arrayValue?.compactMap({ $0.stringValue.flatMap(ColorScheme.init(rawValue:)) })
            else { return .failure(PictureProblem("a job of the picture request is malformed")) }
            jobs.append(Job(stem: stem, outputs: outputs, now: Int64(now), utcOffsetSeconds: Int(offset), families: families, schemes: schemes))
        }
        // No tree: the asking side's layout was a text layout, which has nothing to draw.
        let layout = tree.isNull ? LayoutDocument(lines: "") : LayoutDocument(tree: tree)
        let request = PictureRequest(layout: layout, device: device, scale: Int(scale), folder: folder,
                                     stateFolder: value["stateFolder"]?.stringValue, widget: value["widget"]?.stringValue ?? "",
                                     icons: value["icons"]?.stringValue, jobs: jobs)
        guard request.pictureCount <= maxPictures else {
            return .failure(PictureProblem("the request asks for \(request.pictureCount) pictures; at most \(maxPictures)"))
        }
        return .success(request)
    }
}

/// Why no pictures were drawn.
public struct PictureProblem: KindedError, Sendable, Equatable {
    /// One sentence, for the report.
    public var message: String
    /// What kind of problem it is: a request the drawing service cannot read is the host's bug.
    public var errorKind: ErrorKind
    /// A problem saying `message`, of `kind`.
    public init(_ message: String, kind: ErrorKind = .internal) {
        self.message = message
        self.errorKind = kind
    }
}
