import CH2O
import JSONKit
import HostSystem
import PushContract
import Synchronization

/// The receiver's routes over HTTP: checks that need no state run on the HTTP threads;
/// pushes and state reads go through the single writer.
/// `@unchecked Sendable`: every stored property is a constant or atomic (`closing`); the state it
/// serves lives behind the single writer.
final class PushService: HTTPService, @unchecked Sendable {
    private let writer: PushWriter
    private let rules: PushRules
    private let limits: HTTPLimits
    private let registry: PushRegistry
    private let clock: @Sendable () -> Int64
    private let fixedClock: Bool
    private let log: (@Sendable (String) -> Void)?
    private let requestLog: (@Sendable (RequestLogEntry) -> Void)?
    private let closing = Atomic<Bool>(false)
    private let health: HealthRules
    /// The folder of the database, whose file system's free space `/healthz` reports.
    private let databaseFolder: String

    init(writer: PushWriter, rules: PushRules, limits: HTTPLimits, registry: PushRegistry,
         clock: @escaping @Sendable () -> Int64, fixedClock: Bool, health: HealthRules, databasePath: String,
         log: (@Sendable (String) -> Void)?, requestLog: (@Sendable (RequestLogEntry) -> Void)? = nil) {
        self.health = health
        let bytes = Array(databasePath.utf8)
        databaseFolder = bytes.lastIndex(of: 0x2F).map { $0 == 0 ? "/" : String(decoding: bytes[..<$0], as: UTF8.self) } ?? "."
        self.writer = writer
        self.rules = rules
        self.limits = limits
        self.registry = registry
        self.clock = clock
        self.fixedClock = fixedClock
        self.log = log
        self.requestLog = requestLog
    }

    func stopping() { closing.store(true, ordering: .relaxed) }

    // MARK: HTTPService

    func head(method: String, path: String, contentType: String?, contentLength: Int?) -> HTTPResponse? {
        let started = MonotonicClock.milliseconds()
        switch path {
        case "/api/activities", "/healthz":
            guard method == "GET" || method == "HEAD" else {
                return refuse(PushRefusal(.methodNotAllowed, "\(path) takes GET; got \(method)."), method: method, path: path,
                              started: started, headers: [("Allow", "GET, HEAD")])
            }
            return nil
        default:
            // P1 for the push paths (and 404 for any other path), shared with the conformance runner.
            guard let refusal = PushHTTP.checkHead(method: method, path: path, contentType: contentType,
                                                   contentLength: contentLength, bodyLimit: limits.bodyLimit)
            else { return nil }
            var headers: [(String, String)] = []
            if refusal.reason == .methodNotAllowed { headers.append(("Allow", "POST")) }
            if refusal.reason == .bodyTooLarge { headers.append(("Connection", "close")) }
            return refuse(refusal, method: method, path: path, started: started, headers: headers)
        }
    }

    func route(_ request: HTTPRequest) -> HTTPRoute {
        switch request.path {
        case "/healthz":
            return .respond(healthResponse(request))
        case "/api/activities":
            return .later { [self] responder in
                let submitted = writer.submit(.snapshot { [self] now, activities in
                    responder.respond { [self] in
                        let body: JSONValue = [
                            "now": .string(UTCTime.format(epochMs: now)), "clock": fixedClock ? "fixed" : "system",
                            "window_seconds": .number(Double(rules.windowSeconds)),
                            "activities": .array(activities.map { $0.json(at: now, rules: rules) }),
                            "registry": registry.json["users"] ?? .array([]),
                        ]
                        return respond(200, body, request: request, summary: "\(activities.count) activities")
                    }
                })
                if !submitted { responder.respond(unavailable(request)) }
            }
        default:
            let path = PushPath(rawValue: request.path) ?? .production
            let push: ValidatedPush
            do {
                push = try PushContract.validate(body: request.body, rules: rules)
            } catch {
                return .respond(answer(.refused(error, path: path, receivedAt: clock()), request: request))
            }
            let body = String(decoding: request.body, as: UTF8.self)
            return .later { [self] responder in
                let submitted = writer.submit(.push(push, path, body: body) { [self] outcome in
                    responder.respond { [self] in answer(outcome, request: request) }
                })
                if !submitted { responder.respond(unavailable(request)) }
            }
        }
    }

    func failure(_ failure: HTTPFailure, method: String, path: String, startedAt: Double) -> HTTPResponse {
        switch failure {
        case .bodyTooLarge(let received):
            return bodyTooLarge(received, method: method, path: path, started: startedAt)
        case .malformedRequest(let why):
            return refuse(PushRefusal(.malformedRequest,
                          "The request is not well-formed HTTP/1.1: \(why). Send e.g. POST /api/push HTTP/1.1 with Content-Type: application/json and Content-Length; the connection is closed."),
                          method: method, path: path, started: startedAt)
        }
    }

    // MARK: Health

