import CSQLite
import ErrorKinds

/// A SQLite failure, with SQLite's own message.
public struct SQLiteError: KindedError, Sendable, CustomStringConvertible {
    /// The named database cannot be used, as the receiver reports it at start (66).
    public var errorKind: ErrorKind { .input(.missing) }
    /// SQLite's result code.
    public var code: Int32
    /// SQLite's message (`sqlite3_errmsg`).
    public var message: String
    /// `SQLite error CODE: MESSAGE`.
    public var description: String { "SQLite error \(code): \(message)" }
}

/// One SQLite connection. Not thread-safe: one owner at a time (the receiver's writer).
/// The only file in the store that touches SQLite's C pointers.
///
/// Opened with SQLite's `unix-excl` VFS: the first connection of the process takes a lock on
/// the database file that other processes cannot share (a second receiver on the same file
/// gets "database is locked" at start), and the WAL index lives in this process's heap,
/// shared by its connections (the writer's and the checkpointer's), instead of in a `-shm`
/// file mapped into memory. A mapped file that cannot be written (made immutable, on a file
/// system gone read-only) makes the next store to the mapping a SIGBUS that kills the
/// receiver with no answer; with the index in the heap there is no such mapping, and every
/// file the store writes is written with `write`, whose failure is an error (P11).
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    /// The VFS every connection of the receiver uses.
    static let vfs = "unix-excl"

    init(path: String) throws(SQLiteError) {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, Self.vfs)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            handle = nil
            throw SQLiteError(code: status, message: "\(message) (\(path))")
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one or more statements without results.
    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw SQLiteError(code: status, message: message)
        }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw SQLiteError(code: status, message: lastMessage) }
        return SQLiteStatement(statement, database: self)
    }

    var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}

/// A prepared statement, reset before every use.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let database: SQLiteDatabase

    fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// A bindable value.
    enum Value {
        case integer(Int64)
        case text(String)
        case null
    }

    /// Binds values to `?1…?n` after a reset.
    func bind(_ values: [Value]) throws(SQLiteError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(statement, position, number)
            case .text(let text):
                // Every byte, with its length: a NUL inside the text (a nonce "n\u{0}B") is part of it,
                // where a C string would end there and store "n" (P6 compares nonces byte for byte).
                var copy = text
                status = copy.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { characters in
                        // An empty text is "", not NULL (what a nil pointer binds).
                        guard let start = characters.baseAddress, !characters.isEmpty else {
                            return sqlite3_bind_text(statement, position, "", 0, widgethost_sqlite_transient)
                        }
                        return sqlite3_bind_text(statement, position, start, Int32(characters.count), widgethost_sqlite_transient)
                    }
                }
            case .null: status = sqlite3_bind_null(statement, position)
            }
            guard status == SQLITE_OK else { throw SQLiteError(code: status, message: database.lastMessage) }
        }
    }

    /// Steps once: `true` when a row is ready, `false` when done.
    func step() throws(SQLiteError) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: status, message: database.lastMessage)
            sqlite3_reset(statement)
            throw error
        }
    }

    /// Binds and runs a statement that returns no rows.
    func run(_ values: [Value]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(statement)
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    /// The column's text, every byte of it (`sqlite3_column_bytes`), NULs included.
    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }
}
