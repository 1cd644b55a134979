import Foundation
import SpecwrightRuntime
import Testing

/// A refresh that never returns until the test releases it, and ignores cancellation while it
/// waits — the worst an app's refresh closure (or its auth server) can do.
private final class HungRefresh: Sendable {
    private let parked = LockedBox<[CheckedContinuation<Void, Never>]>([])
    private let released = LockedBox(false)

    func hang() async {
        await withCheckedContinuation { continuation in
            let resumeNow = released.withLock { $0 }
            if resumeNow {
                continuation.resume()
            } else {
                parked.withLock { $0.append(continuation) }
            }
        }
    }

    func release() {
        released.withLock { $0 = true }
        for continuation in parked.withLock({ list -> [CheckedContinuation<Void, Never>] in
            defer { list.removeAll() }
            return list
        }) {
            continuation.resume()
        }
    }
}

private struct TokenBody: Decodable, Sendable {
    var token: String
}

@Suite("Token refresh deadlines")
struct RefreshDeadlineTests {
    /// A provider whose first `hangingRefreshes` refreshes hang; later ones get a real token
    /// from the fixture server's `/refresh`.
    private func provider(
        refreshClient: APIClient, hung: HungRefresh, hangingRefreshes: Int, refreshes: LockedBox<Int>,
        token: LockedBox<String>
    ) -> TokenProvider {
        TokenProvider(
            token: { token.withLock { $0 } },
            refresh: { _ in
                let number = refreshes.withLock { count -> Int in
                    count += 1
                    return count
                }
                if number <= hangingRefreshes {
                    await hung.hang()
                    return "late-token"
                }
                let body = try await refreshClient.send(TestEndpoint(["refresh"], method: .post), as: TokenBody.self)
                token.withLock { $0 = body.token }
                return body.token
            })
    }

    private func expectTimeout(_ result: Result<AttemptBody, any Error>) {
        guard case .failure(let error as SpecwrightError) = result, case .timeout = error.kind else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aCallWaitingForAHungRefreshEndsAtItsOwnTimeoutAndLaterCallsJoinTheSameRefresh() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let hung = HungRefresh()
        defer { hung.release() }
        let refreshes = LockedBox(0)
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = provider(
                refreshClient: TestSupport.fixtureClient(server, sid: sid), hung: hung, hangingRefreshes: .max,
                refreshes: refreshes, token: LockedBox("expired"))
            $0.refreshTimeout = 3600
        }
        // Each call's deadline covers its round trip to the server (the 401) and then its wait for the
        // hung refresh: 0.5 s was too short for the round trip on a loaded CI machine (hits 2, not 3).
        let endpoint = TestEndpoint(["auth"], options: EndpointOptions(timeout: 3))
        for _ in 0..<3 {
            let result = await Result { try await client.send(endpoint, as: AttemptBody.self) }
            expectTimeout(result)
        }
        // The refresh is still within its own deadline: the later 401s waited for the same one.
        #expect(refreshes.withLock { $0 } == 1)
        #expect(try await server.stats(sid).hits == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRefreshPastItsDeadlineIsDroppedAndTheNext401StartsANewOneStillSingleFlight() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let hung = HungRefresh()
        defer { hung.release() }
        let refreshes = LockedBox(0)
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = provider(
                refreshClient: TestSupport.fixtureClient(server, sid: sid), hung: hung, hangingRefreshes: 1,
                refreshes: refreshes, token: LockedBox("expired"))
            $0.refreshTimeout = 0.5
        }
        let endpoint = TestEndpoint(["auth"], options: EndpointOptions(timeout: 3600))
        let results = await withTaskGroup(of: Result<AttemptBody, any Error>.self) { group in
            for _ in 0..<50 {
                group.addTask { await Result { try await client.send(endpoint, as: AttemptBody.self) } }
            }
            return await group.reduce(into: [Result<AttemptBody, any Error>]()) { $0.append($1) }
        }
        #expect(results.count == 50)
        for result in results { expectTimeout(result) }
        #expect(refreshes.withLock { $0 } == 1)

        // The timed-out refresh was dropped: the next 401 starts a new one, which succeeds.
        _ = try await client.send(endpoint, as: AttemptBody.self)
        #expect(refreshes.withLock { $0 } == 2)
        #expect(try await server.stats(sid).refreshes == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRefreshThatAnswersAfterItsDeadlineDoesNotBecomeTheLatestToken() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let hung = HungRefresh()
        let refreshes = LockedBox(0)
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = provider(
                refreshClient: TestSupport.fixtureClient(server, sid: sid), hung: hung, hangingRefreshes: 1,
                refreshes: refreshes, token: LockedBox("expired"))
            $0.refreshTimeout = 0.3
        }
        let endpoint = TestEndpoint(["auth"])
        expectTimeout(await Result { try await client.send(endpoint, as: AttemptBody.self) })
        hung.release()  // the dropped refresh now returns "late-token"; it must not be replayed
        _ = try await client.send(endpoint, as: AttemptBody.self)
        let sent = try await server.stats(sid).requests.filter { $0.path.hasSuffix("/auth") }.map {
            $0.headers["authorization"]
        }
        #expect(!sent.contains("Bearer late-token"))
        #expect(sent.last == "Bearer token-1")
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    fileprivate init(_ body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
