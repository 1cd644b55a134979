import Foundation
#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// `SQLITE_TRANSIENT`: tells SQLite to copy bound text and blobs (the C macro is not imported).
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite database connection, used by the HTTP cache and the outbox.
///
/// `@unchecked Sendable`: the raw handle is only touched inside `lock.withLock`, so calls from
/// several threads are serialized; statements never escape a `perform` block.
final class SQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSLock()
    /// Prepared statements by SQL text, reused (reset) across calls; only touched under `lock`.
    private var statements: [String: SQLiteStatement] = [:]
    /// The file this connection has open.
    let path: String

    /// Opens (creating if needed) the database at `path` with owner-only permissions (0600), in
    /// WAL mode, and checks that the file really is a readable SQLite database. `durable` selects
    /// `synchronous=FULL` (a commit survives power loss: the outbox) instead of `NORMAL` (a commit
    /// survives process death: the cache).
    init(path: String, durable: Bool = false, busyTimeoutMilliseconds: Int32 = 5_000) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        if !FileManager.default.fileExists(atPath: path) {
            // Created empty with 0600 before SQLite opens it, so it is never world-readable.
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        var raw: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(path, &raw, flags, nil)
        guard status == SQLITE_OK, let raw else {
            let message = raw.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let raw { sqlite3_close_v2(raw) }
            throw SQLiteError(code: status, message: message, operation: "open \(path)")
        }
        handle = raw
        sqlite3_busy_timeout(raw, busyTimeoutMilliseconds)
        do {
            // Reading the schema fails on a file that is not a database ("file is not a database").
            try execute("PRAGMA journal_mode=WAL")
            try execute(durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL")
            try execute("SELECT count(*) FROM sqlite_master")
        } catch {
            sqlite3_close_v2(raw)
            throw error
        }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path + suffix)
        }
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that take no parameters and return no rows of interest.
    func execute(_ sql: String) throws {
        try lock.withLock { try executeLocked(sql) }
    }

    /// Runs `body` with exclusive use of the connection (for multi-statement work).
    func perform<T>(_ body: (SQLiteSession) throws -> T) throws -> T {
        try lock.withLock { try body(SQLiteSession(connection: self)) }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back when it throws.
    func transaction<T>(_ body: (SQLiteSession) throws -> T) throws -> T {
        try lock.withLock {
            try executeLocked("BEGIN IMMEDIATE")
            do {
                let value = try body(SQLiteSession(connection: self))
                try executeLocked("COMMIT")
                return value
            } catch {
                try? executeLocked("ROLLBACK")
                throw error
            }
        }
    }

    fileprivate func executeLocked(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? errorMessage
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text, operation: "execute")
        }
    }

    fileprivate func prepareLocked(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw SQLiteError(code: status, message: errorMessage, operation: "prepare")
        }
        let prepared = SQLiteStatement(statement: statement, connection: handle)
        statements[sql] = prepared
        return prepared
    }

    fileprivate var changesLocked: Int { Int(sqlite3_changes(handle)) }

    private var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }
}

/// Exclusive access to a connection for the duration of a `perform` or `transaction` block.
struct SQLiteSession {
    fileprivate let connection: SQLiteConnection

    /// Prepares `sql`, binds `arguments` in order, and calls `row` for every result row.
    func query(_ sql: String, _ arguments: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void) throws {
        let statement = try connection.prepareLocked(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {
            try row(SQLiteRow(statement: statement))
        }
    }

    /// Runs a statement that returns no rows; returns the number of rows it changed.
    @discardableResult
    func run(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> Int {
        let statement = try connection.prepareLocked(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {}
        return connection.changesLocked
    }

    /// Runs statements without parameters.
    func execute(_ sql: String) throws {
        try connection.executeLocked(sql)
    }
}
