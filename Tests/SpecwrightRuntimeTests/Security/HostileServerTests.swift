import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hostile or broken server (`Tests/Fixtures/hostile_fixture.py`) must never crash the app, hang
/// a call past its deadline or make it hold unbounded memory: every answer ends as a response or
/// as a typed `SpecwrightError` within the call's time.
@Suite("Security: a hostile server's answers")
struct HostileServerTests {
    /// A call of `path` under `/hostile/` with a 15 s timeout (ample on a loaded machine) and no retries.
    private func call(_ path: [String], query: [(String, String)] = []) async throws -> APIResponse<Data> {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        var parameters = QueryParameters()
        for (name, value) in query { parameters.append(name, value) }
        return try await client.dataResponse(
            TestEndpoint(["hostile"] + path, query: parameters, options: EndpointOptions(timeout: 15)))
    }

    /// The answer as a result whose failure can only be a `SpecwrightError` (anything else fails).
    private func outcome(_ path: [String], query: [(String, String)] = []) async -> Result<
        APIResponse<Data>, SpecwrightError
    > {
        do {
            return .success(try await call(path, query: query))
        } catch let error as SpecwrightError {
            return .failure(error)
        } catch {
            Issue.record("not a SpecwrightError: \(error)")
            return .failure(SpecwrightError(.cancelled))
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aHeaderValueThatIsNotUTF8EndsInAResponseOrATransportError() async throws {
        // FoundationNetworking refuses such a header line ("Failed writing header"); URLSession on
        // Apple platforms reads it as Latin-1.
        switch await outcome(["bad-utf8-header"]) {
        case .success(let response): #expect(response.value == Data("{}".utf8))
        case .failure(let error): #expect(error.category == .transport, "\(error)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func tenThousandHeaderFieldsEndInAResponseOrATypedError() async throws {
        if case .success(let response) = await outcome(["header-flood"]) {
            #expect(response.status == 200)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aHundredMegabyteHeaderLineFailsTheCall() async throws {
        guard case .failure(let error) = await outcome(["huge-header"]) else {
            Issue.record("a 100 MB header line was accepted")
            return
        }
        #expect(error.category == .transport || error.category == .offline || error.category == .http)
    }

    @Test(.timeLimit(.minutes(1)))
    func aBodyShorterThanItsContentLengthTimesOutAtTheCallsDeadline() async throws {
        guard case .failure(let error) = await outcome(["length-over"]) else {
            Issue.record("a body shorter than its Content-Length was accepted")
            return
        }
        #expect(error.isOffline || error.category == .transport, "\(error)")
    }

    @Test(.timeLimit(.minutes(1)))
    func bytesAfterTheContentLengthAreNeverReadAsTheNextResponse() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        let first = try await client.dataResponse(TestEndpoint(["hostile", "length-under"]))
        #expect(first.value == Data("{}".utf8))
        let second = try await client.send(TestEndpoint(["sequence"]), as: AttemptBody.self)
        #expect(second.attempt == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRedirectLoopEndsWithTheLastRedirectAfterSixteenHops() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["hostile", "redirect-loop"], options: EndpointOptions(timeout: 15)))
        }
        #expect(error?.status == 302, "\(String(describing: error))")
        #expect(try await server.stats(sid).hits == 17)  // the request and 16 redirects followed
    }

    @Test(.timeLimit(.minutes(1)))
    func fiftyRedirectsEndWithTheLastRedirectFollowed() async throws {
        guard case .failure(let error) = await outcome(["redirect-chain"], query: [("n", "50")]) else {
            Issue.record("50 redirects were followed")
            return
        }
        #expect(error.status == 302, "\(error)")
    }

    @Test(.timeLimit(.minutes(1)))
    func tenThousandInterimResponsesThenTheAnswer() async throws {
        if case .success(let response) = await outcome(["informational"], query: [("count", "10000")]) {
            #expect(response.value == Data("{}".utf8))
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func endlessInterimResponsesEndAtTheCallsDeadline() async throws {
        guard case .failure(let error) = await outcome(["informational"], query: [("count", "0")])
        else {
            Issue.record("endless interim responses succeeded")
            return
        }
        #expect(error.isOffline || error.category == .transport, "\(error)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aSetCookieFloodIsKeptWhole() async throws {
        // 2,000, not 10,000: FoundationNetworking joins repeated fields with quadratic cost (10,000
        // took ~10 s of a loaded CPU; bounded, but too slow for a test run's shared machine).
        if case .success(let response) = await outcome(["cookie-flood"], query: [("count", "2000")]) {
            #expect(response.headers.values(for: "Set-Cookie").count == 2_000)
        }
    }
}
