import JSONKit

/// The HTTP side of the push paths (P1) as pure functions: which requests are refused
/// before their body is read, and the JSON such a refusal answers with. The receiver
/// (`widgethost serve`) and the conformance runner both use them.
public enum PushHTTP {
    /// Checks a request to `path` before its body is read: the path must be a push path
    /// (404 `not-found`), the method POST (405 `method-not-allowed`), the media type
    /// `application/json` with any parameters (415 `unsupported-media-type`), and a declared
    /// length must fit `bodyLimit` (413 `body-too-large`). `nil`: read the body and validate it.
    public static func checkHead(method: String, path: String, contentType: String?, contentLength: Int?,
                                 bodyLimit: Int) -> PushRefusal? {
        guard PushPath(rawValue: path) != nil else {
            return PushRefusal(.notFound,
                "No such endpoint \(JSONValue.quote(path)). Pushes go to POST /api/push or POST /api/sandbox/push; state is at GET /api/activities.")
        }
        guard method == "POST" else {
            return PushRefusal(.methodNotAllowed, "\(path) takes POST; got \(method). Send the push with curl -X POST.")
        }
        guard isJSON(contentType: contentType) else {
            let got = contentType.map { "got \(JSONValue.quote($0))" } ?? "none was given"
            return PushRefusal(.unsupportedMediaType,
                "The body must be JSON: send the header Content-Type: application/json (\(got)).")
        }
        if let contentLength, contentLength > bodyLimit { return bodyTooLarge(contentLength, limit: bodyLimit) }
        return nil
    }

    /// Whether a `Content-Type` names JSON: `application/json`, any case, parameters such as
    /// `charset` allowed.
    public static func isJSON(contentType: String?) -> Bool {
        guard let contentType else { return false }
        var mediaType = Substring(contentType.split(separator: ";", omittingEmptySubsequences: false).first ?? "")
        while mediaType.first == " " || mediaType.first == "\t" { mediaType = mediaType.dropFirst() }
        while mediaType.last == " " || mediaType.last == "\t" { mediaType = mediaType.dropLast() }
        return mediaType.lowercased() == "application/json"
    }

    /// The refusal of a body above the limit (P1).
    public static func bodyTooLarge(_ size: Int, limit: Int) -> PushRefusal {
        PushRefusal(.bodyTooLarge,
            "The body is \(size) bytes; the limit is \(limit) (64 KiB). Send one push per request and keep content_state.data small.")
    }

    /// The response body of a refusal made before a push was validated (P10): `ok` false,
    /// `status` `refused`, the reason, the message, and the path as requested.
    public static func refusalJSON(_ refusal: PushRefusal, path: String, receivedAt: Int64) -> JSONValue {
        [
            "ok": false, "status": "refused", "reason": .string(refusal.reason.rawValue),
            "field": refusal.field.map(JSONValue.string) ?? .null, "message": .string(refusal.message),
            "warnings": [], "sound": nil, "activity": nil, "path": .string(path),
            "received_at": .string(UTCTime.format(epochMs: receivedAt)),
        ]
    }
}
