/// A failure reported by SQLite, with the operation that failed. Internal: the cache treats any
/// storage failure as a miss and the outbox surfaces it as `OutboxError.storage`.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The SQLite result code.
    var code: Int32
    /// SQLite's message, or a description of what was attempted.
    var message: String
    /// What the wrapper was doing ("open", "prepare", "step", …).
    var operation: String

    var description: String { "SQLite \(operation) failed (\(code)): \(message)" }
}
