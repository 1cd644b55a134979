import Foundation
import SpecwrightRuntime
import Testing

/// The refresh window (`RefreshWindow`) counts the refreshes of one session. The user who signs out
/// may have used it up (a server that kept rejecting her fresh tokens); the next user's first 401
/// must still get a refresh, not an ended session — after `signOut()`, and when the app switches
/// the signed-in account without it.
@Suite("Token refresh: a new session starts a new refresh window")
struct RefreshWindowSessionTests {
    /// Who is signed in and their token, as an app keeps them.
    struct Session: Sendable {
        var user: String
        var token: String
    }

    /// A client whose server accepts only `Bearer bob-1` (Bob's first refreshed token); the
    /// refresh returns `<user>-<n>` for the user's n-th refresh, and stores it. At most two
    /// refreshes an hour.
    private func client(_ session: LockedBox<Session>, refreshes: LockedBox<[String]>, namesAccount: Bool) throws
        -> APIClient
    {
        let stub = StubTransport { request in
            request.headers.value(for: "Authorization") == "Bearer bob-1"
                ? HTTPResponse(status: 200, body: Data(#"{"attempt":1}"#.utf8)) : HTTPResponse(status: 401)
        }
        let named: @Sendable () async -> String? = { session.withLock { $0.user } }
        let provider = TokenProvider(
            token: { session.withLock { $0.token } },
            refresh: { _ in
                let user = session.withLock { $0.user }
                let fresh = refreshes.withLock { made in
                    made.append(user)
                    return "\(user)-\(made.filter { $0 == user }.count)"
                }
                session.withLock { $0.token = fresh }
                return fresh
            },
            account: namesAccount ? named : nil)
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer)
        return APIClient(
            service: service,
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: provider, refreshWindow: RefreshWindow(maxRefreshes: 2, window: 3600),
                logging: .disabled))
    }

    /// Alice's two calls are rejected with every token: two refreshes, the window is used up.
    private func aliceUsesUpTheWindow(_ client: APIClient, _ refreshes: LockedBox<[String]>) async {
        for _ in 0..<2 {
            await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["me"])) }
        }
        #expect(refreshes.withLock { $0 } == ["alice", "alice"])
    }

    @Test func afterSignOutTheNextUsersFirst401GetsARefresh() async throws {
        let session = LockedBox(Session(user: "alice", token: "alice-0"))
        let refreshes = LockedBox<[String]>([])
        let client = try client(session, refreshes: refreshes, namesAccount: false)
        await aliceUsesUpTheWindow(client, refreshes)

        await client.signOut()
        session.withLock { $0 = Session(user: "bob", token: "bob-0") }
        let response = try await client.response(TestEndpoint(["me"]), as: AttemptBody.self)
        #expect(response.metadata.tokenReplays == 1)
        #expect(refreshes.withLock { $0 } == ["alice", "alice", "bob"])
    }

    @Test func aSwitchOfTheSignedInAccountStartsANewWindowWithoutSignOut() async throws {
        let session = LockedBox(Session(user: "alice", token: "alice-0"))
        let refreshes = LockedBox<[String]>([])
        let client = try client(session, refreshes: refreshes, namesAccount: true)
        await aliceUsesUpTheWindow(client, refreshes)

        session.withLock { $0 = Session(user: "bob", token: "bob-0") }
        _ = try await client.send(TestEndpoint(["me"]), as: AttemptBody.self)
        #expect(refreshes.withLock { $0 } == ["alice", "alice", "bob"])
    }

    /// The window still stops a refresh storm within one session: the same user, the same window.
    @Test func theSameUserKeepsTheWindow() async throws {
        let session = LockedBox(Session(user: "alice", token: "alice-0"))
        let refreshes = LockedBox<[String]>([])
        let client = try client(session, refreshes: refreshes, namesAccount: true)
        await aliceUsesUpTheWindow(client, refreshes)
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["me"])) }
        guard case .sessionExpired(let reason) = error?.kind else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("refreshes within"), "\(reason)")
        #expect(refreshes.withLock { $0 }.count == 2)
    }
}
