import Foundation

/// What a conditional read the caller made itself came to — a request carrying its own
/// `If-None-Match` (an `ETag` it kept) or `If-Modified-Since`: a new representation, or
/// `304 Not Modified`, meaning the copy the caller holds is still current. A 304 is an answer,
/// not a failure, as in swift-openapi-generator's `Output.notModified` (URLSession hands it over
/// as a response too); `APIClient.conditionalResponse(_:as:)` returns it.
///
/// ```swift
/// switch try await client.conditionalResponse(PetsEndpoint.get(id: id, ifNoneMatch: etag), as: Pet.self) {
/// case .modified(let response): show(response.value, etag: response.headers["ETag"])
/// case .notModified: break  // what is on screen is current
/// }
/// ```
///
/// The plain calls (`send`, `response`) have no value to return for a 304 and throw it as
/// `SpecwrightError` `.httpStatus` with status 304 (`SpecwrightError.isNotModified`). A client
/// with an `HTTPCache` makes conditional requests of its own and answers them from the stored
/// copy (`CacheStatus.revalidated`): this type is for the validators the app keeps.
public enum ConditionalResponse<Value: Sendable>: Sendable {
    /// A 2xx response: the representation changed (or the request had no validator that matched).
    case modified(APIResponse<Value>)
    /// `304 Not Modified`: the caller's copy is current. The response's header fields (the same
    /// `ETag`, a new `Cache-Control` or `Date`), attempts and metadata; no body.
    case notModified(APIResponse<Void>)

    /// The new value, or nil for `notModified`.
    public var value: Value? {
        if case .modified(let response) = self { return response.value }
        return nil
    }

    /// Whether the server answered `304 Not Modified`.
    public var isNotModified: Bool {
        if case .notModified = self { return true }
        return false
    }

    /// The final HTTP status (304 for `notModified`).
    public var status: Int {
        switch self {
        case .modified(let response): return response.status
        case .notModified(let response): return response.status
        }
    }

    /// The final response header fields.
    public var headers: HTTPFields {
        switch self {
        case .modified(let response): return response.headers
        case .notModified(let response): return response.headers
        }
    }
}

extension APIClient {
    /// Sends `endpoint` — a read with the caller's own `If-None-Match` or `If-Modified-Since` —
    /// and returns `.modified` with the decoded value, or `.notModified` when the server answered
    /// `304 Not Modified` (never thrown here). Every other status fails as `send` fails.
    public func conditionalResponse<R: Decodable & Sendable>(_ endpoint: some Endpoint, as type: R.Type)
        async throws -> ConditionalResponse<R>
    {
        let decoder = self.decoder
        return try await conditional(endpoint) { body throws(SpecwrightError) in
            do {
                return try decoder.decode(R.self, from: body)
            } catch {
                throw SpecwrightError(SpecwrightError.decoding(error))
            }
        }
    }

    /// `conditionalResponse(_:as:)` with the raw body of a `modified` response.
    public func conditionalDataResponse(_ endpoint: some Endpoint) async throws -> ConditionalResponse<Data> {
        try await conditional(endpoint) { body throws(SpecwrightError) in body }
    }

    private func conditional<R: Sendable>(
        _ endpoint: some Endpoint, decode: (Data) throws(SpecwrightError) -> R
    ) async throws -> ConditionalResponse<R> {
        let response = try await perform(endpoint, acceptsNotModified: true) {
            response, _ throws(SpecwrightError) -> R? in
            if response.status == 304 { return nil }
            return try decode(response.body)
        }
        guard response.status != 304, let value = response.value else {
            return .notModified(
                APIResponse(
                    value: (), status: response.status, headers: response.headers, attempts: response.attempts,
                    metadata: response.metadata))
        }
        return .modified(
            APIResponse(
                value: value, status: response.status, headers: response.headers, attempts: response.attempts,
                metadata: response.metadata))
    }
}

extension SpecwrightError {
    /// Whether the server answered `304 Not Modified` to a call that needed a body (`send`,
    /// `response`): the caller's own `If-None-Match` or `If-Modified-Since` matched. Call
    /// `APIClient.conditionalResponse(_:as:)` to get it as an answer instead.
    public var isNotModified: Bool {
        if case .httpStatus(let failure) = kind { return failure.status == 304 }
        return false
    }
}
