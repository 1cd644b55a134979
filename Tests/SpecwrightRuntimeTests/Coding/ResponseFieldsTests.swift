import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Response header fields are an ordered, case-insensitive list: repeated fields keep their
/// repetitions (`Set-Cookie` above all, whose values cannot be joined) from the transport to the app.
@Suite struct ResponseFieldsTests {
    private struct Empty: Decodable, Sendable {}

    @Test(.timeLimit(.minutes(1)))
    func threeSetCookieFieldsFromTheServerArriveAsThree() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        let response = try await client.response(TestEndpoint(["repeated-headers"]), as: Empty.self)
        #expect(
            response.headers.values(for: "set-cookie") == [
                "session=abc; Path=/; HttpOnly", "theme=dark; Expires=Wed, 21 Oct 2026 07:28:00 GMT", "lang=en"
            ])
        #expect(response.headers.values(for: "SET-COOKIE").count == 3)
        let links = response.headers.values(for: "Link").joined(separator: ", ")
        #expect(
            links == #"<https://api.example/items?page=2>; rel="next", <https://api.example/items?page=9>; rel="last""#)
        #expect(response.headers["vary"] == "Accept, Accept-Language")
        #expect(response.headers["content-type"] == "application/json")
    }

    @Test(.timeLimit(.minutes(1)), arguments: [CachePolicy.networkOnly, .networkFirst(ttl: 60), .cacheFirst(ttl: 60)])
    func aClientWithACacheKeepsTheRepetitionsOfANetworkResponse(policy: CachePolicy) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.dataLayer = DataLayerConfiguration(cache: HTTPCache())
        }
        let endpoint = TestEndpoint(["repeated-headers"], options: EndpointOptions(cache: policy))
        let response = try await client.response(endpoint, as: Empty.self)
        #expect(
            response.headers.values(for: "set-cookie") == [
                "session=abc; Path=/; HttpOnly", "theme=dark; Expires=Wed, 21 Oct 2026 07:28:00 GMT", "lang=en"
            ])
        // Foundation hands repeated fields other than Set-Cookie over joined (RFC 9110 §5.3).
        #expect(
            response.headers["link"]
                == #"<https://api.example/items?page=2>; rel="next", <https://api.example/items?page=9>; rel="last""#)
        #expect(try await server.stats(sid).hits == 1)
        guard policy == .cacheFirst(ttl: 60) else { return }
        // Answered from the cache: the other fields as they came, and no cookie (the cache never
        // stores Set-Cookie, which belongs to the exchange that carried it: HostileCacheTests).
        let stored = try await client.response(endpoint, as: Empty.self)
        #expect(stored.metadata.cacheStatus == .hit)
        #expect(stored.headers.values(for: "set-cookie").isEmpty)
        #expect(stored.headers["link"] == response.headers["link"])
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test func fieldsATransportDeliversSeparatelyReachTheAppInOrder() async throws {
        let fields: HTTPFields = [
            HTTPHeader("Set-Cookie", "a=1"), HTTPHeader("Content-Type", "application/json"),
            HTTPHeader("set-cookie", "b=2"),
            HTTPHeader("Set-Cookie", "c=3; Expires=Thu, 01 Jan 2037 00:00:00 GMT")
        ]
        let stub = StubTransport { _ in HTTPResponse(status: 200, headers: fields, body: Data("{}".utf8)) }
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")))
        let client = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let response = try await client.response(TestEndpoint(["cookies"]), as: Empty.self)
        #expect(
            response.headers.values(for: "Set-Cookie") == ["a=1", "b=2", "c=3; Expires=Thu, 01 Jan 2037 00:00:00 GMT"])
        #expect(Array(response.headers) == fields.fields)
    }

    @Test func anErrorKeepsTheRepeatedFieldsToo() async throws {
        let stub = StubTransport { _ in
            HTTPResponse(status: 404, headers: [HTTPHeader("Set-Cookie", "a=1"), HTTPHeader("Set-Cookie", "b=2")])
        }
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")))
        let client = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled))
        await #expect {
            try await client.send(TestEndpoint(["missing"]))
        } throws: { error in
            guard case .httpStatus(let failure) = (error as? SpecwrightError)?.kind else { return false }
            return failure.headers.values(for: "set-cookie") == ["a=1", "b=2"]
        }
    }

    @Test func aJoinedSetCookieValueSplitsAtCookiesNotInsideDates() {
        #expect(
            HTTPFields.splitSetCookie("a=1; Path=/, b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Secure, c=3") == [
                "a=1; Path=/", "b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Secure", "c=3"
            ])
        #expect(HTTPFields.splitSetCookie("only=1") == ["only=1"])
        #expect(HTTPFields.splitSetCookie("") == [])
    }

    @Test func lookupsIgnoreCaseAndJoinRepeatedFields() {
        let fields: HTTPFields = ["ETag": "\"v1\"", "Cache-Control": "max-age=60"]
        #expect(fields["etag"] == "\"v1\"")
        #expect(fields["missing"] == nil)
        var repeated = HTTPFields([HTTPHeader("Vary", "Accept"), HTTPHeader("vary", "Cookie")])
        #expect(repeated["VARY"] == "Accept, Cookie")
        #expect(repeated.dictionary == ["vary": "Accept, Cookie"])
        repeated.setValue("Origin", for: "Vary")
        #expect(repeated.values(for: "vary") == ["Origin"])
    }
}
