import Foundation
import SpecwrightRuntime
import Testing

/// A read with the caller's own validator (`If-None-Match` with an `ETag` it kept), on a client
/// without an `HTTPCache`: the server's `304 Not Modified` is an answer — `.notModified` from
/// `conditionalResponse`, with the response's fields — not a failure; the plain calls, which have
/// no value to return for it, throw it recognisably (`isNotModified`).
@Suite("Conditional reads: a 304 to the caller's own If-None-Match")
struct ConditionalResponseTests {
    struct Hit: Decodable, Sendable {
        var hit: Int
    }

    /// `/cached` with the ETag `"v1"`: 304 when `If-None-Match` is `"v1"`.
    private func read(ifNoneMatch tag: String?) -> TestEndpoint {
        var query = QueryParameters()
        query.append("etag", "\"v1\"")
        query.append("cc", "no-cache")
        return TestEndpoint(
            ["cached"], query: query, headers: tag.map { [HTTPHeader("If-None-Match", $0)] } ?? [],
            options: EndpointOptions(timeout: 30))
    }

    @Test(.timeLimit(.minutes(1)))
    func a304ToTheCallersValidatorIsNotModifiedWithItsFields() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        let first = try await client.conditionalResponse(read(ifNoneMatch: nil), as: Hit.self)
        #expect(first.value?.hit == 1)
        #expect(first.isNotModified == false)
        let tag = try #require(first.headers["ETag"])

        let second = try await client.conditionalResponse(read(ifNoneMatch: tag), as: Hit.self)
        guard case .notModified(let response) = second else {
            Issue.record("expected notModified, got \(second)")
            return
        }
        #expect(response.status == 304)
        #expect(response.headers["ETag"] == "\"v1\"")
        #expect(response.attempts == 1)
        #expect(second.value == nil)

        let data = try await client.conditionalDataResponse(read(ifNoneMatch: tag))
        #expect(data.isNotModified)
        let changed = try await client.conditionalResponse(read(ifNoneMatch: "\"v0\""), as: Hit.self)
        #expect(changed.value?.hit == 4)
        #expect(changed.status == 200)
    }

    @Test(.timeLimit(.minutes(1)))
    func thePlainCallsThrowA304AsNotModified() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        let error = await #expect(throws: SpecwrightError.self) {
            _ = try await client.send(read(ifNoneMatch: "\"v1\""), as: Hit.self)
        }
        #expect(error?.isNotModified == true)
        #expect(error?.status == 304)
    }

    /// A 304 never reaches the decoder: a stub that answers 304 with a body that is not the type's.
    @Test func aNotModifiedBodyIsNeverDecoded() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 304, headers: ["ETag": "\"e\""], body: Data("x".utf8)) }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let outcome = try await client.conditionalResponse(TestEndpoint(["a"]), as: Hit.self)
        #expect(outcome.isNotModified)
        #expect(outcome.headers["ETag"] == "\"e\"")
    }
}
