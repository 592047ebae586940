import HostSystem
import JSONKit
import PushContract
import PushReceiver
import Synchronization
import WidgetHost
import WidgetHostCLI
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The protocol of the app's VS Code extension (Omni Widgets 0.1.1), served beside the studio's
/// own routes: `POST /pair`, `GET /session`, `POST /code` and `POST /run`, each answered with a
/// JSON object with `ok` (and `error`, a sentence, when it is false). The session is the
/// studio's one script; `/code` replaces that file (nothing else is ever written) and `/run` runs
/// the text it is given under the studio's controls. No request names a file.
final class StudioSync: Sendable {
    /// The paths of the extension's routes.
    static let paths = ["/pair", "/session", "/code", "/run"]

    /// The script, as given on the command line.
    let script: String
    /// The session's id: random, the same for the studio's whole life.
    let id = RandomBytes.hex(count: 8)
    let studio: StudioSession
    let pairing: StudioPairing
    /// Whether the page may show the code: only when the studio listens on the loopback.
    let showsCode: Bool
    private let origin = Mutex("")

    /// The address the extension is told to use, `http://HOST:PORT`, set once the studio listens.
    var address: String {
        get { origin.withLock { $0 } }
        set { origin.withLock { $0 = newValue } }
    }

    /// The version of the script and the text it was given for: raised when `/code` writes a
    /// new text, or when the file is found with another text than the last one seen.
    private let known = Mutex<(version: Int, text: String?)>((1, nil))

    init(script: String, studio: StudioSession, pairing: StudioPairing, showsCode: Bool) {
        self.script = script
        self.studio = studio
        self.pairing = pairing
        self.showsCode = showsCode
        _ = current()
    }

    /// The answer for an extension's route; nil for any other path.
    func route(_ request: HTTPRequest) -> HTTPRoute? {
        if request.path == "/api/pairing" {
            guard request.method == "GET" else {
                return .respond(StudioService.problem(405, "method-not-allowed", "\(request.method) is not served at \(request.path)"))
            }
            return .respond(StudioService.json(pairingJSON()))
        }
        guard Self.paths.contains(request.path) else { return nil }
        let method = request.path == "/session" ? "GET" : "POST"
        guard request.method == method else {
            return .respond(Self.failure(405, "method-not-allowed", "\(request.path) takes \(method), not \(request.method)",
                                         headers: [("Allow", method)]))
        }
        if request.path == "/pair" { return .respond(pair(request)) }
        guard pairing.authorizes(request.authorization) else {
            return .respond(Self.failure(401, "not-paired", "not paired with this studio (it restarted, or another client paired since): connect again with the pairing code it printed"))
        }
        switch request.path {
        case "/session":
            return .respond(Self.answer(["session": session()]))
        case "/code":
            let code: String
            switch Self.code(in: request.body) {
            case .failure(let refusal): return .respond(refusal.response)
            case .success(let text): code = text
            }
            return .respond(write(code))
        default:
            switch Self.code(in: request.body) {
            case .failure(let refusal): return .respond(refusal.response)
            case .success(let code):
                // On a thread of its own: the server's event loop keeps serving while the script runs.
                return .later { [self] responder in _ = OSThread { responder.respond(self.run(code)) } }
            }
        }
    }

    /// `GET /api/pairing`, for the page: the address, the code (only when listening on the
    /// loopback), and who is paired.
    func pairingJSON() -> JSONValue {
        let client = pairing.client
        return .object([
            "schema": "widgethost.studio.pairing/1", "address": .string(address),
            "code": showsCode ? .string(pairing.code) : .null,
            "paired": .bool(client != nil),
            "client": client.map { .object(["name": .string($0.name), "version": .string($0.version),
                                             "at": .string(UTCTime.format(epochMs: $0.at))]) } ?? .null,
        ])
    }

    // MARK: The routes

    private func pair(_ request: HTTPRequest) -> HTTPResponse {
        guard let object = (try? JSONValue.parse(bytes: request.body))?.objectValue else {
            return Self.failure(400, "bad-body", "send {\"code\": \"123456\", \"clientName\": …} as a JSON object")
        }
        guard let code = object["code"]?.stringValue else {
            return Self.failure(400, "missing-code", "send the six-digit pairing code the studio printed as \"code\" (a string)")
        }
        let name = object["clientName"]?.stringValue ?? "a client"
        let version = object["clientVersion"]?.stringValue ?? ""
        switch pairing.pair(code: code, name: String(name.prefix(80)), version: String(version.prefix(40))) {
        case .paired(let token):
            let endpoint = request.host.map { "http://\($0)" } ?? address
            return Self.answer(["endpoint": .string(endpoint), "token": .string(token), "session": session()])
        case .wrong(let left):
            return Self.failure(401, "wrong-code", "wrong pairing code: give the six digits the studio printed (\(left) more wrong and it makes a new one)")
        case .locked(let seconds):
            return Self.failure(429, "too-many-wrong-codes", "too many wrong pairing codes: the studio printed a new code; pair again in \(seconds) s",
                                headers: [("Retry-After", String(seconds))])
        }
    }

