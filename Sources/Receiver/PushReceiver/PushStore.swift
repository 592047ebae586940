import JSONKit
import PushContract

/// The receiver's durable state in SQLite (WAL, `synchronous=FULL`): every acknowledged
/// push, the nonces in the replay window, and each widget's latest activity (P11, P12).
///
/// Used by one thread at a time (the writer). A push is acknowledged only after the
/// transaction that stores it commits, and a commit in WAL mode with `synchronous=FULL`
/// has reached the disk, so a process killed at any moment (or a machine losing power)
/// keeps every acknowledged push. The files it opened are known by device and inode
/// (``files``), so that a database deleted or replaced underneath is noticed.
public final class PushStore {
    private let database: SQLiteDatabase
    private let insertPush: SQLiteStatement
    private let insertNonce: SQLiteStatement
    private let upsertActivity: SQLiteStatement
    private let deleteNonces: SQLiteStatement
    /// The SQLite database file.
    public let path: String
    /// The database file and its WAL as opened, to tell whether the path still names them.
    let files: StoreFiles

    /// Opens (creating when needed) the database at `path`.
    public init(path: String) throws(SQLiteError) {
        self.path = path
        database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA busy_timeout = 5000")
        // No memory mapping of the database file: a file changed underneath a mapping (truncated,
        // made immutable) is a SIGBUS at the next access, where a read or write is an error.
        try database.execute("PRAGMA mmap_size = 0")
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute("PRAGMA synchronous = FULL")
        // Checkpoints run on their own connection (PushCheckpointer), off the commit path.
        try database.execute("PRAGMA wal_autocheckpoint = 0")
        try Self.check(database, path: path)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS pushes (
              id INTEGER PRIMARY KEY,
              received_at INTEGER NOT NULL,
              path TEXT NOT NULL,
              user_id TEXT NOT NULL,
              widget_id TEXT NOT NULL,
              type TEXT NOT NULL,
              timestamp INTEGER NOT NULL,
              nonce TEXT NOT NULL,
              status TEXT NOT NULL,
              reason TEXT,
              activity_number INTEGER,
              body TEXT NOT NULL,
              payload TEXT NOT NULL
            );
            CREATE TABLE IF NOT EXISTS nonces (
              user_id TEXT NOT NULL,
              nonce TEXT NOT NULL,
              timestamp INTEGER NOT NULL,
              push_id INTEGER NOT NULL,
              PRIMARY KEY (user_id, nonce)
            ) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS activities (
              user_id TEXT NOT NULL,
              widget_id TEXT NOT NULL,
              number INTEGER NOT NULL,
              started_by TEXT NOT NULL,
              started_at INTEGER NOT NULL,
              ended_at INTEGER,
              ending TEXT,
              content TEXT NOT NULL,
              is_loading INTEGER NOT NULL,
              last_timestamp INTEGER NOT NULL,
              update_count INTEGER NOT NULL,
              last_nonce TEXT,
              last_path TEXT,
              PRIMARY KEY (user_id, widget_id)
            ) WITHOUT ROWID;
            """)
        insertPush = try database.prepare("""
            INSERT INTO pushes (received_at, path, user_id, widget_id, type, timestamp, nonce, status, reason,
                                activity_number, body, payload)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
            """)
        insertNonce = try database.prepare("INSERT INTO nonces (user_id, nonce, timestamp, push_id) VALUES (?1, ?2, ?3, ?4)")
        upsertActivity = try database.prepare("""
            INSERT OR REPLACE INTO activities (user_id, widget_id, number, started_by, started_at, ended_at, ending,
                                               content, is_loading, last_timestamp, update_count, last_nonce, last_path)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            """)
        deleteNonces = try database.prepare("DELETE FROM nonces WHERE timestamp < ?1")
        files = StoreFiles(path: path)
    }

    /// Checks the whole database before it is used (`PRAGMA quick_check`: every page of every
    /// table and index well formed, in time linear in its size): a database cut or overwritten
    /// underneath, or damaged on disk, is refused, never served (P11).
    private static func check(_ database: SQLiteDatabase, path: String) throws(SQLiteError) {
        var findings: [String] = []
        do {
            let statement = try database.prepare("PRAGMA quick_check(3)")
            try statement.bind([])
            while try statement.step() { findings.append(statement.text(0)) }
        } catch {
            // A page too damaged to walk ends the check with SQLite's error.
            findings.append(error.message)
        }
        guard findings != ["ok"] else { return }
        throw SQLiteError(
            code: 11,  // SQLITE_CORRUPT
            message: "the database is damaged (PRAGMA quick_check: \(findings.joined(separator: "; "))), so the receiver does not serve it; restore \(path) from a copy, or move it away to start with an empty one")
    }

    /// Closes the database; the store is not used after.
    public func close() { database.close() }

    /// Starts a write transaction (`BEGIN IMMEDIATE`: it takes the write lock at once).
    public func begin() throws(SQLiteError) { try database.execute("BEGIN IMMEDIATE") }
    /// Commits the transaction; once it returns, what it stored is durable.
    public func commit() throws(SQLiteError) { try database.execute("COMMIT") }
    /// Abandons the transaction, if any; a failure to roll back is ignored.
    public func rollback() { try? database.execute("ROLLBACK") }

    /// Stores an acknowledged push as ``PushOutcome/storeWrite`` says: its row, its nonce and
    /// the activity it changed. Throws a constraint error when the nonce is already stored.
    public func record(_ outcome: PushOutcome, body: String) throws(SQLiteError) {
        guard let write = outcome.storeWrite else { return }
        try insertPush.run([
            .integer(write.receivedAt), .text(write.path.rawValue), .text(write.userID), .text(write.widgetID),
            .text(write.type.rawValue), .integer(write.timestamp), .text(write.nonce),
            .text(write.status.rawValue), write.reason.map { .text($0.rawValue) } ?? .null,
            write.activityNumber.map { .integer(Int64($0)) } ?? .null, .text(body), .text(write.payload),
        ])
        let pushID = database.lastInsertRowID
        try insertNonce.run([.text(write.userID), .text(write.nonce), .integer(write.timestamp), .integer(pushID)])
        if let activity = write.activity { try save(activity) }
    }

    /// Writes an activity row.
    public func save(_ activity: ActivityRecord) throws(SQLiteError) {
        try upsertActivity.run([
            .text(activity.key.userID), .text(activity.key.widgetID), .integer(Int64(activity.number)),
            .text(activity.startedBy.rawValue), .integer(activity.startedAt),
            activity.endedAt.map { .integer($0) } ?? .null, activity.ending.map { .text($0.rawValue) } ?? .null,
            .text(JSONValue.object(activity.content).serialized()), .integer(activity.isLoading ? 1 : 0),
            .integer(activity.lastTimestamp), .integer(Int64(activity.updateCount)),
            activity.lastNonce.map { .text($0) } ?? .null, activity.lastPath.map { .text($0.rawValue) } ?? .null,
        ])
    }

    /// Deletes nonces whose push timestamp is below `cutoff` (seconds).
    public func pruneNonces(before cutoff: Int64) throws(SQLiteError) {
        try deleteNonces.run([.integer(cutoff)])
    }

    /// Every stored activity.
    public func loadActivities() throws(SQLiteError) -> [ActivityRecord] {
        let statement = try database.prepare("""
            SELECT user_id, widget_id, number, started_by, started_at, ended_at, ending, content, is_loading,
                   last_timestamp, update_count, last_nonce, last_path FROM activities
            """)
        try statement.bind([])
        var records: [ActivityRecord] = []
        while try statement.step() {
            let content = (try? JSONValue.parse(statement.text(7)))?.objectValue ?? [:]
            records.append(ActivityRecord(
                key: ActivityKey(userID: statement.text(0), widgetID: statement.text(1)),
                number: Int(statement.integer(2)),
                startedBy: ActivityRecord.StartedBy(rawValue: statement.text(3)) ?? .push,
                startedAt: statement.integer(4), endedAt: statement.optionalInteger(5),
                ending: statement.optionalText(6).flatMap(ActivityRecord.Ending.init(rawValue:)),
                content: content, isLoading: statement.integer(8) != 0, lastTimestamp: statement.integer(9),
                updateCount: Int(statement.integer(10)), lastNonce: statement.optionalText(11),
                lastPath: statement.optionalText(12).flatMap(PushPath.init(rawValue:))))
        }
        return records
    }

    /// Every stored nonce with its push timestamp.
    public func loadNonces() throws(SQLiteError) -> [(PushLedger.NonceKey, Int64)] {
        let statement = try database.prepare("SELECT user_id, nonce, timestamp FROM nonces")
        try statement.bind([])
        var nonces: [(PushLedger.NonceKey, Int64)] = []
        while try statement.step() {
            nonces.append((PushLedger.NonceKey(userID: statement.text(0), nonce: statement.text(1)), statement.integer(2)))
        }
        return nonces
    }

    /// One stored push, as tests and tools read it back.
    public struct StoredPush: Sendable, Hashable {
        /// The row id, in the order pushes were stored.
        public var id: Int64
        /// When the receiver got it, epoch ms.
        public var receivedAt: Int64
        /// `/api/push` or `/api/sandbox/push`.
        public var path: String
        /// The request's `user_id` (the Push ID).
        public var userID: String
        /// The request's `widget_id`.
        public var widgetID: String
        /// `start`, `update` or `end`.
        public var type: String
        /// The request's `timestamp`, epoch seconds.
        public var timestamp: Int64
        /// The request's `nonce`.
        public var nonce: String
        /// The outcome: `accepted`, `ignored` or `refused` (`PushOutcome.Status`).
        public var status: String
        /// The reason code (`PushReason`), `nil` when the outcome has none.
        public var reason: String?
        /// The request body as received.
        public var body: String
    }

    /// Every stored push in arrival order.
    public func loadPushes() throws(SQLiteError) -> [StoredPush] {
        let statement = try database.prepare("""
            SELECT id, received_at, path, user_id, widget_id, type, timestamp, nonce, status, reason, body
            FROM pushes ORDER BY id
            """)
        try statement.bind([])
        var pushes: [StoredPush] = []
        while try statement.step() {
            pushes.append(StoredPush(
                id: statement.integer(0), receivedAt: statement.integer(1), path: statement.text(2),
                userID: statement.text(3), widgetID: statement.text(4), type: statement.text(5),
                timestamp: statement.integer(6), nonce: statement.text(7), status: statement.text(8),
                reason: statement.optionalText(9), body: statement.text(10)))
        }
        return pushes
    }

    /// The number of stored pushes.
    public func pushCount() throws(SQLiteError) -> Int {
        let statement = try database.prepare("SELECT count(*) FROM pushes")
        try statement.bind([])
        _ = try statement.step()
        return Int(statement.integer(0))
    }
}
