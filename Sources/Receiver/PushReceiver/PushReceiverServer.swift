import ErrorKinds
import HostSystem
import JSONKit
import PushContract
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Everything a receiver needs.
public struct ReceiverConfiguration: Sendable {
    /// Address to bind. Default: loopback.
    public var host = "127.0.0.1"
    /// Port; 0 picks a free one. Default 8787.
    public var port = 8787
    /// The SQLite file.
    public var databasePath: String
    /// The Push IDs and widgets it knows.
    public var registry: PushRegistry
    /// Window, limits and timings of the contract.
    public var rules = PushRules()
    /// A fixed clock, epoch ms (`--now`); `nil` for the real time.
    public var fixedNow: Int64?
    /// HTTP limits (threads, connections, timeouts, body size).
    public var http = HTTPLimits()
    /// When `/healthz` says the store is failing.
    public var health = HealthRules()
    /// Where the one-line-per-request log goes; `nil` for none.
    public var log: (@Sendable (String) -> Void)?
    /// Where each request's log entry goes as data (`serve --log-format json`); `nil` for none.
    public var requestLog: (@Sendable (RequestLogEntry) -> Void)?
    /// Where a line goes when the store can no longer be used (its database file deleted or
    /// replaced underneath); `nil` for none.
    public var notice: (@Sendable (String) -> Void)?

    /// The receiver's configuration for the SQLite file `databasePath` and the known users
    /// and widgets `registry`, every other setting at its default.
    public init(databasePath: String, registry: PushRegistry) {
        self.databasePath = databasePath
        self.registry = registry
    }
}

/// One request as the receiver logs it.
public struct RequestLogEntry: Sendable, Hashable {
    /// When it was answered, epoch milliseconds.
    public var atMs: Int64
    /// The request's method as sent: `POST`.
    public var method: String
    /// The request target as sent, query included: `/api/push`.
    public var path: String
    /// The HTTP status it was answered with.
    public var status: Int
    /// What happened, as the text log's summary says it: `ok start …`, or the refusal's reason.
    public var summary: String
    /// From the request's start to the answer, in milliseconds (one decimal).
    public var durationMs: Double
}

/// When `/healthz` answers 503 (`ok: false`): a write of the store failed within the last
/// `failureWindowSeconds` (or the latest write failed, however long ago), or the file system
/// holding the database has less than `minimumFreeBytes` free.
public struct HealthRules: Sendable, Hashable {
    /// Seconds after a failed write during which `/healthz` says 503.
    public var failureWindowSeconds = 60.0
    /// Free bytes below which, on the database's file system, `/healthz` says 503.
    public var minimumFreeBytes: Int64 = 8 << 20
    /// The defaults: 60 s and 8 MiB.
    public init() {}
}

/// A receiver failure at start, with a message that says what to do.
public struct ReceiverError: KindedError, Sendable, CustomStringConvertible {
    /// A database that cannot be opened, read or written is a named file that cannot be
    /// used (66); a host that is not an IP address, a usage error (64); a port another program
    /// holds, unavailable (69); a host and port that cannot be listened on otherwise, the
    /// system's refusal (1).
    public var errorKind: ErrorKind {
        switch kind {
        case .database: .input(.missing)
        case .notAnAddress: .input(.usage)
        case .portInUse: .environment(.unavailable)
        case .listen: .environment(.refused)
        }
    }
    /// What failed.
    public enum Kind: Sendable {
        /// The SQLite database could not be opened, read or written at start.
        case database
        /// The host to listen on is not an IP address.
        case notAnAddress
        /// The receiver could not listen on its host and port.
        case listen
        /// The port is already in use by another program.
        case portInUse
    }
    /// What failed: the database or listening.
    public var kind: Kind
    /// What failed and what to do, in one line.
    public var message: String
    /// A failure of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
    /// The message.
    public var description: String { message }
}

