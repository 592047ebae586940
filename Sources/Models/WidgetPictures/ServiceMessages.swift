import JSONKit

/// What is asked of `widgethost-render`'s service (`widgethost-render pictures`, and
/// `widgethost-render test --worker` for the suite): pictures of a layout, or one fixture run.
/// Both ends use this type: one JSON line per request on the child's stdin (``line``, read back
/// by ``parse(_:)``); the child answers each with one ``ServiceAnswer`` line on its stdout.
public enum ServiceRequest: Sendable {
    /// Draw these pictures (``PictureService`` answers them).
    case pictures(PictureRequest)
    /// Run the fixture at this path (the conformance runner's `FixtureRunner` answers it).
    case fixture(path: String)

    /// The request as it travels: `{"pictures": …}` or `{"fixture": PATH}`, then a newline.
    public var line: [UInt8] {
        let value: JSONValue
        switch self {
        case .pictures(let request): value = ["pictures": request.json]
        case .fixture(let path): value = ["fixture": .string(path)]
        }
        return Array((value.serialized() + "\n").utf8)
    }

    /// The request in `line` (without its newline), or what is wrong with it.
    public static func parse(_ line: some Collection<UInt8>) -> Result<ServiceRequest, PictureProblem> {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes: line) } catch {
            return .failure(PictureProblem("the request is not JSON: \(error)"))
        }
        if let path = value["fixture"]?.stringValue { return .success(.fixture(path: path)) }
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