    /// `/healthz`: the writer's totals and the store's state (P11). 503 with `ok: false` when
    /// the database file is no longer the one opened (`database-lost`), a write failed lately
    /// (`storage-failing`) or the disk is nearly full (`low-disk-space`), so that a supervisor
    /// sees what every push would run into.
    private func healthResponse(_ request: HTTPRequest) -> HTTPResponse {
        let lost = writer.checkFiles()
        let stats = writer.statistics
        let now = MonotonicClock.milliseconds()
        let failureAge = stats.lastFailureAt.map { (now - $0) / 1000 }
        let failing = lost != nil || stats.lastWriteFailed || (failureAge.map { $0 < health.failureWindowSeconds } ?? false)
        var space = statvfs()
        let free: Int64? = statvfs(databaseFolder, &space) == 0 ? Int64(space.f_bavail) * Int64(space.f_frsize) : nil
        let lowSpace = free.map { $0 < health.minimumFreeBytes } ?? false
        let status: String
        if closing.load(ordering: .relaxed) { status = "stopping" } else if lost != nil { status = "database-lost" } else if failing {
            status = "storage-failing"
        } else if lowSpace {
            status = "low-disk-space"
        } else { status = "serving" }
        let healthy = !failing && !lowSpace
        let store: JSONValue = [
            "ok": .bool(!failing), "free_bytes": free.map { .number(Double($0)) } ?? .null,
            "minimum_free_bytes": .number(Double(health.minimumFreeBytes)),
            "failed_writes": .number(Double(stats.failedWrites)),
            "last_failure": stats.lastFailureEpochMs.map { .string(UTCTime.format(epochMs: $0)) } ?? .null,
            "last_failure_seconds_ago": failureAge.map { .number(($0 * 10).rounded() / 10) } ?? .null,
            "last_failure_message": stats.lastFailureMessage.map(JSONValue.string) ?? .null,
            "failure_window_seconds": .number(health.failureWindowSeconds),
            "lost": lost.map(JSONValue.string) ?? .null,
        ]
        let body: JSONValue = [
            "ok": .bool(healthy), "status": .string(status),
            "acknowledged": .number(Double(stats.acknowledged)), "batches": .number(Double(stats.batches)),
            "largest_batch": .number(Double(stats.largestBatch)), "store": store,
        ]
        return respond(healthy ? 200 : 503, body, request: request, summary: healthy ? "ok" : status)
    }

    // MARK: Responses

    private func answer(_ outcome: PushOutcome, request: HTTPRequest) -> HTTPResponse {
        var summary = outcome.status.rawValue
        if let reason = outcome.reason { summary += " " + reason.rawValue }
        if let push = outcome.push {
            // A nonce with a control character (a NUL) is written quoted, so the log line stays one line of text.
            let nonce = push.request.nonce
            let shown = nonce.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? JSONValue.quote(nonce) : nonce
            summary += " \(push.request.type.rawValue) \(push.request.userID)/\(push.request.widgetID) nonce=\(shown)"
        }
        return respond(outcome.httpStatus, outcome.json(rules: rules), request: request, summary: summary)
    }

    private func bodyTooLarge(_ size: Int, method: String, path: String, started: Double) -> HTTPResponse {
        refuse(PushHTTP.bodyTooLarge(size, limit: limits.bodyLimit), method: method, path: path, started: started,
               headers: [("Connection", "close")])
    }

    private func unavailable(_ request: HTTPRequest) -> HTTPResponse {
        refuse(PushRefusal(.unavailable, "The receiver is shutting down; nothing was stored. Send the push again when it is back."),
               method: request.method, path: request.path, started: request.startedAt)
    }

    private func refuse(_ refusal: PushRefusal, method: String, path: String, started: Double,
                        headers: [(String, String)] = []) -> HTTPResponse {
        let body = PushHTTP.refusalJSON(refusal, path: path, receivedAt: clock())
        let text = OrderedJSON.render(body.objectValue ?? [:], order: OrderedJSON.responseOrder)
        let status = refusal.httpStatus
        let response = HTTPResponse(status: status, body: Array((text + "\n").utf8), headers: headers)
        writeLog(method: method, path: path, status: status, summary: "refused \(refusal.reason.rawValue)", started: started)
        return response
    }

    private func respond(_ status: Int, _ body: JSONValue, request: HTTPRequest, summary: String) -> HTTPResponse {
        writeLog(method: request.method, path: request.path, status: status, summary: summary, started: request.startedAt)
        let order = OrderedJSON.responseOrder + ["now", "clock", "window_seconds", "activities", "registry",
                                                 "acknowledged", "batches", "largest_batch", "store"]
        let text = OrderedJSON.render(body.objectValue ?? [:], order: order)
        return HTTPResponse(status: status, body: Array((text + "\n").utf8))
    }

    private func writeLog(method: String, path: String, status: Int, summary: String, started: Double) {
        guard log != nil || requestLog != nil else { return }
        let elapsed = MonotonicClock.milliseconds() - started
        let milliseconds = (elapsed * 10).rounded() / 10
        let now = WallClock.nowMilliseconds()
        log?("\(UTCTime.format(epochMs: now)) \(method) \(path) \(status) \(summary) \(JSONValue.formatNumber(milliseconds))ms")
        requestLog?(RequestLogEntry(atMs: now, method: method, path: path, status: status, summary: summary, durationMs: milliseconds))
    }
}
