import JSONKit
import PushClient
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
        discussion: """
            Accepts POST /api/push and POST /api/sandbox/push exactly as the contract says
            (P1-P12), stores every acknowledged push in SQLite before answering, and shows
            the activities at GET /api/activities (GET /healthz answers 200 when it is up
            and its store works, 503 when a write failed lately or the disk is nearly full).
            Without --registry or --user-id/--widget-id it makes up one Push ID and one
            widget id and prints them with a ready curl command. One line per request goes
            to stdout. Stops cleanly on Ctrl-C (SIGINT) or SIGTERM. See docs/push.md.
            Exit status: 0 after a clean stop; 1 when it cannot listen; 64 for a usage error;
            65 for a bad registry file; 66 when the registry or the database cannot be read.
            """,
        arguments: [],
        options: [
            .value("host", "address", "Address to bind. Default: 127.0.0.1 (loopback only)."),
            .value("port", "port", "Port to listen on; 0 picks a free one. Default: 8787."),
            .value("db", "file", "SQLite database file. Default: widgethost-push.db in the current directory."),
            .value("registry", "file", "Registry JSON file: Push IDs, their iOS version and widgets (see docs/push.md)."),
            .value("user-id", "id", "Register one Push ID (with --widget-id) instead of a registry file."),
            .value("widget-id", "id", "The Live Activity widget id of --user-id."),
            .value("ios", "version", "iOS version of the --user-id device, e.g. 17.2. Default: 18.0."),
            .value("window", "seconds", "Replay window: timestamps must be within this many seconds of the clock. Default: 300."),
            .value("now", "time", "Fix the receiver's clock: ISO 8601 date-time, or epoch seconds (below 1e11) or milliseconds."),
            .value("threads", "n", "HTTP worker threads. Default: 2."),
            .value("idle-timeout", "seconds", "Close a connection with no request in progress this long after it opened or last answered, however slowly it sends its headers (408 if part of a request came). Default: 10."),
            .value("request-timeout", "seconds", "Cut off a request whose body takes longer than this. Default: 10."),
            .value("max-connections", "n", "Connections at once; a new one beyond drops the one idle the longest (or is closed when none is idle). Default: 1000."),
            .value("max-connections-per-ip", "n", "Connections at once from one address; beyond, a new one is closed at once. Default: 256."),
            .flag("quiet", "Do not log one line per request."),
        ],
        run: run)

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'; serve takes options only") }
        var configuration = try configuration(from: arguments, terminal: terminal)
        let sink = LogSink()
        if !arguments.flag("quiet") { configuration.log = { line in sink.write(line) } }

        ShutdownSignals.block()
        let receiver: PushReceiverServer
        do {
            receiver = try PushReceiverServer(configuration)
            try receiver.start()
        } catch {
            ShutdownSignals.unblock()
            // A database that cannot be opened is a named file that is unusable (66).
            throw InputError("cannot start the receiver: \(error.message)",
                             code: error.kind == .database ? ExitCode.noInput : ExitCode.failure)
        }
        for line in banner(receiver) { sink.write(line) }
        let signal = ShutdownSignals.wait()
        sink.write("widgethost serve: \(signal == SIGINT ? "SIGINT" : "SIGTERM") received, stopping")
        receiver.stop()
        sink.write("widgethost serve: stopped; \(receiver.acknowledgedCount) push(es) acknowledged this run, all stored in \(configuration.databasePath)")
        return ExitCode.success
    }

    static func configuration(from arguments: ParsedArguments, terminal: Terminal) throws -> ReceiverConfiguration {
        let registry = try registry(from: arguments)
        var configuration = ReceiverConfiguration(databasePath: arguments.value("db") ?? "widgethost-push.db",
                                                  registry: registry)
        configuration.host = arguments.value("host") ?? "127.0.0.1"
        configuration.port = try integer(arguments, "port", 0...65535) ?? 8787
        if let window = try integer(arguments, "window", 1...86_400) { configuration.rules.windowSeconds = Int64(window) }
        if let now = arguments.value("now") { configuration.fixedNow = try parseNow(now) }
        if let threads = try integer(arguments, "threads", 1...64) { configuration.http.threads = threads }
        if let idle = try integer(arguments, "idle-timeout", 1...3600) { configuration.http.idleTimeoutSeconds = idle }
        if let limit = try integer(arguments, "request-timeout", 1...3600) {
            configuration.http.requestTimeoutSeconds = Double(limit)
        }
        if let limit = try integer(arguments, "max-connections", 1...100_000) { configuration.http.connectionLimit = limit }
        if let limit = try integer(arguments, "max-connections-per-ip", 1...100_000) {
            configuration.http.perAddressLimit = limit
        }
        return configuration
    }

    /// `--registry FILE`, `--user-id/--widget-id [--ios]`, or one made-up Push ID and widget.
    static func registry(from arguments: ParsedArguments) throws -> PushRegistry {
        let user = arguments.value("user-id"), widget = arguments.value("widget-id")
        if let path = arguments.value("registry") {
            guard user == nil, widget == nil, arguments.value("ios") == nil else {
                throw UsageError("give either --registry or --user-id/--widget-id/--ios, not both")
            }
            let text = try PushFiles.read(path, what: "registry")
            do { return try PushRegistry.parse(text) } catch {
                throw InputError("\(path): \(error.message)", code: ExitCode.dataError)
            }
        }
        if user != nil || widget != nil || arguments.value("ios") != nil {
            guard let user, !user.isEmpty, let widget, !widget.isEmpty else {
                throw UsageError("--user-id and --widget-id go together (and --ios needs them)")
            }
            var ios = IOSVersion(18)
            if let text = arguments.value("ios") {
                guard let version = IOSVersion(text) else { throw UsageError("bad --ios '\(text)'; use a version such as 17.2") }
                ios = version
            }
            return PushRegistry(users: [.init(pushID: user, ios: ios, widgets: [.init(id: widget)])])
        }
        return PushRegistry(users: [.init(pushID: "push-" + Entropy.hex(bytes: 8),
                                          widgets: [.init(id: "live-" + Entropy.hex(bytes: 4))])])
    }

    /// ISO 8601, or a number: seconds below 1e11, else milliseconds.
    static func parseNow(_ text: String) throws(UsageError) -> Int64 {
        if let number = Int64(text), number >= 0 { return number < 100_000_000_000 ? number * 1000 : number }
        do { return try ISO8601.parse(text, defaultZone: .utc) } catch {
            throw UsageError("bad --now '\(text)': use an ISO 8601 date-time such as 2024-03-09T16:00:00Z, or epoch seconds")
        }
    }

    private static func integer(_ arguments: ParsedArguments, _ name: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("bad --\(name) '\(text)'; use a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func banner(_ receiver: PushReceiverServer) -> [String] {
        let configuration = receiver.configuration
        let url = receiver.baseURL
        let now = configuration.fixedNow ?? Clock.epochMilliseconds()
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
                soundMode: .custom, timestamp: now / 1000, nonce: Entropy.hex(bytes: 8))
            lines.append("Try a push start (timestamp and nonce are fresh now; make new ones for later pushes):")
            lines.append(CurlCommand.render(url: url + PushPath.production.rawValue, body: request.bodyText()))
        }
        lines.append("Stop with Ctrl-C.")
        return lines
    }
}

/// Writes whole lines to stdout and flushes, from any thread.
final class LogSink: Sendable {
    func write(_ line: String) {
        fputs(line + "\n", stdout)
        fflush(stdout)
    }
}
