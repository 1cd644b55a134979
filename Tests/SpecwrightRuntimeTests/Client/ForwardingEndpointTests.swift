import Foundation
import Testing

@testable import SpecwrightRuntime

/// An endpoint that sets every requirement to something other than its default: a styled path, a
/// trailing slash, a query, headers, cookies, a body, options and an error body.
private struct EverythingEndpoint: Endpoint {
    var operationName: String { "things.update" }
    var method: HTTPMethod { .put }
    var pathSegments: [String] { ["things", "a b"] }
    var percentEncodedPathSegments: [String] { ["things", ";id=a%20b"] }
    var hasTrailingSlash: Bool { true }
    var query: QueryParameters {
        var query = QueryParameters()
        query.append("page", 2)
        return query
    }
    var headers: [HTTPHeader] { [HTTPHeader("X-Trace", "t1")] }
    var cookies: QueryParameters {
        var cookies = QueryParameters()
        cookies.append("session", "s1")
        return cookies
    }
    var body: RequestBody? { .data(Data("payload".utf8), contentType: "text/plain") }
    var options: EndpointOptions { EndpointOptions(timeout: 7) }
    var errorBodies: [TypedErrorBody] { [.text(status: 409)] }
}

/// The runtime's endpoint wrappers send everything of the endpoint they wrap but what they change:
/// a requirement one of them does not forward silently falls back to the protocol's default (the
/// cookies of `sendData(_:cache:)` were once dropped so, and a styled path would be sent plain).
@Suite struct ForwardingEndpointTests {
    private let builder = RequestBuilder(
        service: ServiceDescription(name: "Things", baseURL: URL(string: "https://api.example.com")!),
        baseURL: nil, allowsInsecureHTTP: false, retryOverride: nil)

    /// What the server would see of `endpoint`, and what the call keeps of it.
    private func sent(_ endpoint: some Endpoint) throws -> [String] {
        let context = try builder.build(endpoint)
        let request = context.request
        return [
            context.operationName, request.method.rawValue, request.url.absoluteString,
            request.headers.filter { $0.name != "Idempotency-Key" }.map { "\($0.name): \($0.value)" }.joined(
                separator: "\n"),
            String(decoding: request.body ?? Data(), as: UTF8.self), "\(request.timeout)",
            "\(context.errorBodies.map(\.status))"
        ]
    }

    @Test func theCacheOverrideSendsEverythingOfItsEndpoint() throws {
        let endpoint = EverythingEndpoint()
        let wrapped = CacheOverridingEndpoint(base: endpoint, override: CacheOverride(policy: .networkOnly))
        #expect(try sent(wrapped) == sent(endpoint))
        #expect(wrapped.options.cache == .networkOnly)
        #expect(wrapped.options.timeout == 7)
    }

    @Test func theIdempotencyKeySendsEverythingOfItsEndpoint() throws {
        let endpoint = EverythingEndpoint()
        let wrapped = endpoint.idempotencyKey("k1")
        #expect(try sent(wrapped) == sent(endpoint))
        #expect(try builder.build(wrapped).request.headers.value(for: "Idempotency-Key") == "k1")
        #expect(wrapped.options.isIdempotent)
    }

    @Test func theEndpointSendsItsStyledPathAndCookies() throws {
        let request = try builder.build(EverythingEndpoint()).request
        #expect(request.url.absoluteString == "https://api.example.com/things/;id=a%20b/?page=2")
        #expect(request.headers.value(for: "Cookie") == "session=s1")
    }
}
