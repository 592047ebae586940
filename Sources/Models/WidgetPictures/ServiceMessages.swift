import HostSystem
import JSONKit

/// What is asked of `widgethost-render`'s service (`widgethost-render pictures`, and
/// `widgethost-render test --worker` for the suite): pictures of a layout, or one fixture run.
/// Both ends use this type: one JSON line per request on the child's stdin (``line``, read back
/// by ``parse(_:)``); the child answers each with one ``ServiceAnswer`` line on its stdout.
public enum ServiceRequest: Sendable {
    /// Draw these pictures (``PictureService`` answers them).
    case pictures(PictureRequest)
    /// Run the fixture there (the conformance runner's `FixtureRunner` answers it).
    case fixture(FileSystem.Location)

    /// The request as it travels: `{"pictures": …}` or `{"fixture": {"base": …, "folders": […],
    /// "name": …, "display": …}}`, then a newline. Each part of the path is a string when it is
    /// UTF-8 and otherwise the list of its bytes, so any name crosses as it is.
    public var line: [UInt8] {
        let value: JSONValue
        switch self {
        case .pictures(let request): value = ["pictures": request.json]
        case .fixture(let file):
            value = ["fixture": .object([
                "base": Self.json(file.base.bytes), "folders": .array(file.folders.map(Self.json)),
                "name": Self.json(file.name), "display": .string(file.display),
            ])]
        }
        return Array((value.serialized() + "\n").utf8)
    }

    /// Bytes as JSON: their text when they are UTF-8, else the list of the bytes.
    private static func json(_ bytes: [UInt8]) -> JSONValue {
        String(validating: bytes, as: UTF8.self).map(JSONValue.string) ?? .array(bytes.map { .number(Double($0)) })
    }

    /// Bytes from ``json(_:)``'s form, or nil.
    private static func bytes(_ value: JSONValue?) -> [UInt8]? {
        switch value {
        case .string(let text)?: return Array(text.utf8)
        case .array(let items)?:
            let bytes = items.compactMap { $0.doubleValue.flatMap { $0 >= 0 && $0 <= 255 && $0 == $0.rounded() ? UInt8($0) : nil } }
            return bytes.count == items.count ? bytes : nil
        default: return nil
        }
    }

    /// The fixture's location in a request: the object ``line`` writes, or a path as text.
    private static func location(_ value: JSONValue) -> FileSystem.Location? {
        if let path = value.stringValue { return try? FileSystem.location(ofUserPath: path) }
        guard let base = bytes(value["base"]), let name = bytes(value["name"]), let display = value["display"]?.stringValue,
            let list = value["folders"]?.arrayValue
        else { return nil }
        let folders = list.compactMap { bytes($0) }
        guard folders.count == list.count else { return nil }
        return FileSystem.Location(base: SystemPath(bytes: base), folders: folders, name: name, display: display)
    }

    /// The request in `line` (without its newline), or what is wrong with it.
    public static func parse(_ line: some Collection<UInt8>) -> Result<ServiceRequest, PictureProblem> {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes: line) } catch {
            return .failure(PictureProblem("the request is not JSON: \(error)"))
        }
        if let fixture = value["fixture"] {
            guard let location = location(fixture) else { return .failure(PictureProblem("the request names no fixture file")) }
            return .success(.fixture(location))
        }
        guard let pictures = value["pictures"] else { return .failure(PictureProblem("the request asks for neither pictures nor a fixture")) }
        return PictureRequest.parse(pictures).map(ServiceRequest.pictures)
    }
}

/// What `widgethost-render`'s service answers a ``ServiceRequest`` with, one JSON line each.
public enum ServiceAnswer: Sendable {
    /// The pictures drawn, or the problem.
    case pictures(PictureAnswer)
    /// The fixture's result, as the conformance runner's `FixtureResult` writes it and reads it
    /// back (`FixtureResult(json:)`).
    case fixture(JSONValue)

    /// The answer as it travels: `{"pictures": …}` or `{"fixture": …}`, then a newline.
    public var line: String {
        switch self {
        case .pictures(let answer): return JSONValue.object(["pictures": answer.json]).serialized() + "\n"
        case .fixture(let result): return JSONValue.object(["fixture": result]).serialized() + "\n"
        }
    }

    /// The answer in `line` (without its newline), or nil when it is not one.
    public static func parse(_ line: some Collection<UInt8>) -> ServiceAnswer? {
        guard let value = try? JSONValue.parse(bytes: line) else { return nil }
        if let fixture = value["fixture"] { return .fixture(fixture) }
        return value["pictures"].flatMap(PictureAnswer.parse).map(ServiceAnswer.pictures)
    }
}
