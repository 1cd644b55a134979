import Foundation

/// Removing rows: by key, URL, operation, URL prefix or account. A failing delete is dropped
/// (like every write of the store); the memory tier is cleared by the caller either way.
extension SQLiteCacheStore {
    /// Removes every variant of `key`.
    func remove(_ key: CacheKey) {
        _ = try? connection.perform { session in
            try session.run("DELETE FROM cache_entries WHERE storage_key = ?", [.text(key.storageKey)])
        }
    }

    /// Removes the entries for `url` in every account.
    func removeAll(url: String) {
        _ = try? connection.perform { session in
            try session.run("DELETE FROM cache_entries WHERE url = ?", [.text(url)])
        }
    }

    /// Removes the entries of `account`, or every entry when `account` is nil.
    func removeAll(account: String?) {
        _ = try? connection.perform { session in
            if let account {
                try session.run("DELETE FROM cache_entries WHERE account = ?", [.text(account)])
            } else {
                try session.run("DELETE FROM cache_entries")
            }
        }
    }

    /// Removes the entries stored by `operation`, in every account.
    func removeAll(operation: String) {
        _ = try? connection.perform { session in
            try session.run("DELETE FROM cache_entries WHERE operation = ?", [.text(operation)])
        }
    }

    /// Removes the entries whose URL is `prefix` or continues it with `/`, `?` or `#`
    /// (`HTTPCache.url(_:isBelow:)`), in every account. Compared with `substr`, so `%` and `_`
    /// in the prefix are not `LIKE` wildcards.
    func removeAll(urlPrefix prefix: String) {
        let length = Int64(prefix.utf8.count)
        _ = try? connection.perform { session in
            try session.run(
                """
                DELETE FROM cache_entries WHERE url = ?1
                    OR (CAST(substr(CAST(url AS BLOB), 1, ?2) AS TEXT) = ?1
                        AND CAST(substr(CAST(url AS BLOB), ?2 + 1, 1) AS TEXT) IN ('/', '?', '#'))
                """,
                [.text(prefix), .integer(length)])
        }
    }
}
