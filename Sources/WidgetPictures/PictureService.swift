import Canvas
import ErrorKinds
import HostSystem
import JSONKit
import Layout
import WidgetGeometry

/// What `widgethost` asks of `widgethost-render pictures` (a child process, so that `widgethost`
/// never loads cairo and Pango): one layout, drawn for each job's outputs at its families and
/// schemes. It travels as JSON on the child's stdin; the answer, ``PictureAnswer``, on its stdout.
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

    /// The layout file's text (read once by the asking side, so a save mid-draw cannot mix two versions).
    public var layout: String
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
    public init(layout: String, device: DeviceModel, scale: Int, folder: String, stateFolder: String? = nil, widget: String = "",
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

    /// The request as it travels.
    public var json: JSONValue {
        .object([
            "layout": .string(layout), "device": .string(device.name), "scale": .number(Double(scale)), "folder": .string(folder),
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
        guard let layout = value["layout"]?.stringValue, let folder = value["folder"]?.stringValue,
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
        let count = jobs.reduce(0) { $0 + $1.families.count * $1.schemes.count }
        guard count <= maxPictures else { return .failure(PictureProblem("the request asks for \(count) pictures; at most \(maxPictures)")) }
        return .success(PictureRequest(layout: layout, device: device, scale: Int(scale), folder: folder,
                                       stateFolder: value["stateFolder"]?.stringValue, widget: value["widget"]?.stringValue ?? "",
                                       icons: value["icons"]?.stringValue, jobs: jobs))
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

/// One picture of the answer.
public struct AnsweredPicture: Sendable {
    /// The job it was drawn for (its index in the request).
    public var job: Int
    /// Its family and scheme.
    public var family: WidgetFamily
    public var scheme: ColorScheme
    /// The file written, and its bytes in base64 (for pages that embed them).
    public var file: String
    public var base64: String
    /// Its size in pixels, and the family's in points.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var width: Double
    public var height: Double
    /// Each `code`, `severity`, `message`, `path` (and `field`).
    public var diagnostics: [JSONValue]
    /// Every component's frame, as ``GeometryResult/componentFrames`` lists them.
    public var components: [JSONValue] = []
}

/// What `widgethost-render pictures` answers: the pictures drawn, or the problem.
public struct PictureAnswer: Sendable {
    /// The pictures in the order drawn: job by job, family by family, scheme by scheme.
    public var pictures: [AnsweredPicture]
    /// Why the pictures stop short (or are missing), else nil.
    public var problem: String?

    /// An answer.
    public init(pictures: [AnsweredPicture], problem: String?) {
        self.pictures = pictures
        self.problem = problem
    }

    /// The answer as it travels.
    public var json: JSONValue {
        .object([
            "pictures": .array(pictures.map { p in
                .object([
                    "job": .number(Double(p.job)), "family": .string(p.family.rawValue), "scheme": .string(p.scheme.rawValue),
                    "file": .string(p.file), "png": .string(p.base64),
                    "pixels": ["width": .number(Double(p.pixelWidth)), "height": .number(Double(p.pixelHeight))],
                    "size": ["width": .number(p.width), "height": .number(p.height)],
                    "diagnostics": .array(p.diagnostics), "components": .array(p.components),
                ])
            }),
            "problem": problem.map { .string($0) } ?? .null,
        ])
    }

    /// The answer read back, or nil when it is not one.
    public static func parse(_ value: JSONValue) -> PictureAnswer? {
        guard let items = value["pictures"]?.arrayValue else { return nil }
        var pictures: [AnsweredPicture] = []
        for item in items {
            guard let job = item["job"]?.doubleValue, let family = item["family"]?.stringValue.flatMap(WidgetFamily.init(rawValue:)),
                  let scheme = item["scheme"]?.stringValue.flatMap(ColorScheme.init(rawValue:)), let file = item["file"]?.stringValue,
                  let png = item["png"]?.stringValue, let pw = item["pixels"]?["width"]?.doubleValue, let ph = item["pixels"]?["height"]?.doubleValue,
                  let w = item["size"]?["width"]?.doubleValue, let h = item["size"]?["height"]?.doubleValue
            else { return nil }
            pictures.append(AnsweredPicture(job: Int(job), family: family, scheme: scheme, file: file, base64: png, pixelWidth: Int(pw),
                                            pixelHeight: Int(ph), width: w, height: h, diagnostics: item["diagnostics"]?.arrayValue ?? [],
                                            components: item["components"]?.arrayValue ?? []))
        }
        return PictureAnswer(pictures: pictures, problem: value["problem"]?.stringValue)
    }
}

/// The drawing side, in `widgethost-render pictures`: reads a ``PictureRequest``, draws every
/// picture with the drawer, writes each file and answers with them.
public enum PictureService {
    /// The answer to the request in `input` (JSON), drawn with `drawer`; `images` gives the
    /// reader of the request's image files (its state folder and widget), `icons` the reader of
    /// its icon files (nil without an icons folder).
    public static func answer<Drawing: WidgetDrawing>(_ input: [UInt8], drawer: Drawing,
                                                      images: (PictureRequest) -> AssetReader,
                                                      icons: (PictureRequest) -> AssetReader?) -> PictureAnswer {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes: input) } catch {
            return PictureAnswer(pictures: [], problem: "the picture request is not JSON: \(error)")
        }
        let request: PictureRequest
        switch PictureRequest.parse(value) {
        case .failure(let problem): return PictureAnswer(pictures: [], problem: problem.message)
        case .success(let parsed): request = parsed
        }
        let document: LayoutDocument
        do { document = try LayoutDocument.parse(text: request.layout) } catch {
            return PictureAnswer(pictures: [], problem: "the layout does not load: \(error.description)")
        }
        if case .lines = document.body { return PictureAnswer(pictures: [], problem: nil) }
        // Read and decoded once for every job, family and scheme.
        let assets = drawer.assets(images: images(request), icons: icons(request))
        var pictures: [AnsweredPicture] = []
        let folder = request.folder.isEmpty || request.folder.hasSuffix("/") ? request.folder : request.folder + "/"
        for (index, job) in request.jobs.enumerated() {
            let options = GeometryOptions(now: Double(job.now), utcOffsetSeconds: job.utcOffsetSeconds)
            for family in job.families {
                let schemes = WidgetPictures.draw(document, outputs: job.outputs, family: family, device: request.device,
                                                  scale: request.scale, schemes: job.schemes, options: options, assets: assets,
                                                  drawer: drawer)
                for (scheme, drawn) in zip(job.schemes, schemes) {
                    // No folder: the pictures are answered (their bytes and findings), not written.
                    let file = request.folder.isEmpty ? "" : folder + WidgetPictures.fileName(stem: job.stem, family: family, scheme: scheme)
                    if !file.isEmpty {
                        do { try AtomicFile.write(drawn.bytes, toPath: file) } catch {
                            return PictureAnswer(pictures: pictures, problem: "cannot write the picture \(file): \(error.message)")
                        }
                    }
                    pictures.append(AnsweredPicture(
                        job: index, family: family, scheme: scheme, file: file, base64: Base64.encode(drawn.bytes),
                        pixelWidth: drawn.pixelWidth, pixelHeight: drawn.pixelHeight, width: drawn.width, height: drawn.height,
                        diagnostics: drawn.diagnostics, components: drawn.components))
                }
            }
        }
        return PictureAnswer(pictures: pictures, problem: nil)
    }
}
