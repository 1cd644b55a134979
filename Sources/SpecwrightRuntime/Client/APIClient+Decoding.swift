import Foundation

extension APIClient {
    /// `response(_:as:)`: runs the call and decodes the body as `R`. When the body came from the
    /// cache and does not decode — the stored copy predates an app update that changed `R`, or
    /// the file was damaged — every stored copy of the URL is removed and the call runs once
    /// more (so it reaches the network, or fails as `notCached` under `cacheOnly`); a body
    /// fresh from the network that does not decode is a decoding error at once.
    /// `reportsNotCached: false` keeps a `notCached` failure out of the metrics (a probe).
    func decodedRefetchingUndecodableCopy<R: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: R.Type, reportsNotCached: Bool = true
    ) async throws -> APIResponse<R> {
        let decoder = self.decoder
        var storedCopyFailed = false
        do {
            return try await perform(endpoint, reportsNotCached: reportsNotCached) {
                response, metadata throws(SpecwrightError) in
                do {
                    return try decoder.decode(R.self, from: response.body)
                } catch {
                    storedCopyFailed = metadata.cacheStatus.servesStoredBody
                    throw SpecwrightError(SpecwrightError.decoding(error))
                }
            }
        } catch  where storedCopyFailed {
            try invalidate(endpoint)
            return try await perform(endpoint, reportsNotCached: reportsNotCached) {
                response, _ throws(SpecwrightError) in
                do {
                    return try decoder.decode(R.self, from: response.body)
                } catch {
                    throw SpecwrightError(SpecwrightError.decoding(error))
                }
            }
        }
    }
}

extension CacheStatus {
    /// Whether the body came from the cache (a hit, a stale or offline copy, or a 304 revalidation).
    var servesStoredBody: Bool {
        switch self {
        case .hit, .stale, .revalidated: return true
        case .notConsulted, .miss: return false
        }
    }
}
