import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// Token renewal on a device that changes hands: a token refreshed for Alice belongs to Alice's
/// calls only. Bob's call that meets a 401 — after Alice's refresh, or while it is still on its
/// way — is renewed with Bob's own refresh, never replayed with Alice's token.
@Suite("App scenario: token renewal across a user switch", .timeLimit(.minutes(2)))
struct TokenRenewalAcrossUsersScenarioTests {
    /// The refresher remembers the token it made for Alice; Bob's rejected token is not an older
    /// one of hers, so his call is not replayed with it.
    @Test func aTokenRefreshedForAliceIsNeverReplayedOnBobsCall() async throws {
        let app = ScribeApp(server: try FixtureServer.shared(), cache: nil)
        try await app.signIn("alice")
        try await app.control(["expire": "alice"])
        #expect(try await app.client.account.me().id == "alice")  // renewed on the way

        await app.signOut()
        try await app.signIn("bob")
        try await app.control(["expire": "bob"])
        #expect(try await app.client.account.me().id == "bob")
        #expect(try await app.stats().refreshes == 2)
        #expect(try await app.client.account.me().id == "bob")
    }

    /// Alice's refresh is held on the server while she signs out and Bob signs in; Bob's call,
    /// rejected meanwhile, does not join her refresh, and her late token lands in her calls only.
    @Test func aRefreshStillOnItsWayForAliceNeverReachesBob() async throws {
        let app = ScribeApp(server: try FixtureServer.shared(), cache: nil)
        let client = app.client
        try await app.signIn("alice")
        try await app.control(["expire": "alice"])
        let alices = try await app.holding("/auth/refresh") { try await client.account.me() }

        await app.signOut()
        try await app.signIn("bob")
        try await app.control(["expire": "bob"])
        let bobs = Task { try await client.account.me() }
        // Bob's request was rejected (the server counted it) before Alice's refresh answers.
        while try await app.stats().routes["GET /me"] ?? 0 < 2 {
            try await Task.sleep(for: .milliseconds(10))  // polls the server's state, not a timing
        }
        try await app.release("/auth/refresh")

        #expect(try await bobs.value.id == "bob")
        #expect(try await alices.value.id == "alice")  // her closing screen gets her own answer
        #expect(try await client.account.me().id == "bob")  // the app kept Bob's session
        #expect(try await app.stats().refreshes == 2)
    }
}