/// The local push receiver: `POST /api/push`, `POST /api/sandbox/push`,
/// `GET /api/activities`, `GET /healthz`, on H2O's HTTP library with a SQLite store.
/// `@unchecked Sendable`: its parts are constants, each safe to share on its own terms; `running`
/// is changed only by `start` and `stop`, which the owner calls from one thread.
public final class PushReceiverServer: @unchecked Sendable {
    /// The configuration it was made with.
    public let configuration: ReceiverConfiguration
    private let store: PushStore
    private let writer: PushWriter
    private let service: PushService
    private let server: HTTPServer
    private let checkpointer: PushCheckpointer
    private var running = false

    /// Opens the store and loads its state; does not listen yet. A host that is not an address
    /// is refused before the store is made.
    public init(_ configuration: ReceiverConfiguration) throws(ReceiverError) {
        try HTTPServer.checkAddress(configuration.host)
        self.configuration = configuration
        let fixed = configuration.fixedNow
        let clock: @Sendable () -> Int64 = { fixed ?? WallClock.nowMilliseconds() }
        do {
            store = try PushStore(path: configuration.databasePath)
            var ledger = PushLedger(rules: configuration.rules, registry: configuration.registry,
                                    activities: try store.loadActivities(), nonces: try store.loadNonces())
            let added = ledger.addDeviceActivities(now: clock())
            if !added.isEmpty {
                try store.begin()
                for record in added { try store.save(record) }
                try store.commit()
            }
            writer = PushWriter(ledger: ledger, store: store, clock: clock, notice: configuration.notice)
        } catch {
            // SQLITE_BUSY: another process holds the file (the store is one receiver's alone, SQLiteDatabase).
            let busy = error.code & 0xFF == 5
                ? " (another receiver, or another program, has it open; stop it or give this one another database)" : ""
            throw ReceiverError(.database, "cannot use the database \(configuration.databasePath): \(error.message)\(busy)")
        }
        service = PushService(writer: writer, rules: configuration.rules, limits: configuration.http,
                              registry: configuration.registry, clock: clock, fixedClock: fixed != nil,
                              health: configuration.health, databasePath: configuration.databasePath,
                              log: configuration.log, requestLog: configuration.requestLog)
        server = HTTPServer(service: service, limits: configuration.http)
        let writer = self.writer
        checkpointer = PushCheckpointer(path: configuration.databasePath, isLost: { writer.checkFiles() != nil })
    }

    /// Starts the writer and listens.
    public func start() throws(ReceiverError) {
        Self.raiseOpenFileLimit(to: 2 * configuration.http.connectionLimit + 256)
        writer.start()
        checkpointer.start()
        do {
            try server.start(host: configuration.host, port: configuration.port)
        } catch {
            writer.stop()
            checkpointer.stop()
            throw error
        }
        running = true
    }

    /// The port it listens on.
    public var port: Int { server.port }

    /// `http://HOST:PORT`.
    public var baseURL: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)"
    }

    /// Stops accepting, answers what is queued, stops HTTP, and closes the store.
    public func stop() {
        guard running else { return }
        running = false
        service.stopping()
        writer.stop()
        server.stop()
        // Last look while the files are open (closing the last connection removes the WAL).
        _ = writer.checkFiles()
        checkpointer.stop()
        store.close()
    }

    /// Pushes acknowledged since start.
    public var acknowledgedCount: Int { writer.statistics.acknowledged }

    /// Why the store can no longer be used, when its database file was deleted or replaced
    /// after it was opened (nothing is acknowledged since); `nil` while the path names it.
    public var lostStoreReason: String? { writer.statistics.lostFiles }

    /// Connections open now, as the connection limit counts them.
    public var connectionCount: Int { server.connectionCount }

    /// Every connection is a socket: raise the soft limit
    /// on open files towards `wanted`, as far as the hard limit allows.
    static func raiseOpenFileLimit(to wanted: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
        limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// Blocks SIGINT and SIGTERM so that the main thread can wait for them (all threads started
/// afterwards inherit the mask).
public enum ShutdownSignals {
    /// Blocks the signals in the calling thread; call before starting any thread.
    public static func block() {
        var set = signals()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Unblocks them again (after a failed start).
    public static func unblock() {
        var set = signals()
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Waits for SIGINT or SIGTERM and returns its number.
    public static func wait() -> Int32 {
        var set = signals()
        var number: Int32 = 0
        while sigwait(&set, &number) != 0 {}
        return number
    }

    private static func signals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}
