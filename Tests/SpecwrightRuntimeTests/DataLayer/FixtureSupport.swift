import Foundation
@testable import SpecwrightRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The body of the fixture server's `/cached` route.
struct CachedBody: Codable, Sendable, Hashable {
    var hit: Int
    var lang: String?
    /// The bearer token the request carried (nil without one).
    var user: String?
    /// The how-many-th request with that token this was (server-side count).
    var userHit: Int?

    enum CodingKeys: String, CodingKey {
        case hit, lang, user, userHit = "user_hit"
    }
}

/// The fixture server's data-layer counters (`/_data/<sid>`).
struct DataLayerStats: Decodable, Sendable {
    var notModified: Int
    var batchCalls: Int
    var batchPeak: Int
    var outboxKeys: [String]
    var outboxDuplicates: Int
    /// Requests to `/cached` per bearer token (`""` without one).
    var userHits: [String: Int]?

    enum CodingKeys: String, CodingKey {
        case notModified = "not_modified", batchCalls = "batch_calls", batchPeak = "batch_peak"
        case outboxKeys = "outbox_keys", outboxDuplicates = "outbox_duplicates", userHits = "user_hits"
    }
}

extension FixtureServer {
    /// The data-layer counters of scenario `sid`.
    func dataStats(_ sid: String) async throws -> DataLayerStats {
        let url = baseURL.appendingPathComponent("_data").appendingPathComponent(sid)
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode(DataLayerStats.self, from: data)
    }

    /// Lets the held `/cached` requests of scenario `sid` (`holdAfter:`) answer.
    func releaseCached(_ sid: String) async throws {
        _ = try await URLSession.shared.data(from: scenarioURL(sid).appendingPathComponent("release_cached"))
    }

    /// How many requests of scenario `sid` went to `behaviour` (the path segment after the sid).
    func hits(_ sid: String, _ behaviour: String) async throws -> Int {
        try await stats(sid).requests.filter { $0.path.hasPrefix("/\(sid)/\(behaviour)") }.count
    }
}

/// Data-layer test helpers.
enum DataSupport {
    /// A GET of the fixture server's `/cached` route with `Cache-Control: cc` and the given policy.
    static func cached(
        cc: String, etag: String? = nil, vary: String? = nil, age: String? = nil, fail: Int? = nil, policy: CachePolicy,
        headers: [HTTPHeader] = [], delay: Double? = nil, holdAfter: Int? = nil
    ) -> TestEndpoint {
        var query = QueryParameters()
        query.append("cc", cc)
        query.append("etag", etag)
        query.append("vary", vary)
        query.append("age", age)
        query.append("fail", fail)
        query.append("delay", delay)
        query.append("hold_after", holdAfter)
        return TestEndpoint(["cached"], query: query, headers: headers, options: EndpointOptions(cache: policy))
    }

    /// A client for scenario `sid` with the given data-layer configuration and no retries.
    static func client(
        _ server: FixtureServer, sid: String, dataLayer: DataLayerConfiguration, envelope: EnvelopeFormat? = nil
    ) -> APIClient {
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), envelope: envelope, timeout: 10, retry: .none)
        return APIClient(
            service: service,
            configuration: ClientConfiguration(logging: .disabled, clock: RecordingClock(), dataLayer: dataLayer))
    }
}
