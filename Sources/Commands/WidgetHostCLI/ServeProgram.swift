import ErrorKinds
import PushContract
import ZonedTime

/// `widgethost serve`, the local push receiver: its own program, `widgethost-serve` (the
/// `ServeCLI` module), because only it needs H2O's HTTP library and SQLite. The tool lists it and
/// hands it the process with the arguments untouched, help included.
package enum ServeProgram {
    package static let name = "serve"
    package static let abstract = "Run a local Live Activity push receiver (POST /api/push) to test a server against."
    /// The executable beside `widgethost` (or in `../libexec/widgethost`) that carries the command out.
    package static let program = "widgethost-serve"

    /// The command's help and options, declared here so that help, completions and the manual
    /// page know them without loading the receiver; `widgethost-serve` parses with them.
    package static let discussion = """
        Accepts POST /api/push and POST /api/sandbox/push exactly as the push contract
        says (docs/push.md), stores every acknowledged push in SQLite before answering,
        and shows the activities at GET /api/activities (GET /healthz answers 200 when
        it is up and its store works, 503 when a write failed lately or the disk is
        nearly full). Without --registry or --user-id/--widget-id it makes up one Push
        ID and one widget id and prints them with a ready curl command. One line per
        request goes to stdout (--log-format json: one JSON object per request on
        stderr). Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
        """

    package static let examples: [Command.Example] = [
        .init("A receiver with a made-up Push ID and widget, and a curl command to try", "widgethost serve"),
        .init("A known device on a free port, the request log as JSON Lines", "widgethost serve --user-id PUSH_ID --widget-id WIDGET_ID --port 0 --log-format json"),
    ]

    package static let exitCodes: [(Int32, String)] = [
        (ExitStatus.success, "stopped cleanly (Ctrl-C or SIGTERM)"),
        (ExitStatus.failure, "it cannot listen on its address"),
        (ExitStatus.usage, "a usage error"),
        (ExitStatus.dataError, "a bad registry file"),
        (ExitStatus.noInput, "the registry or the database cannot be read"),
        (ExitStatus.unavailable, "the port is in use by another program"),
    ]

    package static let host = Option<String>.text("host", "address", "Address to bind. Default: 127.0.0.1 (loopback only).")
    package static let port = Option<Int>.whole("port", "port", "Port to listen on; 0 picks a free one. Default: 8787.", in: 0...65535)
    package static let db = Option<String>.file("db", "file", "SQLite database file. Default: widgethost-push.db in the current directory.")
    package static let registry = Option<String>.file(
        "registry", "file", "Registry JSON file: Push IDs, their iOS version and widgets (see docs/push.md).")
    package static let userID = Option<String>.text("user-id", "id", "Register one Push ID (with --widget-id) instead of a registry file.")
    package static let widgetID = Option<String>.text("widget-id", "id", "The Live Activity widget id of --user-id.")
    package static let ios = Option<IOSVersion>("ios", "version", "iOS version of the --user-id device, e.g. 17.2. Default: 18.0.") {
        (text) throws(UsageError) in
        guard let version = IOSVersion(text) else { throw UsageError("bad --ios '\(text)'; use a version such as 17.2") }
        return version
    }
    package static let window = Option<Int>.whole(
        "window", "seconds", "Replay window: timestamps must be within this many seconds of the clock. Default: 300.", in: 1...86_400)
    /// `--now`: ISO 8601, or a number: seconds below 1e11, else milliseconds.
    package static let now = Option<Int64>(
        "now", "time", "Fix the receiver's clock: ISO 8601 date-time, or epoch seconds (below 1e11) or milliseconds."
    ) { (text) throws(UsageError) in
        if let number = Int64(text), number >= 0 { return number < 100_000_000_000 ? number * 1000 : number }
        do { return try ISO8601.parse(text, defaultZone: .utc) } catch {
            throw UsageError("bad --now '\(text)': use an ISO 8601 date-time such as 2024-03-09T16:00:00Z, or epoch seconds")
        }
    }
    package static let threads = Option<Int>.whole(
        "threads", "n", "Accepted for older scripts and not used: one event loop serves every connection.", in: 1...64)
    package static let idleTimeout = Option<Int>.whole(
        "idle-timeout", "seconds",
        "Close a connection whose next request has not arrived this long (plus --request-timeout) after it opened or last answered, however slowly it sends. Default: 10.",
        in: 1...3600)
    package static let requestTimeout = Option<Int>.whole(
        "request-timeout", "seconds", "Seconds added to --idle-timeout for a request's body to arrive. Default: 10.", in: 1...3600)
    package static let maxConnections = Option<Int>.whole(
        "max-connections", "n",
        "Connections at once; a new one beyond drops the one idle the longest (or is closed when none is idle). Default: 1000.",
        in: 1...100_000)
    package static let maxConnectionsPerIP = Option<Int>.whole(
        "max-connections-per-ip", "n", "Connections at once from one address; beyond, a new one is closed at once. Default: 256.",
        in: 1...100_000)
    package static let logFormat = Option<ReportFormat>.choice(
        "log-format", "format",
        "The request log: text (one line per request on stdout, the default) or json (one widgethost.serve.request/1 object per request on stderr, JSON Lines).",
        noun: "--log-format")
    package static let quiet = Flag("quiet", "Do not log one line per request.")

    package static let options: [OptionSpec] = [
        host.spec, port.spec, db.spec, registry.spec, userID.spec, widgetID.spec, ios.spec, window.spec, now.spec, threads.spec,
        idleTimeout.spec, requestTimeout.spec, maxConnections.spec, maxConnectionsPerIP.spec, logFormat.spec, quiet.spec,
        RunOptions.liveEdition.spec,
    ]

    static let command = Command(name: name, abstract: abstract, program: program, discussion: discussion, options: options,
                                 examples: examples, exitCodes: exitCodes)
}
