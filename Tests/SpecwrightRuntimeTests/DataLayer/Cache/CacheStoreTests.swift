import Foundation
import Testing
@testable import SpecwrightRuntime

/// A fresh temporary directory for one test.
func makeTemporaryDirectory(_ name: String = "cache") -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("specwright-data-\(name)-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite("HTTP cache storage")
struct CacheStoreTests {
    let now = Date()

    private func entry(_ path: String, account: String = "", bytes: Int = 100) -> CacheEntry {
        makeCacheEntry(
            ["Cache-Control": "max-age=60"], body: String(repeating: "x", count: bytes), received: now,
            account: account, url: "http://127.0.0.1/\(path)")
    }

    @Test func memoryTierEvictsTheLeastRecentlyUsedEntriesBeyondItsByteBudget() {
        let first = entry("a"), second = entry("b"), third = entry("c")
        let memory = MemoryCacheStore(capacity: first.cost * 2)
        memory.insert(first)
        memory.insert(second)
        _ = memory.entries(for: first.key)  // `a` is now more recent than `b`
        memory.insert(third)
        #expect(memory.entries(for: first.key) == [first])
        #expect(memory.entries(for: second.key).isEmpty)
        #expect(memory.entries(for: third.key) == [third])
        #expect(memory.totalCost <= memory.capacity)
    }

    @Test func memoryTierDoesNotKeepAnEntryLargerThanItsBudget() {
        let memory = MemoryCacheStore(capacity: 50)
        memory.insert(entry("big", bytes: 500))
        #expect(memory.count == 0)
    }

    @Test func entriesSurviveANewCacheInstanceOnTheSameFile() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let stored = entry("persisted")
        HTTPCache(fileURL: file).store(stored)
        let reopened = HTTPCache(fileURL: file)
        let hit = try #require(reopened.lookup(stored.key, requestHeaders: [:]))
        #expect(hit.tier == .disk)
        #expect(hit.entry == stored)
        #expect(reopened.lookup(stored.key, requestHeaders: [:])?.tier == .memory)
    }

    @Test func theDatabaseFileIsOwnerOnlyAndInWALMode() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let cache = HTTPCache(fileURL: file)
        cache.store(entry("x"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(FileManager.default.fileExists(atPath: file.path + "-wal"))
        #expect(cache.isPersistent)
    }

    @Test func aCorruptDatabaseFileIsAMissAndTheStoreIsRebuilt() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        try Data(repeating: 0xAB, count: 8192).write(to: file)
        let cache = HTTPCache(fileURL: file)
        #expect(cache.isPersistent)
        let stored = entry("after-corruption")
        #expect(cache.lookup(stored.key, requestHeaders: [:]) == nil)
        cache.store(stored)
        #expect(HTTPCache(fileURL: file).lookup(stored.key, requestHeaders: [:])?.entry == stored)
    }

    @Test func anUncreatableDatabaseFallsBackToMemoryOnly() {
        let cache = HTTPCache(fileURL: URL(fileURLWithPath: "/proc/specwright-cannot-exist/http.sqlite"))
        #expect(!cache.isPersistent)
        let stored = entry("memory-only")
        cache.store(stored)
        #expect(cache.lookup(stored.key, requestHeaders: [:])?.tier == .memory)
    }

    @Test func diskTierEvictsLeastRecentlyUsedEntriesBeyondItsByteBudget() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let probe = entry("p0", bytes: 1000)
        let store = try #require(SQLiteCacheStore.open(path: file.path, capacity: probe.cost * 3))
        for index in 0..<10 {
            store.insert(entry("p\(index)", bytes: 1000))
        }
        let statistics = store.statistics()
        #expect(statistics.count == 3)
        #expect(statistics.cost <= store.capacity)
        #expect(store.entries(for: entry("p9").key).count == 1)
        #expect(store.entries(for: entry("p0").key).isEmpty)
    }

    @Test func removeAllForAnAccountLeavesOtherAccountsAlone() throws {
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let cache = HTTPCache(fileURL: file)
        let alice = entry("me", account: "alice"), bob = entry("me", account: "bob")
        cache.store(alice)
        cache.store(bob)
        cache.removeAll(for: "alice")
        #expect(cache.lookup(alice.key, requestHeaders: [:]) == nil)
        #expect(cache.lookup(bob.key, requestHeaders: [:])?.entry == bob)
        #expect(HTTPCache(fileURL: file).lookup(alice.key, requestHeaders: [:]) == nil)
    }

    @Test func varyingResponsesKeepOneEntryPerVariant() throws {
        let cache = HTTPCache()
        let german = makeCacheEntry(
            ["Vary": "Accept-Language"], body: "de", received: now, requestHeaders: ["Accept-Language": "de"])
        let english = makeCacheEntry(
            ["Vary": "Accept-Language"], body: "en", received: now, requestHeaders: ["Accept-Language": "en"])
        cache.store(german)
        cache.store(english)
        #expect(cache.lookup(german.key, requestHeaders: ["accept-language": "de"])?.entry.body == Data("de".utf8))
        #expect(cache.lookup(german.key, requestHeaders: ["accept-language": "en"])?.entry.body == Data("en".utf8))
        #expect(cache.lookup(german.key, requestHeaders: ["accept-language": "fr"]) == nil)
    }
}

@Suite("HTTP cache memory tier under churn")
struct MemoryTierChurnTests {
    @Test func manyInsertsAndReadsKeepTheBudgetAndTheMostRecentEntries() {
        let now = Date()
        func entry(_ index: Int) -> CacheEntry {
            makeCacheEntry(
                ["Cache-Control": "max-age=60"], body: String(repeating: "y", count: 200), received: now,
                url: "http://127.0.0.1/churn/\(index)")
        }
        let memory = MemoryCacheStore(capacity: entry(0).cost * 50)
        for index in 0..<2_000 {
            memory.insert(entry(index))
            if index % 3 == 0 { _ = memory.entries(for: entry(index / 2).key) }
        }
        #expect((45...50).contains(memory.count))
        #expect(memory.totalCost <= memory.capacity)
        #expect(memory.entries(for: entry(1_999).key).count == 1)
        #expect(memory.entries(for: entry(0).key).isEmpty)
    }
}
