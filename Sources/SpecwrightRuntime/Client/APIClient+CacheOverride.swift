import Foundation

/// Per-call cache control: the same calls as `send` / `response` / `sendData`, with a
/// `CacheOverride` that replaces the endpoint's cache policy (or its lifetime authority) for
/// this call only — pull-to-refresh (`.reload`), an offline-only read (`.cacheOnly`), any stored
/// copy (`.cacheElseNetwork`), or the spec's default (`.endpointDefault`).
extension APIClient {
    /// Sends `endpoint` with `cache` for this call and decodes the body as `R`.
    public func send<R: Decodable & Sendable>(_ endpoint: some Endpoint, as type: R.Type, cache: CacheOverride)
        async throws -> R
    {
        try await send(CacheOverridingEndpoint(base: endpoint, override: cache), as: type)
    }

    /// Sends `endpoint` with `cache` for this call and returns the decoded value with its metadata.
    public func response<R: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: R.Type, cache: CacheOverride
    ) async throws -> APIResponse<R> {
        try await response(CacheOverridingEndpoint(base: endpoint, override: cache), as: type)
    }

    /// Sends `endpoint` with `cache` for this call and returns the raw body.
    public func sendData(_ endpoint: some Endpoint, cache: CacheOverride) async throws -> Data {
        try await sendData(CacheOverridingEndpoint(base: endpoint, override: cache))
    }
}

/// `base` with its cache options replaced for one call; everything else is `base`'s.
struct CacheOverridingEndpoint<Base: Endpoint>: ForwardingEndpoint {
    let base: Base
    let override: CacheOverride

    var options: EndpointOptions { override.applied(to: base.options) }
}
