import Foundation

/// The SQLite persistence of the outbox (WAL, `synchronous=FULL`, file mode 0600). Unlike the
/// cache, a store that cannot be read is an error: it holds the user's unsent writes. A single
/// row that cannot be read is not: it is quarantined (`dead_lettered = 2`) with the reason, so the
/// other rows still go out.
final class OutboxStore: Sendable {
    /// The values of the `dead_lettered` column.
    enum State: Int64 {
        case pending = 0
        case deadLettered = 1
        case quarantined = 2
    }

    private let connection: SQLiteConnection

    init(path: String) throws {
        do {
            connection = try SQLiteConnection(path: path, durable: true)
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS outbox_entries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    idempotency_key TEXT NOT NULL UNIQUE,
                    operation TEXT NOT NULL,
                    request BLOB NOT NULL,
                    enqueued_at REAL NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    last_error TEXT,
                    failed_status INTEGER,
                    dead_lettered INTEGER NOT NULL DEFAULT 0
                );
                """)
        } catch {
            throw OutboxError(reason: "\(error)")
        }
    }

    /// Appends an entry and returns it with its id.
    func insert(operationName: String, idempotencyKey: String, request: OutboxRequest, at date: Date) throws
        -> OutboxEntry
    {
        try wrap {
            let encoded = try JSONEncoder().encode(request)
            return try connection.transaction { session -> OutboxEntry in
                try session.run(
                    "INSERT INTO outbox_entries (idempotency_key, operation, request, enqueued_at) VALUES (?, ?, ?, ?)",
                    [.text(idempotencyKey), .text(operationName), .blob(encoded), .double(date.timeIntervalSince1970)])
                var id: Int64 = 0
                try session.query("SELECT last_insert_rowid()") { id = $0.int64(0) }
                return OutboxEntry(
                    id: id, operationName: operationName, idempotencyKey: idempotencyKey, request: request,
                    enqueuedAt: Date(timeIntervalSince1970: date.timeIntervalSince1970), attempts: 0, lastError: nil,
                    failedStatus: nil)
            }
        }
    }

    /// Pending (`deadLettered == false`) or dead-lettered entries in id order. A row whose request
    /// does not decode is quarantined on the way and left out.
    func entries(deadLettered: Bool, limit: Int = Int.max) throws -> [OutboxEntry] {
        try wrap {
            let decoder = JSONDecoder()
            var result: [OutboxEntry] = []
            var unreadable: [(id: Int64, reason: String)] = []
            try connection.perform { session in
                try session.query(
                    """
                    SELECT id, operation, idempotency_key, request, enqueued_at, attempts, last_error, failed_status
                    FROM outbox_entries WHERE dead_lettered = ? ORDER BY id LIMIT ?
                    """,
                    [
                        .integer(deadLettered ? State.deadLettered.rawValue : State.pending.rawValue),
                        .integer(Int64(min(limit, Int(Int64.max))))
                    ]
                ) { row in
                    let request: OutboxRequest
                    do {
                        request = try decoder.decode(OutboxRequest.self, from: row.blob(3))
                    } catch {
                        unreadable.append((row.int64(0), "the stored request cannot be read: \(Self.describe(error))"))
                        return
                    }
                    result.append(
                        OutboxEntry(
                            id: row.int64(0), operationName: row.text(1) ?? "", idempotencyKey: row.text(2) ?? "",
                            request: request, enqueuedAt: Date(timeIntervalSince1970: row.double(4)),
                            attempts: Int(row.int64(5)), lastError: row.text(6),
                            failedStatus: row.text(7).flatMap { Int($0) }))
                }
            }
            for row in unreadable { try quarantine(id: row.id, reason: row.reason) }
            if !unreadable.isEmpty, result.count < limit {
                // The quarantined rows took places within the limit: read again without them.
                return try entries(deadLettered: deadLettered, limit: limit)
            }
            return result
        }
    }

    /// The quarantined rows in id order (their requests are not decoded).
    func quarantined() throws -> [OutboxQuarantinedEntry] {
        try wrap {
            var result: [OutboxQuarantinedEntry] = []
            try connection.perform { session in
                try session.query(
                    "SELECT id, operation, idempotency_key, enqueued_at, last_error FROM outbox_entries WHERE dead_lettered = ? ORDER BY id",
                    [.integer(State.quarantined.rawValue)]
                ) { row in
                    result.append(
                        OutboxQuarantinedEntry(
                            id: row.int64(0), operationName: row.text(1) ?? "", idempotencyKey: row.text(2) ?? "",
                            enqueuedAt: Date(timeIntervalSince1970: row.double(3)), reason: row.text(4) ?? ""))
                }
            }
            return result
        }
    }

    /// Moves a row out of the pending list for good, with the reason.
    func quarantine(id: Int64, reason: String) throws {
        try wrap {
            _ = try connection.perform { session in
                try session.run(
                    "UPDATE outbox_entries SET last_error = ?, dead_lettered = ? WHERE id = ?",
                    [.text(reason), .integer(State.quarantined.rawValue), .integer(id)])
            }
        }
    }

    /// A decoding error in one line (the stored bytes are never shown).
    private static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(type(of: error))" }
        switch decodingError {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "not decodable"
        }
    }

    /// Removes every entry: pending, dead-lettered and quarantined.
    func removeAll() throws {
        try wrap {
            _ = try connection.perform { try $0.run("DELETE FROM outbox_entries", []) }
        }
    }

    /// Removes a delivered (or discarded) entry.
    func remove(id: Int64) throws {
        try wrap {
            _ = try connection.perform { try $0.run("DELETE FROM outbox_entries WHERE id = ?", [.integer(id)]) }
        }
    }

    /// Records a failed attempt; `deadLetter` moves the entry to the dead-letter list.
    func recordFailure(id: Int64, error: String, status: Int?, deadLetter: Bool) throws {
        try wrap {
            _ = try connection.perform { session in
                try session.run(
                    """
                    UPDATE outbox_entries SET attempts = attempts + 1, last_error = ?, failed_status = ?,
                        dead_lettered = ? WHERE id = ?
                    """,
                    [
                        .text(error), status.map { .integer(Int64($0)) } ?? .null, .integer(deadLetter ? 1 : 0),
                        .integer(id)
                    ])
            }
        }
    }

    /// Moves a dead-lettered entry back to the pending list (keeping its position and key).
    func requeue(id: Int64) throws {
        try wrap {
            _ = try connection.perform {
                try $0.run(
                    "UPDATE outbox_entries SET dead_lettered = 0 WHERE id = ? AND dead_lettered = 1", [.integer(id)])
            }
        }
    }

    private func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as OutboxError {
            throw error
        } catch {
            throw OutboxError(reason: "\(error)")
        }
    }
}
