import Foundation
import Testing
@testable import SpecwrightRuntime

/// Issue #15 point 6: a cache file that cannot be used — corrupt, locked by someone else, or
/// impossible to create — never crashes or fails a request: it is recreated (or the cache runs
/// in memory), and the app hears about it through the log sink.
@Suite("HTTP cache storage: unusable files are recreated with a warning")
struct CacheStorageWarningTests {
    private func entry(_ path: String) -> CacheEntry {
        makeCacheEntry(
            ["Cache-Control": "max-age=60"], body: "stored", received: Date(), url: "http://127.0.0.1/\(path)")
    }

    private func cache(_ file: URL, warnings: Locked<[String]>, busyTimeout: Int32 = 5_000) -> HTTPCache {
        HTTPCache(
            fileURL: file, memoryCapacity: HTTPCache.defaultMemoryCapacity, diskCapacity: HTTPCache.defaultDiskCapacity,
            log: ClosureLogSink { entry in warnings.withLock { $0.append(entry.message) } },
            busyTimeoutMilliseconds: busyTimeout)
    }

    @Test func aCorruptFileIsRecreatedWithOneWarning() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        try Data(repeating: 0xAB, count: 8192).write(to: file)
        let warnings = Locked<[String]>([])
        let cache = cache(file, warnings: warnings)
        #expect(cache.isPersistent)
        #expect(warnings.value.count == 1)
        #expect(warnings.value.first?.contains("recreated") == true)
        cache.store(entry("after"))
        let reopened = Locked<[String]>([])
        #expect(self.cache(file, warnings: reopened).lookup(entry("after").key, requestHeaders: [:]) != nil)
        #expect(reopened.value.isEmpty)  // a healthy file: no warning
    }

    @Test func aFileLockedBySomeoneElseIsRecreatedWithAWarning() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        HTTPCache(fileURL: file).store(entry("before"))
        // Another connection (another process, in an app: an extension) holds the file exclusively.
        let holder = try SQLiteConnection(path: file.path)
        try holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        try holder.execute("BEGIN EXCLUSIVE")
        defer { try? holder.execute("COMMIT") }

        let warnings = Locked<[String]>([])
        let cache = cache(file, warnings: warnings, busyTimeout: 50)
        #expect(cache.isPersistent)
        #expect(warnings.value.count == 1)
        cache.store(entry("after"))
        #expect(cache.lookup(entry("after").key, requestHeaders: [:]) != nil)
    }

    @Test func anUncreatableFileRunsInMemoryWithAWarning() {
        let warnings = Locked<[String]>([])
        let cache = cache(URL(fileURLWithPath: "/proc/specwright-cannot-exist/http.sqlite"), warnings: warnings)
        #expect(!cache.isPersistent)
        #expect(warnings.value.count == 1)
        #expect(warnings.value.first?.contains("memory only") == true)
    }
}
