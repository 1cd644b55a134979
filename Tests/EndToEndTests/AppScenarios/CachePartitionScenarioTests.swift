import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// Whose copy a screen gets from a cache several clients share, against the fixture server:
/// `private` answers only for the signed-in user, `s-maxage` is a shared cache's lifetime and not
/// ours, one copy per language the server varies on, one per credential when the app names no
/// account.
@Suite("App scenario: private, shared and varying copies in one cache", .timeLimit(.minutes(2)))
struct CachePartitionScenarioTests {
    @Test func aPrivateAnswerIsKeptForTheSignedInUserOnly() async throws {
        let server = try FixtureServer.shared()
        let scenario = FixtureServer.newScenario()
        let cache = HTTPCache()
        let route = ["cc": "private, max-age=600"]
        let anonymous = CachedScreen(server: server, scenario: scenario, cache: cache)
        _ = try await anonymous.read(route, cache: .cacheFirst(ttl: 0))
        #expect(try await anonymous.read(route, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .miss)

        let alice = CachedScreen(server: server, scenario: scenario, cache: cache, token: "alice-1", account: "alice")
        let first = try await alice.read(route, cache: .cacheFirst(ttl: 0))
        let again = try await alice.read(route, cache: .cacheFirst(ttl: 0))
        #expect(again.metadata.cacheStatus == .hit)
        #expect(again.value == first.value)
        #expect(try await anonymous.read(route, cache: .cacheFirst(ttl: 0)).value.user == nil)
    }

    /// `s-maxage` is for shared caches (RFC 9111 §5.2.2.10): the app's private cache takes its
    /// lifetime from `max-age`, else from the app's ttl.
    @Test func sMaxAgeGivesThePrivateCacheNoLifetime() async throws {
        let alice = CachedScreen(
            server: try FixtureServer.shared(), scenario: FixtureServer.newScenario(), cache: HTTPCache(),
            token: "alice-1", account: "alice")
        let shared = ["cc": "s-maxage=600"]
        _ = try await alice.read(shared, cache: .http)
        #expect(try await alice.read(shared, cache: .http).metadata.cacheStatus == .miss)
        #expect(try await alice.read(shared, cache: .cacheFirst(ttl: 600)).metadata.cacheStatus == .hit)

        let both = ["cc": "s-maxage=0, max-age=600"]
        _ = try await alice.read(both, cache: .http)
        #expect(try await alice.read(both, cache: .http).metadata.cacheStatus == .hit)
    }

    /// `no-store` is never kept, `no-cache` always asked again, `must-revalidate` never shown
    /// offline once stale — even by a `networkFirst` screen with a long ttl.
    @Test func theServersDirectivesBindTheOfflineScreen() async throws {
        let screen = CachedScreen(
            server: try FixtureServer.shared(), scenario: FixtureServer.newScenario(), cache: HTTPCache(),
            token: "alice-1", account: "alice")
        let noStore = ["cc": "no-store"]
        _ = try await screen.read(noStore, cache: .cacheFirst(ttl: 600))
        #expect(try await screen.read(noStore, cache: .cacheFirst(ttl: 600)).metadata.cacheStatus == .miss)

        let noCache = ["cc": "no-cache", "etag": "\"n\""]
        _ = try await screen.read(noCache, cache: .cacheFirst(ttl: 600))
        #expect(try await screen.read(noCache, cache: .cacheFirst(ttl: 600)).metadata.cacheStatus == .revalidated)

        let strict = ["cc": "max-age=60, must-revalidate", "down_after": "5"]
        _ = try await screen.read(strict, cache: .networkFirst(ttl: 3_600))
        screen.clock.move(by: 120)
        await #expect(throws: SpecwrightError.self) { try await screen.read(strict, cache: .networkFirst(ttl: 3_600)) }
    }

    /// Two screens in two languages share the cache; the server varies on `Accept-Language`.
    @Test func oneCopyPerLanguageTheServerVariesOn() async throws {
        let server = try FixtureServer.shared()
        let scenario = FixtureServer.newScenario()
        let cache = HTTPCache()
        let english = CachedScreen(server: server, scenario: scenario, cache: cache, acceptLanguage: "en")
        let german = CachedScreen(server: server, scenario: scenario, cache: cache, acceptLanguage: "de")
        let route = ["cc": "max-age=600", "vary": "Accept-Language"]
        #expect(try await english.read(route, cache: .cacheFirst(ttl: 0)).value.lang == "en")
        #expect(try await german.read(route, cache: .cacheFirst(ttl: 0)).value.lang == "de")
        let englishAgain = try await english.read(route, cache: .cacheFirst(ttl: 0))
        #expect(englishAgain.value.lang == "en")
        #expect(englishAgain.metadata.cacheStatus == .hit)
        #expect(try await german.read(route, cache: .cacheFirst(ttl: 0)).metadata.cacheStatus == .hit)
    }

    /// Without an account name the cache files each credential apart, whatever the server varies on.
    @Test func oneCopyPerCredentialWithoutAnAccountName() async throws {
        let server = try FixtureServer.shared()
        let scenario = FixtureServer.newScenario()
        let cache = HTTPCache()
        let alice = CachedScreen(server: server, scenario: scenario, cache: cache, token: "alice-1")
        let bob = CachedScreen(server: server, scenario: scenario, cache: cache, token: "bob-1")
        for route in [["cc": "max-age=600"], ["cc": "max-age=600", "vary": "Authorization"]] {
            #expect(try await alice.read(route, cache: .cacheFirst(ttl: 0)).value.user == "alice-1")
            #expect(try await bob.read(route, cache: .cacheFirst(ttl: 0)).value.user == "bob-1")
            let aliceAgain = try await alice.read(route, cache: .cacheFirst(ttl: 0))
            #expect(aliceAgain.value.user == "alice-1")
            #expect(aliceAgain.metadata.cacheStatus == .hit)
        }
    }
}
