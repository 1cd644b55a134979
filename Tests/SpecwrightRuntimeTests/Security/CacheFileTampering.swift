import Foundation
@testable import SpecwrightRuntime

/// Edits a cache database file with SQL, as someone with access to the file could: the rows a
/// test crafts are written with SQLite itself, not through the cache's own API.
enum CacheFileTampering {
    /// Runs `sql` with `arguments` on the database at `file`.
    static func run(_ file: URL, _ sql: String, _ arguments: [SQLiteValue] = []) throws {
        let connection = try SQLiteConnection(path: file.path)
        try connection.perform { session in _ = try session.run(sql, arguments) }
    }

    /// Rewrites the JSON metadata (status, headers, request and response times …) of every row.
    static func editEntries(_ file: URL, _ edit: (inout [String: Any]) -> Void) throws {
        let connection = try SQLiteConnection(path: file.path)
        var rows: [(storageKey: String, variantKey: String, entry: Data)] = []
        try connection.perform { session in
            try session.query("SELECT storage_key, variant_key, entry FROM cache_entries") { row in
                rows.append((row.text(0) ?? "", row.text(1) ?? "", row.blob(2)))
            }
        }
        for row in rows {
            var object = try JSONSerialization.jsonObject(with: row.entry) as? [String: Any] ?? [:]
            edit(&object)
            let data = try JSONSerialization.data(withJSONObject: object)
            try connection.perform { session in
                _ = try session.run(
                    "UPDATE cache_entries SET entry = ? WHERE storage_key = ? AND variant_key = ?",
                    [.blob(data), .text(row.storageKey), .text(row.variantKey)])
            }
        }
    }

    /// The keys of the stored rows.
    static func keys(_ file: URL) throws -> [CacheKey] {
        let connection = try SQLiteConnection(path: file.path)
        var keys: [CacheKey] = []
        try connection.perform { session in
            try session.query("SELECT account, url FROM cache_entries") { row in
                keys.append(CacheKey(account: row.text(0) ?? "", url: row.text(1) ?? ""))
            }
        }
        return keys
    }
}