    private func write(_ code: String) -> HTTPResponse {
        // The answer names the version of this text: an edit on disk right after it is the
        // next version, which the extension's next poll brings in.
        let written = known.withLock { known -> Result<(version: Int, code: String), AtomicFile.WriteError> in
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(Array(code.utf8), toPath: script, mode: Self.mode(of: script))
            } catch {
                return .failure(error)
            }
            if known.text != code {
                known.version += 1
                known.text = code
            }
            return .success((known.version, code))
        }
        switch written {
        case .failure(let error):
            return Self.failure(500, "not-written", "the studio could not write \(error.description); the file is as it was")
        case .success(let now):
            return Self.answer(["session": session(now)])
        }
    }

    private func run(_ code: String) -> HTTPResponse {
        let controls = studio.controls
        let result: StudioSyncRun.Result
        do {
            result = try StudioSyncRun.run(code: code, arguments: studio.arguments(controls), profileEdits: Self.profileEdits(controls))
        } catch {
            return Self.failure(422, "cannot-run", "the studio cannot run the script now: \((error as? UsageError)?.message ?? (error as? CommandError)?.message ?? "\(error)")")
        }
        // The version last seen, without reading the file again: "Run" sends this text with /code
        // just before, and an edit on disk since is the next poll's to bring in.
        guard case .object(var session) = session(known.withLock { ($0.version, $0.text ?? "") }) else {
            return Self.failure(500, "internal", "no session")
        }
        session["result"] = .object([
            "content": .object(result.content), "structured": result.structured,
            "dataJSON": .string(result.dataJSON), "logs": .string(result.logs), "status": .string(result.status),
        ])
        return Self.answer(["session": .object(session)])
    }

    // MARK: The session

    /// The session as the extension reads it: the script as it is now, or at `state`.
    func session(_ state: (version: Int, code: String)? = nil) -> JSONValue {
        let (version, code) = state ?? current()
        let controls = studio.controls
        let identity = StudioSyncRun.identity(studio.arguments(controls), profileEdits: Self.profileEdits(controls))
        return .object([
            "id": .string(id), "widgetName": .string(identity.name), "widgetType": .string(identity.kind),
            "widgetId": .string(identity.id), "version": .number(Double(version)), "code": .string(code),
        ])
    }

    /// The script's version and text now: the file is read, and a text other than the last one
    /// seen raises the version (a save in another editor reaches the extension's next poll).
    /// A file that cannot be read leaves both as they were.
    func current() -> (version: Int, code: String) {
        known.withLock { known in
            if let text = try? ScriptSource.load(path: script).text, text != known.text {
                if known.text != nil { known.version += 1 }
                known.text = text
            }
            return (known.version, known.text ?? "")
        }
    }

    /// The controls that are the profile's (the others are run flags).
    static func profileEdits(_ controls: [String: String]) -> [String: String] {
        controls.filter { !StudioControls.names.contains($0.key) }
    }

    /// The permission bits of the file at `path` (0o644 when it cannot be read), kept by a write.
    static func mode(of path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
    }

    /// The `code` string of a JSON object body, or the 400 that refuses the body.
    static func code(in body: [UInt8]) -> Result<String, StudioSyncRefusal> {
        guard let object = (try? JSONValue.parse(bytes: body))?.objectValue else {
            return .failure(StudioSyncRefusal(failure(400, "bad-body", "send {\"code\": \"<the whole script>\"} as a JSON object")))
        }
        guard let code = object["code"]?.stringValue else {
            return .failure(StudioSyncRefusal(failure(400, "missing-code", "send the whole script as the string \"code\"")))
        }
        return .success(code)
    }

    /// `{"ok": true, …fields}`.
    static func answer(_ fields: JSONObject) -> HTTPResponse {
        var object = fields
        object["ok"] = true
        return StudioService.json(.object(object))
    }

    /// `{"ok": false, "code": code, "error": message}` with `status`.
    static func failure(_ status: Int, _ code: String, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        var response = StudioService.json(.object(["ok": false, "code": .string(code), "error": .string(message)]), status: status)
        response.headers += headers
        return response
    }
}

/// A refused body, as an error a `Result` can carry.
struct StudioSyncRefusal: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}
