import Foundation
import SpecwrightRuntime
import Testing

/// Header fields from a hostile server (`Tests/Fixtures/hostile_body_fixture.py` and the fixture's
/// `/status/503?retry_after=`): stacked and unknown content codings, a chain of a thousand codings,
/// a compressed bomb behind three layers, absurd `Retry-After` values. Each ends as a response or a
/// typed error, with the body counted after decoding and every wait bounded.
@Suite("Security: a hostile server's header fields")
struct HostileHeaderTests {
    struct OK: Decodable, Sendable, Equatable {
        var ok: Bool
    }

    /// 1 MiB: a bomb of 16 MiB is enough to cross it (a larger one would keep FoundationNetworking
    /// inflating after the cancel, stalling the other tests' sessions; docs/security.md).
    static let limit = 1 << 20

    private func call(_ kind: String, _ query: [(String, String)] = []) async throws -> Result<OK, SpecwrightError> {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none) {
            $0.transferLimits.maximumResponseBytes = Self.limit
        }
        var parameters = QueryParameters()
        for (name, value) in query { parameters.append(name, value) }
        do {
            return .success(
                try await client.send(
                    TestEndpoint(["hostile", kind], query: parameters, options: EndpointOptions(timeout: 30)),
                    as: OK.self))
        } catch let error as SpecwrightError {
            return .failure(error)
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["gzip, gzip, gzip", "deflate, gzip", "gzip, deflate, gzip, gzip"])
    func stackedCodingsAreDecodedInOrder(layers: String) async throws {
        #expect(try await call("encoded", [("layers", layers)]).get() == OK(ok: true))
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["gzip", "gzip, gzip, gzip", "deflate, gzip"])
    func aBombBehindLayersFailsAtTheLimitCountedAfterDecoding(layers: String) async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none) {
            $0.transferLimits.maximumResponseBytes = Self.limit
        }
        var query = QueryParameters()
        query.append("layers", layers)
        query.append("kind", "bomb")
        do {
            let response = try await client.dataResponse(
                TestEndpoint(["hostile", "encoded"], query: query, options: EndpointOptions(timeout: 30)))
            Issue.record(
                "accepted \(response.value.count) bytes: \(Array(response.value.prefix(8))) \(response.headers)")
        } catch let error as SpecwrightError {
            guard case .responseTooLarge(let limit) = error.kind else {
                Issue.record("expected .responseTooLarge, got \(error)")
                return
            }
            #expect(limit == Self.limit)
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["x-hostile", "gzip, x-hostile"])
    func anUnknownCodingFailsAsATransportError(layers: String) async throws {
        guard case .failure(let error) = try await call("encoded", [("layers", layers)]) else {
            Issue.record("a body in an unknown coding was accepted")
            return
        }
        #expect(error.category == .transport, "\(error)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aChainOfAThousandCodingsIsRefused() async throws {
        guard case .failure(let error) = try await call("encoding-chain", [("count", "1000")]) else {
            Issue.record("a chain of 1000 codings was accepted")
            return
        }
        #expect(error.category == .transport, "\(error)")
    }

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            "Fri, 31 Dec 9999 23:59:59 GMT", "1000000000000", "99999999999999999999999999", "-1", "-99999999999",
            "Thu, 01 Jan 1970 00:00:00 GMT", "0x7fffffff", "1e9"
        ])
    func anAbsurdRetryAfterWaitsAtMostTheRetryPolicysMaximum(value: String) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = RecordingClock()
        let retry = RetryPolicy(maxRetries: 2, baseDelay: 0.5, maxDelay: 8, jitter: .none)
        let client = TestSupport.fixtureClient(server, sid: sid, retry: retry) { $0.clock = clock }
        var query = QueryParameters()
        query.append("retry_after", value)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["status", "503"], query: query, options: EndpointOptions(timeout: 30)))
        }
        #expect(error?.status == 503)
        #expect(clock.sleeps.count == 2)
        #expect(clock.sleeps.allSatisfy { $0 >= 0 && $0 <= 8 }, "\(clock.sleeps)")
        #expect(try await server.stats(sid).hits == 3)
    }
}
