import Canvas
import JSONKit
import WidgetGeometry

/// A finding of a picture, as the answer carries it: the layout's (`render-*`) and then the
/// canvases' (`canvas-*`), each with the component's path.
public struct PictureDiagnostic: Sendable, Hashable {
    /// The stable code, e.g. `render-text-truncated`.
    public var code: String
    /// `warning`, `info` or `error`.
    public var severity: String
    /// One sentence.
    public var message: String
    /// The component's path (`root.children[0]`).
    public var path: String
    /// The field, when known: a JSON Pointer for the layout's findings, the command's member for a canvas's.
    public var field: String?
    /// A canvas diagnostic's command index, when it names one.
    public var index: Int?

    /// A diagnostic.
    public init(code: String, severity: String, message: String, path: String, field: String? = nil, index: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.path = path
        self.field = field
        self.index = index
    }

    /// A finding of the layout.
    public init(_ d: GeometryDiagnostic) {
        self.init(code: d.code.rawValue, severity: d.severity.rawValue, message: d.message, path: d.path, field: d.field)
    }

    /// A diagnostic of the canvas at `path`.
    public init(path: String, _ d: CanvasDiagnostic) {
        self.init(code: d.code.rawValue, severity: d.severity.rawValue, message: d.message, path: path, field: d.field, index: d.index)
    }

    /// Every finding of `drawn`, the layout's first, in the order ``DrawnWidget/diagnostics`` lists them.
    public static func all(_ drawn: DrawnWidget) -> [PictureDiagnostic] {
        drawn.findings.map(PictureDiagnostic.init) + drawn.canvasDiagnostics.map { PictureDiagnostic(path: $0.path, $0.diagnostic) }
    }

    var json: JSONValue {
        var object: JSONObject = ["code": .string(code), "severity": .string(severity), "message": .string(message), "path": .string(path)]
        if let field { object["field"] = .string(field) }
        if let index { object["index"] = .number(Double(index)) }
        return .object(object)
    }

    init?(json value: JSONValue) {
        guard let code = value["code"]?.stringValue, let severity = value["severity"]?.stringValue,
              let message = value["message"]?.stringValue, let path = value["path"]?.stringValue else { return nil }
        self.init(code: code, severity: severity, message: message, path: path, field: value["field"]?.stringValue,
                  index: value["index"]?.intValue)
    }
}

/// One picture of the answer.
public struct AnsweredPicture: Sendable {
    /// The job it was drawn for (its index in the request).
    public var job: Int
    /// Its family and scheme.
    public var family: WidgetFamily
    public var scheme: ColorScheme
    /// The file written (empty when the request named no folder), and its bytes in base64 (for
    /// pages that embed them).
    public var file: String
    public var base64: String
    /// Its size in pixels, and the family's in points.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var width: Double
    public var height: Double
    /// The layout's findings, then the canvases' diagnostics.
    public var diagnostics: [PictureDiagnostic]
    /// Every component's frame, as ``GeometryResult/componentFrames`` lists them.
    public var components: [JSONValue] = []

    /// A picture of the answer.
    public init(job: Int, family: WidgetFamily, scheme: ColorScheme, file: String, base64: String, pixelWidth: Int, pixelHeight: Int,
                width: Double, height: Double, diagnostics: [PictureDiagnostic], components: [JSONValue]) {
        self.job = job
        self.family = family
        self.scheme = scheme
        self.file = file
        self.base64 = base64
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.width = width
        self.height = height
        self.diagnostics = diagnostics
        self.components = components
    }
}

/// What `widgethost-render pictures` answers: the pictures drawn, or the problem. Both sides
/// use this type: ``json`` on the drawing side, ``parse(_:)`` on the asking side.
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
                    "diagnostics": .array(p.diagnostics.map(\.json)), "components": .array(p.components),
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
            guard let job = item["job"]?.intValue, let family = item["family"]?.stringValue.flatMap(WidgetFamily.init(rawValue:)),
                  let scheme = item["scheme"]?.stringValue.flatMap(ColorScheme.init(rawValue:)), let file = item["file"]?.stringValue,
                  let png = item["png"]?.stringValue, let pw = item["pixels"]?["width"]?.intValue, let ph = item["pixels"]?["height"]?.intValue,
                  let w = item["size"]?["width"]?.doubleValue, let h = item["size"]?["height"]?.doubleValue,
                  let diagnostics = item["diagnostics"]?.arrayValue?.map(PictureDiagnostic.init(json:)),
                  !diagnostics.contains(where: { $0 == nil }), let components = item["components"]?.arrayValue
            else { return nil }
            pictures.append(AnsweredPicture(job: job, family: family, scheme: scheme, file: file, base64: png, pixelWidth: pw,
                                            pixelHeight: ph, width: w, height: h, diagnostics: diagnostics.compactMap { $0 },
                                            components: components))
        }
        return PictureAnswer(pictures: pictures, problem: value["problem"]?.stringValue)
    }
}
