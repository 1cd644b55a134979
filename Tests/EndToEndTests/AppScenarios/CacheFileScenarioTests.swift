import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The cache file across launches, against the fixture server: what a screen stored is there
/// after a relaunch, and a file cut short (a full disk, a crash while the system copied it, a
/// backup restored half-way) is discarded with a warning — never a crash, never a cache that
/// stays broken.
@Suite("App scenario: the cache file across launches", .timeLimit(.minutes(2)))
struct CacheFileScenarioTests {
    private static let pages = (0..<40).map { ["cc": "max-age=600", "page": "\($0)", "pad": "3000"] }

    @Test func aTruncatedCacheFileIsDiscardedWithAWarningAndTheCacheWorksAgain() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("http.sqlite")
        let server = try FixtureServer.shared()
        let scenario = FixtureServer.newScenario()
        do {
            let screen = CachedScreen(server: server, scenario: scenario, cache: HTTPCache(fileURL: file))
            for page in Self.pages { _ = try await screen.read(page, cache: .cacheFirst(ttl: 0)) }
        }
        do {  // a relaunch: every page from the file
            let screen = CachedScreen(server: server, scenario: scenario, cache: HTTPCache(fileURL: file))
            for page in Self.pages {
                #expect(try await screen.read(page, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .hit)
            }
        }

        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size > 100_000)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()

        let warnings = LockedBox<[String]>([])
        let log = ClosureLogSink { entry in warnings.withLock { $0.append(entry.message) } }
        let screen = CachedScreen(server: server, scenario: scenario, cache: HTTPCache(fileURL: file, log: log))
        for page in Self.pages {  // a hit where the page survived, else the server's answer
            _ = try await screen.read(page, cache: .cacheFirst(ttl: 0))
        }
        #expect(warnings.withLock { $0.count } == 1, "\(warnings.withLock { $0 })")
        for page in Self.pages {
            #expect(try await screen.read(page, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .hit)
        }
    }
}
