import Foundation

/// The pipeline stage of the HTTP cache: maps the endpoint's `CachePolicy` to a cache mode, runs
/// `HTTPCacheStage` around the rest of the pipeline and records the cache status and age in the
/// call's trace.
///
/// Who a call is for comes from `CredentialCaptureStage` (`CallContext.partition`); without a
/// captured partition the cache stays out of the call. `Vary` is matched on the request as it
/// will be sent — built headers, the common headers, the captured credentials (their values as
/// keyed hashes) — and stored with the headers the last attempt actually sent.
struct HTTPCacheCallStage: CallStage {
    let stage: HTTPCacheStage
    /// The request with the headers the built-in interceptors add before credentials (common
    /// headers, request id), computed without sending anything.
    let preview: @Sendable (CallContext) -> HTTPRequest
    /// The service's envelope reader: a 200 carrying a business error is never stored.
    var envelope: EnvelopeUnwrapper?

    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        let mode = context.partition == nil ? nil : Self.mode(for: context.options.cache)
        let fingerprint = stage.cache.fingerprint
        let credentialNames = context.credentials?.headerNames ?? []
        var expected = context.request
        if mode != nil {
            expected = preview(context)
            expected = (try? context.credentials?.applied(to: expected)) ?? expected
        }
        let request = CacheableRequest(
            method: context.request.method.rawValue, url: context.request.url.absoluteString,
            headers: fingerprint.masking(HeaderLookup.dictionary(expected.headers), names: credentialNames),
            account: context.partition ?? "", operation: context.operationName, invalidates: context.options.invalidates
        )
        let networkFailed = Locked(false)
        // The call's own network response, returned as it came when the cache passes it through:
        // the cache's dictionary of fields would collapse repeated ones (Set-Cookie, Link).
        let networkResponse = Locked<HTTPResponse?>(nil)
        let result = try await stage.perform(
            request, mode: mode, lifetime: context.options.cacheLifetime, classify: Self.classify
        ) { extra, isBackground in
            var call = context
            if isBackground {
                call.trace = CallTrace()
                call.callID = UUID()
            }
            for (name, value) in extra { call.request.headers.setValue(value, for: name) }
            let log = SentRequestLog()
            call.sentRequests = log
            let response: HTTPResponse
            do {
                response = try await next(call)
            } catch {
                if !isBackground { networkFailed.withLock { $0 = true } }
                throw error
            }
            if !isBackground { networkResponse.withLock { $0 = response } }
            let sent = log.last
            return CacheableResponse(
                status: response.status, headers: response.headers.dictionary, body: response.body,
                sentHeaders: sent.map { fingerprint.masking($0.headers, names: credentialNames) },
                mayStore: (sent.map { !$0.isReplay } ?? false)
                    && EnvelopeStage.isCacheable(
                        response, method: call.request.method,
                        unwrapper: call.options.usesEnvelope ? envelope : nil)
            )
        }
        if mode != nil {
            // A stale copy after a failed request is the offline (or stale-if-error) fallback.
            let isFallback = result.info.source == .cache && result.info.isStale && networkFailed.value
            context.trace.setCacheStatus(
                Self.status(result.info), age: result.info.isFromCache ? result.info.age : nil,
                isNetworkFallback: isFallback)
        }
        if result.info.source == .network, let response = networkResponse.value { return response }
        return HTTPResponse(
            status: result.response.status, headers: Self.fields(result.response.headers), body: result.response.body)
    }

    /// Stored fields as the app reads them: a joined `Set-Cookie` split back into one field per
    /// cookie, as the transport does (``HTTPFields/splitSetCookie(_:)``); other repeated fields stay
    /// joined by `", "`, which RFC 9110 §5.3 makes equivalent.
    static func fields(_ stored: [String: String]) -> HTTPFields {
        var fields: [HTTPHeader] = []
        for (name, value) in stored.sorted(by: { $0.key < $1.key }) {
            if HTTPHeader.namesMatch(name, "Set-Cookie") {
                fields += HTTPFields.splitSetCookie(value).map { HTTPHeader(name, $0) }
            } else {
                fields.append(HTTPHeader(name, value))
            }
        }
        return HTTPFields(fields)
    }

    /// The cache mode of a policy; nil for `networkOnly`.
    static func mode(for policy: CachePolicy) -> CacheMode? {
        switch policy {
        case .networkOnly: return nil
        case let .cacheFirst(ttl): return .cacheFirst(ttl: ttl)
        case let .networkFirst(ttl): return .networkFirst(ttl: ttl)
        case let .staleWhileRevalidate(ttl): return .staleWhileRevalidate(ttl: ttl)
        case .reload: return .reload
        case .cacheOnly: return .cacheOnly
        case .cacheElseNetwork: return .cacheElseNetwork
        }
    }

    /// Transport errors and timeouts are transport failures; 500/502/503/504 are server errors; an
    /// error the app's own code threw is neither (its caller gets it, not a stored copy).
    static func classify(_ error: any Error) -> CacheFailureKind {
        guard let error = error as? SpecwrightError else { return error is URLError ? .transport : .other }
        if error.isAppError { return .other }
        switch error.kind {
        case .transport, .timeout: return .transport
        case let .httpStatus(failure) where [500, 502, 503, 504].contains(failure.status): return .serverError
        default: return .other
        }
    }

    private static func status(_ info: CacheInfo) -> CacheStatus {
        switch info.source {
        case .network: return .miss
        case .revalidated: return .revalidated
        case .cache: return info.isStale ? .stale : .hit
        }
    }
}
