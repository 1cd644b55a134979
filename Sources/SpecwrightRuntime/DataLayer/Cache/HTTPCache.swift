import Foundation

/// The runtime's own HTTP cache (Linux's `URLSession` ignores `URLCache`): an in-memory LRU
/// bounded by bytes in front of an optional persistent SQLite store.
///
/// Entries are partitioned by the account identity the client supplies or, without one, by a keyed
/// hash of the credentials a request carries, so one user's responses are never served to another;
/// call `removeAll(for:)` on logout (or `removeAll()` when no identity is configured). Share one instance per
/// database file: two instances on the same file work (SQLite locks) but keep separate memory tiers.
public final class HTTPCache: Sendable {
    /// Default memory budget: 10 MiB, enough for a few hundred typical JSON responses.
    public static let defaultMemoryCapacity = 10 * 1024 * 1024
    /// Default disk budget: 50 MiB, the order of magnitude `URLCache.shared` uses on Apple platforms.
    public static let defaultDiskCapacity = 50 * 1024 * 1024

    let memory: MemoryCacheStore
    let disk: SQLiteCacheStore?
    /// Keyed hashes of credentials, salted with the store's random salt (kept in the database, so
    /// partitions survive a relaunch; a memory-only cache uses a random salt per instance).
    let fingerprint: CredentialFingerprint
    /// What observers (`APIClient.observe`) hear about stores and removals.
    let changes = CacheChanges()
    /// Elements of cacheable batch endpoints by id (`APIClient.loadBatch` with `BatchReuse`).
    let batchElements = BatchElementStore()
    /// Recent removals: an answer fetched while one of them covered it is not stored.
    let removals = CacheRemovalLog()

    /// A cache persisted in the SQLite database at `fileURL` (created with mode 0600). A file that
    /// cannot be used — corrupt, not a database, or locked by another process for longer than
    /// SQLite's 5 s busy timeout — is deleted and recreated empty, and a warning goes to `log`;
    /// when the file cannot be created at all, the cache runs memory-only (`isPersistent` is
    /// false), also with a warning. Never a crash and never a failed request.
    public convenience init(
        fileURL: URL, memoryCapacity: Int = HTTPCache.defaultMemoryCapacity,
        diskCapacity: Int = HTTPCache.defaultDiskCapacity, log: any LogSink = PlatformLogSink()
    ) {
        self.init(
            fileURL: fileURL, memoryCapacity: memoryCapacity, diskCapacity: diskCapacity, log: log,
            busyTimeoutMilliseconds: 5_000)
    }

    /// `init(fileURL:…)` with another busy timeout (tests of a locked file).
    init(fileURL: URL, memoryCapacity: Int, diskCapacity: Int, log: any LogSink, busyTimeoutMilliseconds: Int32) {
        memory = MemoryCacheStore(capacity: memoryCapacity)
        disk = SQLiteCacheStore.open(
            path: fileURL.path, capacity: diskCapacity, busyTimeoutMilliseconds: busyTimeoutMilliseconds
        ) {
            log.log(LogEntry(level: .error, operationName: "HTTPCache", message: "warning: " + $0))
        }
        fingerprint = disk.map { CredentialFingerprint(salt: $0.salt) } ?? .random()
    }

    /// A memory-only cache.
    public init(memoryCapacity: Int = HTTPCache.defaultMemoryCapacity) {
        memory = MemoryCacheStore(capacity: memoryCapacity)
        disk = nil
        fingerprint = .random()
    }

    /// Whether responses survive the process (the SQLite store is open).
    public var isPersistent: Bool { disk != nil }

    /// Removes every stored response of `account` (call it on logout).
    public func removeAll(for account: String) {
        removals.remove(.account(account)) {
            memory.removeAll { $0.account == account }
            disk?.removeAll(account: account)
            batchElements.removeAll(partition: account)
        }
        changes.publish(.removed, url: nil)
    }

    /// Removes every stored response of every account.
    public func removeAll() {
        removals.remove(.everything) {
            memory.removeAll { _ in true }
            disk?.removeAll(account: nil)
            batchElements.removeAll(partition: nil)
        }
        changes.publish(.removed, url: nil)
    }

    /// The stored response for `key` whose `Vary` matches `requestHeaders`, and the tier it came
    /// from. A disk hit is copied into memory.
    func lookup(_ key: CacheKey, requestHeaders: [String: String]) -> (entry: CacheEntry, tier: CacheTier)? {
        if let entry = Self.newest(memory.entries(for: key), matching: requestHeaders) {
            return (entry, .memory)
        }
        guard let disk, let entry = Self.newest(disk.entries(for: key), matching: requestHeaders) else {
            return nil
        }
        memory.insert(entry)
        return (entry, .disk)
    }

    /// Stores `entry` in both tiers (write-through), without the fields a cache never keeps
    /// (`CacheEntry.unstoredFieldNames`: cookies).
    func store(_ entry: CacheEntry) {
        let entry = entry.storable
        memory.insert(entry)
        disk?.insert(entry)
        changes.publish(.stored, url: entry.key.url)
    }

    /// Stores `entry` unless a removal since `mark` (taken before its request was sent) covers it:
    /// an answer on its way during a sign-out or an invalidation is not stored over the removal.
    /// Returns whether it was stored. Cookies are never stored (`CacheEntry.unstoredFieldNames`).
    @discardableResult
    func store(_ entry: CacheEntry, ifNotRemovedSince mark: CacheRemovalLog.Mark) -> Bool {
        let entry = entry.storable
        let stored = removals.store(
            ifNotRemovedSince: mark, coveredBy: { $0.covers(entry.key, operation: entry.operation) }
        ) {
            memory.insert(entry)
            disk?.insert(entry)
        }
        if stored { changes.publish(.stored, url: entry.key.url) }
        return stored
    }

    /// Removes every variant of `key` from both tiers.
    func remove(_ key: CacheKey) {
        removals.remove(.key(key)) {
            memory.remove(key)
            disk?.remove(key)
        }
        changes.publish(.removed, url: key.url)
    }

    /// Removes `url` in every account (after an unsafe method changed the resource).
    func invalidate(url: String) {
        removals.remove(.url(url)) {
            memory.removeAll { $0.url == url }
            disk?.removeAll(url: url)
            batchElements.removeAll(partition: nil)  // elements are filed by id, not URL
        }
        changes.publish(.removed, url: url)
    }

    private static func newest(_ entries: [CacheEntry], matching headers: [String: String]) -> CacheEntry? {
        entries.filter { $0.variant.matches(headers) }.max { $0.responseTime < $1.responseTime }
    }
}

/// Where a cache hit was found.
enum CacheTier: Sendable {
    case memory
    case disk
}
