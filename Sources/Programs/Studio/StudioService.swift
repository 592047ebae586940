import JSONKit
import PushContract
import PushReceiver
import HostSystem
import WidgetHostCLI

/// What the studio serves, and nothing more: the page, its script and style sheet (from the
/// program), the view as JSON, the controls, and the events that say a new view is built. No
/// path reaches the file system; a path with `..`, a backslash or an escape that survives
/// decoding is refused with 400, any other unknown path with 404.
final class StudioService: HTTPService {
    let session: StudioSession
    /// The push a page tries.
    let push: StudioPush
    /// The app's VS Code extension's routes and the page's pairing panel (``StudioSync``).
    let sync: StudioSync?

    init(session: StudioSession, sync: StudioSync? = nil) {
        self.session = session
        push = StudioPush(session: session)
        self.sync = sync
    }

    func head(method: String, path: String, contentType: String?, contentLength: Int?) -> HTTPResponse? {
        if let refusal = Self.refusal(path) { return refusal }
        return nil
    }

    func route(_ request: HTTPRequest) -> HTTPRoute {
        if let refusal = Self.refusal(request.path) { return .respond(refusal) }
        // A POST is JSON: another site's page cannot send that to the studio without asking
        // first (a CORS preflight, which the studio does not answer), so it cannot rerun the script.
        if request.method == "POST", !PushHTTP.isJSON(contentType: request.contentType) {
            return .respond(Self.problem(415, "not-json", "send the body as Content-Type: application/json"))
        }
        if let route = sync?.route(request) { return route }
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return .respond(Self.text(StudioPage.html, type: "text/html; charset=utf-8"))
        case ("GET", "/studio.js"):
            return .respond(Self.text(StudioPage.script + StudioPage.pairingScript, type: "text/javascript; charset=utf-8"))
        case ("GET", "/studio.css"):
            return .respond(Self.text(StudioPage.css + StudioPage.pairingCSS, type: "text/css; charset=utf-8"))
        case ("GET", "/api/view"):
            return .respond(HTTPResponse(status: 200, body: session.viewBody, contentType: "application/json", headers: Self.headers))
        case ("GET", "/api/outputs"):
            return .respond(session.view.outputs(refresh: nil).map { Self.json($0) }
                ?? Self.problem(404, "no-outputs", "no run yet: the script could not be read"))
        case ("GET", let path) where path.hasPrefix("/api/outputs/"):
            guard let refresh = Int(path.dropFirst("/api/outputs/".count)), let outputs = session.view.outputs(refresh: refresh) else {
                return .respond(Self.problem(404, "no-refresh", "ask for /api/outputs/N, N a refresh the scrubber shows (its index, from 0)"))
            }
            return .respond(Self.json(outputs))
        case ("GET", "/api/controls"):
            return .respond(Self.json(StudioControls.declarations(base: session.base)))
        case ("POST", "/api/controls"):
            // On a thread of its own, so that the answer leaves once the view is built while the
            // day's pictures are drawn, and the server's event loop keeps serving meanwhile.
            return .later { [session] responder in
                _ = OSThread { responder.respond(Self.apply(request.body, session: session, responder: responder)) }
            }
        case ("POST", "/api/push"):
            return .later { [push] responder in _ = OSThread { responder.respond(push.trial(request.body)) } }
        case ("GET", let path) where path.hasPrefix("/events/"):
            guard let since = Int(path.dropFirst("/events/".count)), since >= 0 else {
                return .respond(Self.problem(400, "bad-request", "ask for /events/N, N the version the page shows (a whole number)"))
            }
            // Freed by the server as soon as the page goes away, or to make room for another page.
            return .waiting { [session] responder in session.waitForChange(since: since, responder: responder) }
        case (_, "/"), (_, "/api/view"), (_, "/api/outputs"), (_, "/api/controls"), (_, "/studio.js"), (_, "/studio.css"), (_, "/api/push"):
            return .respond(Self.problem(405, "method-not-allowed", "\(request.method) is not served at \(request.path)"))
        default:
            return .respond(Self.problem(404, "not-found", "the studio serves /, /studio.js, /studio.css, /api/view, /api/outputs, /api/outputs/N, /api/controls, /api/push, /api/pairing, /events/N and the VS Code extension's /pair, /session, /code and /run; nothing else (no files)"))
        }
    }

    func failure(_ failure: HTTPFailure, method: String, path: String, startedAt: Double) -> HTTPResponse {
        switch failure {
        case .bodyTooLarge:
            return Self.problem(413, "body-too-large", "the body is larger than the studio reads (1 MB)")
        case .malformedRequest(let why):
            return Self.problem(400, "bad-request", "the request is not well-formed HTTP/1.1: \(why)")
        }
    }

    /// 400 for a path that tries to leave what is served: `..` as a segment, a backslash, a NUL,
    /// or a `%` escape left after the server decoded the path (an escape escaped twice).
    static func refusal(_ path: String) -> HTTPResponse? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let bad = !path.hasPrefix("/") || segments.contains { $0 == ".." || $0 == "." } || path.contains("\\")
            || path.contains("\u{0}") || path.contains("%") || path.contains("//")
        return bad ? problem(400, "bad-path", "the path \(String(path.prefix(80)).debugDescription) leaves what the studio serves; it serves no files") : nil
    }

    /// Lays the posted controls (a JSON object of flag name → text) over the view; `responder`
    /// gets the view as soon as it is built (the day's pictures follow as an event).
    static func apply(_ body: [UInt8], session: StudioSession, responder: HTTPResponder) -> HTTPResponse {
        guard let value = try? JSONValue.parse(bytes: body), let object = value.objectValue else {
            return problem(400, "bad-controls", "send the controls as a JSON object of flag name to text, e.g. {\"tz\":\"Europe/Berlin\"}")
        }
        var controls: [String: String] = [:]
        for (name, value) in object {
            guard let text = value.stringValue else {
                return problem(400, "bad-controls", "the control '\(name)' is \(value.typeName); send its value as text")
            }
            controls[name] = text
        }
        do {
            let view = try session.apply(controls) { view in responder.respond(json(answer(view, session: session))) }
            return json(answer(view, session: session))
        } catch {
            var refusal: JSONObject = ["error": "bad-control", "message": .string(error.message)]
            refusal["control"] = error.control.map { .string($0) } ?? .null
            return json(.object(refusal), status: 400)
        }
    }

    /// `view` with `latest`, the version of the view last built for any page: a page waits for
    /// the next event from there (a newer view of another page's controls, or a save), then asks
    /// for its own view again.
    static func answer(_ view: StudioView, session: StudioSession) -> JSONValue {
        guard case .object(var object) = view.json else { return view.json }
        object["latest"] = .number(Double(max(view.version, session.view.version)))
        return .object(object)
    }

    /// One server-sent event naming `version`; the page then asks for the view and opens the next
    /// event stream from that version.
    static func event(version: Int) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array("retry: 200\nid: \(version)\nevent: view\ndata: \(version)\n\n".utf8),
                     contentType: "text/event-stream", headers: [("Cache-Control", "no-store")])
    }

    /// What a page waiting for events gets once the studio is stopping.
    static let stopping = problem(503, "stopping", "the studio is stopping")

    static func text(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array(text.utf8), contentType: type, headers: headers)
    }

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(value.serialized().utf8), contentType: "application/json", headers: headers)
    }

    /// `{"error": code, "message": …}` with `status`.
    static func problem(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        json(.object(["error": .string(code), "message": .string(message)]), status: status)
    }

    /// Every answer: not cached, not framed by another site, nothing loaded from elsewhere.
    static let headers: [(String, String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src data:; connect-src 'self'; frame-ancestors 'none'"),
    ]
}
