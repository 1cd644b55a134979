import Foundation

/// The persistent tier of the HTTP cache: one SQLite database (WAL, file mode 0600).
///
/// Robustness rules: a file that cannot be opened as a cache database is deleted and created
/// anew; if that fails too, `open` returns nil and the cache runs memory-only. A failing read is
/// a miss, a failing write is dropped — the cache never turns a storage problem into a crash or
/// a failed request.
final class SQLiteCacheStore: Sendable {
    private static let schemaVersion = 3
    let connection: SQLiteConnection
    /// The byte budget for stored entries; least recently used entries are evicted beyond it.
    let capacity: Int
    /// 32 random bytes created with the database: the key of the credential fingerprints
    /// (`CredentialFingerprint`), so partitions are stable across launches but cannot be
    /// precomputed for another device.
    let salt: [UInt8]

    private init(connection: SQLiteConnection, capacity: Int, salt: [UInt8]) {
        self.connection = connection
        self.capacity = capacity
        self.salt = salt
    }

    /// Opens the store at `path`, rebuilding it when the file is corrupt, locked by someone else
    /// beyond the busy timeout, or has another schema — each with a `warn`ing (an older schema is
    /// an expected upgrade and rebuilt silently). Nil, with a warning, when it cannot be created.
    static func open(
        path: String, capacity: Int, busyTimeoutMilliseconds: Int32 = 5_000, warn: (String) -> Void = { _ in }
    ) -> SQLiteCacheStore? {
        let firstError: any Error
        do {
            return try openOnce(path: path, capacity: capacity, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch {
            firstError = error
        }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        do {
            let store = try openOnce(path: path, capacity: capacity, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            warn("the cache database \(path) could not be used (\(firstError)); it was recreated empty")
            return store
        } catch {
            warn("the cache database \(path) cannot be created (\(error)); the cache runs in memory only")
            return nil
        }
    }

    private static func openOnce(path: String, capacity: Int, busyTimeoutMilliseconds: Int32) throws -> SQLiteCacheStore
    {
        let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        var version = 0
        try connection.perform { session in
            try session.query("PRAGMA user_version") { version = Int(clamping: $0.int64(0)) }
        }
        if version != schemaVersion {
            try connection.execute(
                """
                DROP TABLE IF EXISTS cache_entries;
                DROP TABLE IF EXISTS cache_salt;
                CREATE TABLE cache_salt (value BLOB NOT NULL);
                CREATE TABLE cache_entries (
                    storage_key TEXT NOT NULL,
                    variant_key TEXT NOT NULL,
                    account TEXT NOT NULL,
                    url TEXT NOT NULL,
                    operation TEXT NOT NULL DEFAULT '',
                    entry BLOB NOT NULL,
                    body BLOB NOT NULL,
                    cost INTEGER NOT NULL,
                    last_access REAL NOT NULL,
                    PRIMARY KEY (storage_key, variant_key)
                );
                CREATE INDEX cache_entries_access ON cache_entries(last_access);
                CREATE INDEX cache_entries_url ON cache_entries(url);
                CREATE INDEX cache_entries_account ON cache_entries(account);
                CREATE INDEX cache_entries_operation ON cache_entries(operation);
                PRAGMA user_version = \(schemaVersion);
                """)
        }
        return SQLiteCacheStore(connection: connection, capacity: max(0, capacity), salt: try salt(of: connection))
    }

    /// The stored salt, created (32 random bytes) when missing or not 32 bytes long.
    private static func salt(of connection: SQLiteConnection) throws -> [UInt8] {
        try connection.transaction { session in
            var stored: [UInt8] = []
            try session.query("SELECT value FROM cache_salt LIMIT 1") { stored = Array($0.blob(0)) }
            if stored.count == 32 { return stored }
            let fresh = CredentialFingerprint.random().salt
            try session.run("DELETE FROM cache_salt")
            try session.run("INSERT INTO cache_salt (value) VALUES (?)", [.blob(Data(fresh))])
            return fresh
        }
    }

    /// How stale a row's access time may get before a read refreshes it: reads stay reads
    /// (no WAL commit) on hot entries, and LRU order is still right to the minute.
    static let accessTimeResolution: TimeInterval = 60

    /// The stored variants for `key`; empty on any read failure. A malformed row (`CacheEntry.stored`)
    /// is skipped.
    func entries(for key: CacheKey) -> [CacheEntry] {
        let decoder = JSONDecoder()
        let now = Date().timeIntervalSince1970
        var result: [CacheEntry] = []
        var needsTouch = false
        _ = try? connection.perform { session in
            try session.query(
                "SELECT entry, body, last_access FROM cache_entries WHERE storage_key = ?", [.text(key.storageKey)]
            ) { row in
                guard
                    let entry = CacheEntry.stored(
                        metadata: row.blob(0), body: row.blob(1), filedUnder: key, decoder: decoder)
                else { return }
                result.append(entry)
                if now - row.double(2) > Self.accessTimeResolution { needsTouch = true }
            }
            if needsTouch {
                try session.run(
                    "UPDATE cache_entries SET last_access = ? WHERE storage_key = ?",
                    [.double(now), .text(key.storageKey)])
            }
        }
        return result
    }

    /// Stores `entry` (replacing its variant) and evicts the least recently used entries
    /// beyond `capacity`. An entry larger than the capacity is not stored, and the older copy of
    /// its variant is removed: it is no longer what the server says (a later read must not serve it).
    func insert(_ entry: CacheEntry) {
        var metadata = entry
        metadata.body = Data()
        guard entry.cost <= capacity, let encoded = try? JSONEncoder().encode(metadata) else {
            _ = try? connection.perform { session in
                try session.run(
                    "DELETE FROM cache_entries WHERE storage_key = ? AND variant_key = ?",
                    [.text(entry.key.storageKey), .text(entry.variant.storageKey)])
            }
            return
        }
        try? connection.transaction { session in
            try session.run(
                """
                INSERT OR REPLACE INTO cache_entries
                    (storage_key, variant_key, account, url, operation, entry, body, cost, last_access)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(entry.key.storageKey), .text(entry.variant.storageKey), .text(entry.key.account),
                    .text(entry.key.url), .text(entry.operation ?? ""), .blob(encoded), .blob(entry.body),
                    .integer(Int64(entry.cost)),
                    .double(Date().timeIntervalSince1970)
                ])
            // Costs are read as doubles, and negative ones as 0: a tampered `cost` column can
            // neither overflow the sum (SUM would fail, Int64 arithmetic would trap) nor hide
            // other rows from eviction.
            var total = 0.0
            try session.query("SELECT TOTAL(MAX(cost, 0)) FROM cache_entries") { total = $0.double(0) }
            guard total > Double(capacity) else { return }
            var victims: [(String, String)] = []
            try session.query(
                "SELECT storage_key, variant_key, MAX(cost, 0) FROM cache_entries ORDER BY last_access ASC"
            ) { row in
                guard total > Double(capacity) else { return }
                victims.append((row.text(0) ?? "", row.text(1) ?? ""))
                total -= row.double(2)
            }
            for (storageKey, variantKey) in victims {
                try session.run(
                    "DELETE FROM cache_entries WHERE storage_key = ? AND variant_key = ?",
                    [.text(storageKey), .text(variantKey)])
            }
        }
    }

    /// The number of stored entries and their total cost (for tests and diagnostics).
    func statistics() -> (count: Int, cost: Int) {
        var result = (count: 0, cost: 0)
        _ = try? connection.perform { session in
            try session.query("SELECT COUNT(*), TOTAL(MAX(cost, 0)) FROM cache_entries") { row in
                result = (Int(clamping: row.int64(0)), Int(min(row.double(1), 9e15)))
            }
        }
        return result
    }
}
