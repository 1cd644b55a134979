import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// A screen's cache as the server's headers and the device's clock steer it, against the fixture
/// server: an answer too large to keep, the device's clock moved forward and back, an `Age` the
/// server reports, private and shared responses, one copy per language and per credential.
@Suite("App scenario: a cached screen, its server's headers and the device's clock", .timeLimit(.minutes(2)))
struct CachedScreenScenarioTests {
    private static func temporaryCacheFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("http.sqlite")
    }

    /// Pull-to-refresh brings an answer larger than the cache may keep: it is shown, and the older
    /// copy it replaces is gone from both tiers — the next read asks again instead of showing the
    /// list from before the refresh.
    @Test func aRefreshTooLargeToStoreNeverBringsBackTheOlderCopy() async throws {
        let file = try Self.temporaryCacheFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let cache = HTTPCache(fileURL: file, memoryCapacity: 4_096, diskCapacity: 8_192)
        let screen = CachedScreen(
            server: try FixtureServer.shared(), scenario: FixtureServer.newScenario(), cache: cache)
        let route = ["cc": "max-age=600", "pad": "20000", "pad_from": "2"]

        #expect(try await screen.read(route, cache: .cacheFirst(ttl: 600)).value.hit == 1)
        #expect(try await screen.read(route, cache: .cacheFirst(ttl: 600)).metadata.cacheStatus == .hit)
        #expect(try await screen.read(route, cache: .reload).value.hit == 2)  // 20 kB: not stored
        let next = try await screen.read(route, cache: .cacheFirst(ttl: 600))
        #expect(next.value.hit == 3, "the copy from before the refresh came back: \(next.value)")
        // A relaunch reads the file alone: the older copy is not there either.
        let relaunched = CachedScreen(
            server: screen.server, scenario: screen.scenario, cache: HTTPCache(fileURL: file, diskCapacity: 8_192))
        #expect(try await relaunched.read(route, cache: .cacheElseNetwork).value.hit == 4)
    }

    /// Offline, the stored copy answers only while it is younger than the app's ttl (its
    /// `networkFirst` max-stale), by the device's clock.
    @Test func offlineTheStoredCopyAnswersOnlyWithinTheAppsTTL() async throws {
        let screen = CachedScreen(
            server: try FixtureServer.shared(), scenario: FixtureServer.newScenario(), cache: HTTPCache())
        let route = ["cc": "max-age=60", "down_after": "1"]
        #expect(try await screen.read(route, cache: .networkFirst(ttl: 3_600)).value.hit == 1)

        screen.clock.move(by: 1_800)
        let halfAnHour = try await screen.read(route, cache: .networkFirst(ttl: 3_600))
        #expect(halfAnHour.value.hit == 1)
        #expect(halfAnHour.metadata.isNetworkFallback)
        #expect((halfAnHour.metadata.cacheAge ?? 0) >= 1_800)

        screen.clock.move(by: 3_600)
        let error = await #expect(throws: SpecwrightError.self) {
            try await screen.read(route, cache: .networkFirst(ttl: 3_600))
        }
        // The fixture closes the connection without a reply: a transport failure, not a status.
        #expect(error?.status == nil, "\(String(describing: error))")
        #expect(error?.category == .offline || error?.category == .transport, "\(String(describing: error))")
    }

    /// The device's clock set back a day (by the user, or the network time after a wrong one):
    /// the copy's age is unknown, so it is revalidated instead of being fresh until the clock
    /// catches up; moved forward past the copy's lifetime, it is revalidated too.
    @Test func aClockSetBackOrForwardMakesTheCopyBeRevalidated() async throws {
        let screen = CachedScreen(
            server: try FixtureServer.shared(), scenario: FixtureServer.newScenario(), cache: HTTPCache())
        let route = ["cc": "max-age=600", "etag": "\"v1\""]
        #expect(try await screen.read(route, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .miss)
        #expect(try await screen.read(route, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .hit)

        screen.clock.move(by: -86_400)
        let back = try await screen.read(route, cache: .cacheFirst(ttl: 0))
        #expect(back.metadata.cacheStatus == .revalidated)
        #expect(back.value.hit == 1)
        #expect(try await screen.read(route, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .hit)

        screen.clock.move(by: 700)
        #expect(try await screen.read(route, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .revalidated)
        #expect(try await screen.notModified() == 2)
    }

    /// The server says how old its answer already is (`Age`, from a CDN): that counts against
    /// the copy's lifetime.
    @Test func anAgeFromTheServerCountsAgainstTheLifetime() async throws {
        let screen = CachedScreen(
            server: try FixtureServer.shared(), scenario: FixtureServer.newScenario(), cache: HTTPCache())
        // Generous numbers: the exchange's own duration counts as age too (RFC 9111 §4.2.3).
        let young = ["cc": "max-age=600", "age": "300", "tag": "young"]
        _ = try await screen.read(young, cache: .cacheFirst(ttl: 0))
        let hit = try await screen.read(young, cache: .cacheFirst(ttl: 0))
        #expect(hit.metadata.cacheStatus == .hit)
        #expect((hit.metadata.cacheAge ?? 0) >= 300)

        let old = ["cc": "max-age=600", "age": "700", "tag": "old"]
        _ = try await screen.read(old, cache: .cacheFirst(ttl: 0))
        #expect(try await screen.read(old, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .miss)
    }
}
