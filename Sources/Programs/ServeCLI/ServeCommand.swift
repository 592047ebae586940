import ErrorKinds
import JSONKit
import HostSystem
import PushContract
import PushReceiver
import WidgetHostCLI
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost serve`: a local push receiver that curl can talk to.
enum ServeCommand {
    static let command = Command(
        name: ServeProgram.name,
        abstract: ServeProgram.abstract,
        discussion: ServeProgram.discussion,
        arguments: [],
        options: ServeProgram.options,
        examples: ServeProgram.examples,
        exitCodes: ServeProgram.exitCodes,
        run: run)

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'; serve takes options only") }
        try RunOptions.refuseHarmony(arguments, command: "serve")
        var configuration = try configuration(from: arguments, terminal: terminal)
        let sink = LogSink()
        let logFormat = try arguments.get(ServeProgram.logFormat) ?? .text
        if arguments.isSet(ServeProgram.quiet) {
            if arguments.given(ServeProgram.logFormat) { throw UsageError("--quiet logs nothing; drop --log-format or --quiet") }
        } else if logFormat == .json {
            configuration.requestLog = { entry in sink.writeErr(requestJSON(entry).serialized()) }
        } else {
            configuration.log = { line in sink.write(line) }
        }

        // Said whatever the log: the store can no longer be used.
        configuration.notice = { line in sink.writeErr("widgethost serve: " + line) }

        ShutdownSignals.block()
        let receiver: PushReceiverServer
        do {
            receiver = try PushReceiverServer(configuration)
            try receiver.start()
        } catch {
            ShutdownSignals.unblock()
            // A database that cannot be opened is a named file that is unusable (66).
            throw CommandError("cannot start the receiver: \(error.message)",
                               kind: error.errorKind)
        }
        for line in banner(receiver) { sink.write(line) }
        let signal = ShutdownSignals.wait()
        sink.write("widgethost serve: \(signal == SIGINT ? "SIGINT" : "SIGTERM") received, stopping")
        receiver.stop()
        if let lost = receiver.lostStoreReason {
            sink.writeErr("widgethost serve: stopped; \(receiver.acknowledgedCount) push(es) acknowledged this run, before \(lost); \(configuration.databasePath) may not hold them now")
        } else {
            sink.write("widgethost serve: stopped; \(receiver.acknowledgedCount) push(es) acknowledged this run, all stored in \(configuration.databasePath)")
        }
        return ExitStatus.success
    }

    static func configuration(from arguments: ParsedArguments, terminal: Terminal) throws -> ReceiverConfiguration {
        let registry = try registry(from: arguments)
        var configuration = ReceiverConfiguration(databasePath: try arguments.get(ServeProgram.db) ?? "widgethost-push.db",
                                                  registry: registry)
        configuration.host = try arguments.get(ServeProgram.host) ?? "127.0.0.1"
        configuration.port = try arguments.get(ServeProgram.port) ?? 8787
        if let window = try arguments.get(ServeProgram.window) { configuration.rules.windowSeconds = Int64(window) }
        if let now = try arguments.get(ServeProgram.now) { configuration.fixedNow = now }
        _ = try arguments.get(ServeProgram.threads) // accepted and not used: one event loop serves
        if let idle = try arguments.get(ServeProgram.idleTimeout) { configuration.http.idleTimeoutSeconds = idle }
        if let limit = try arguments.get(ServeProgram.requestTimeout) {
            configuration.http.requestTimeoutSeconds = Double(limit)
        }
        if let limit = try arguments.get(ServeProgram.maxConnections) { configuration.http.connectionLimit = limit }
        if let limit = try arguments.get(ServeProgram.maxConnectionsPerIP) {
            configuration.http.perAddressLimit = limit
        }
        return configuration
    }

    /// `--registry FILE`, `--user-id/--widget-id [--ios]`, or one made-up Push ID and widget.
    static func registry(from arguments: ParsedArguments) throws -> PushRegistry {
        let user = try arguments.get(ServeProgram.userID), widget = try arguments.get(ServeProgram.widgetID)
        let ios = try arguments.get(ServeProgram.ios)
        if let path = try arguments.get(ServeProgram.registry) {
            guard user == nil, widget == nil, ios == nil else {
                throw UsageError("give either --registry or --user-id/--widget-id/--ios, not both")
            }
            let text = try PushFiles.read(path, what: "registry")
            do { return try PushRegistry.parse(text) } catch {
                throw CommandError("\(path): \(error.message)", kind: error.errorKind)
            }
        }
        if user != nil || widget != nil || ios != nil {
            guard let user, !user.isEmpty, let widget, !widget.isEmpty else {
                throw UsageError("--user-id and --widget-id go together (and --ios needs them)")
            }
            return PushRegistry(users: [.init(pushID: user, ios: ios ?? IOSVersion(18), widgets: [.init(id: widget)])])
        }
        return PushRegistry(users: [.init(pushID: "push-" + RandomBytes.hex(count: 8),
                                          widgets: [.init(id: "live-" + RandomBytes.hex(count: 4))])])
    }


    static func banner(_ receiver: PushReceiverServer) -> [String] {
        let configuration = receiver.configuration
        let url = receiver.baseURL
        let now = configuration.fixedNow ?? WallClock.nowMilliseconds()
        var lines = [
            "widgethost serve: listening on \(url)",
            "  endpoints  POST /api/push, POST /api/sandbox/push, GET /api/activities, GET /healthz",
            "  database   \(configuration.databasePath) (SQLite WAL, synchronous=FULL)",
            "  clock      " + (configuration.fixedNow.map { "fixed at \(UTCTime.format(epochMs: $0))" } ?? "system time"),
            "  window     \(configuration.rules.windowSeconds) s",
        ]
        for user in configuration.registry.users {
            let widgets = user.widgets.map { $0.kind == "live" ? $0.id : "\($0.id) (\($0.kind))" }.joined(separator: ", ")
            lines.append("  Push ID    \(user.pushID) (iOS \(user.ios)): widgets \(widgets)")
        }
        if let user = configuration.registry.users.first, let widget = user.widgets.first(where: { $0.kind == "live" }) {
            let request = PushRequest(
                userID: user.pushID, widgetID: widget.id, type: .start,
                contentState: ContentState(isLoading: false, variables: ["title": "Hello", "count": 1]),
                alertTitle: "Live Activity started", alertBody: "A new Live Activity is showing",
                soundMode: .custom, timestamp: now / 1000, nonce: RandomBytes.hex(count: 8))
            lines.append("Try a push start (timestamp and nonce are fresh now; make new ones for later pushes):")
            lines.append(CurlCommand.render(url: url + PushPath.production.rawValue, body: request.bodyText()))
        }
        lines.append("Stop with Ctrl-C.")
        return lines
    }
}

extension ServeCommand {
    /// One request of the JSON log (`widgethost.serve.request/1`).
    static func requestJSON(_ entry: RequestLogEntry) -> JSONValue {
        .object([
            "schema": "widgethost.serve.request/1",
            "time": .string(UTCTime.format(epochMs: entry.atMs)),
            "method": .string(entry.method),
            "path": .string(entry.path),
            "status": .number(Double(entry.status)),
            "summary": .string(entry.summary),
            "durationMs": .number(entry.durationMs),
        ])
    }
}

/// Writes whole lines to stdout and flushes, from any thread.
final class LogSink: Sendable {
    func write(_ line: String) {
        fputs(line + "\n", stdout)
        fflush(stdout)
    }

    /// A whole line to stderr (the JSON request log).
    func writeErr(_ line: String) {
        fputs(line + "\n", stderr)
    }
}
