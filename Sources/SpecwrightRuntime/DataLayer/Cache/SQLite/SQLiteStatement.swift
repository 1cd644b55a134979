import Foundation
#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A value bound to a statement parameter.
enum SQLiteValue: Sendable {
    case integer(Int64)
    case double(Double)
    case text(String)
    case blob(Data)
    case null
}

/// A prepared statement; finalized when released. The connection caches it and uses it only
/// under its lock; `reset()` after every use ends its read transaction and clears its bindings.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: OpaquePointer

    init(statement: OpaquePointer, connection: OpaquePointer) {
        self.statement = statement
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Makes the statement ready for the next use (ends any open read, clears bindings).
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// Binds `values` to parameters 1…n.
    func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case let .integer(number): status = sqlite3_bind_int64(statement, index, number)
            case let .double(number): status = sqlite3_bind_double(statement, index, number)
            case let .text(text): status = sqlite3_bind_text(statement, index, text, -1, sqliteTransient)
            case let .blob(data):
                status = data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob64(
                        statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), sqliteTransient)
                }
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else {
                throw SQLiteError(code: status, message: String(cString: sqlite3_errmsg(connection)), operation: "bind")
            }
        }
    }

    /// Advances to the next row: `true` when a row is available, `false` when done.
    func step() throws -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw SQLiteError(code: status, message: String(cString: sqlite3_errmsg(connection)), operation: "step")
        }
    }

    fileprivate var raw: OpaquePointer { statement }
}

/// The current row of a statement; columns are read by index.
struct SQLiteRow {
    fileprivate let statement: SQLiteStatement

    init(statement: SQLiteStatement) {
        self.statement = statement
    }

    /// The column as an integer (0 for NULL).
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement.raw, column) }

    /// The column as a double (0 for NULL).
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement.raw, column) }

    /// The column as text, or nil for NULL.
    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement.raw, column) else { return nil }
        return String(cString: pointer)
    }

    /// The column as bytes (empty for NULL or a zero-length blob).
    func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement.raw, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement.raw, column) else { return Data() }
        return Data(bytes: pointer, count: count)
    }
}
