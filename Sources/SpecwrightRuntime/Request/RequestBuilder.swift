import Foundation

/// Turns an `Endpoint` into a `CallContext`: URL (per-segment percent-encoded path, typed query),
/// service and endpoint headers, encoded body, resolved options and the idempotency key.
struct RequestBuilder: Sendable {
    let service: ServiceDescription
    let baseURL: URL
    let allowsInsecureHTTP: Bool
    let retryOverride: RetryPolicy?
    /// The app's policies by operation name, over the endpoint's and `retryOverride`.
    var operationRetryPolicies: [String: RetryPolicy] = [:]
    private(set) var encoder: JSONEncoder

    /// The base URL's problem, checked once per client and reported on every call.
    let baseURLProblem: String?
    /// The base URL's percent-encoded path without a trailing `/`.
    let basePath: String
    /// `scheme://user@host:port` of the base URL, as written.
    let urlPrefix: String
    /// The base URL's own percent-encoded query, kept in front of the endpoint's.
    let baseQuery: String?

    init(service: ServiceDescription, baseURL: URL?, allowsInsecureHTTP: Bool, retryOverride: RetryPolicy?) {
        self.service = service
        self.baseURL = baseURL ?? service.baseURL
        self.allowsInsecureHTTP = allowsInsecureHTTP
        self.retryOverride = retryOverride
        encoder = service.dates.makeEncoder().writingRequests()
        let components = URLComponents(url: self.baseURL, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
        var prefixComponents = components ?? URLComponents()
        prefixComponents.percentEncodedPath = ""
        prefixComponents.percentEncodedQuery = nil
        prefixComponents.fragment = nil
        urlPrefix = prefixComponents.string ?? ""
        baseQuery = components?.percentEncodedQuery.flatMap { $0.isEmpty ? nil : $0 }
        baseURLProblem = Self.problem(with: components, allowsInsecureHTTP: allowsInsecureHTTP)
    }

    /// Why `components` cannot serve as a base URL, or `nil`. Plain `http://` is refused unless
    /// the host is loopback or insecure HTTP is explicitly allowed (App Transport Security's rule).
    static func problem(with components: URLComponents?, allowsInsecureHTTP: Bool) -> String? {
        guard let components, let scheme = components.scheme?.lowercased() else {
            return "the base URL is not an absolute URL"
        }
        guard let host = components.host, !host.isEmpty else { return "the base URL has no host" }
        switch scheme {
        case "https": return nil
        case "http":
            if allowsInsecureHTTP || LoopbackHost.contains(host) { return nil }
            return "plain http:// to \(host) is refused; use https:// or set ClientConfiguration.allowsInsecureHTTP"
        default:
            return "unsupported URL scheme '\(scheme)'"
        }
    }

    /// A copy that encodes JSON bodies with `encoder`, marked as one that writes requests.
    func with(encoder: JSONEncoder) -> RequestBuilder {
        var copy = self
        copy.encoder = encoder.writingRequests()
        return copy
    }

    func build(_ endpoint: some Endpoint) throws(SpecwrightError) -> CallContext {
        let endpointOptions = endpoint.options
        let options = resolve(endpointOptions, operationName: endpoint.operationName)
        do {
            let request = try makeRequest(endpoint, timeout: options.timeout, accept: endpointOptions.accept)
            var context = CallContext(
                operationName: endpoint.operationName, service: service, request: request, options: options,
                errorBodies: endpoint.errorBodies, callID: CallIdentifier.next())
            if !request.method.isIdempotent, options.isIdempotent {
                if let existing = request.headers.value(for: "Idempotency-Key") {
                    context.idempotencyKey = existing
                } else {
                    let key = UUID().uuidString
                    context.idempotencyKey = key
                    context.request.headers.append(HTTPHeader("Idempotency-Key", key))
                }
            }
            return context
        } catch {
            var error = error
            error.operationName = endpoint.operationName
            error.method = endpoint.method
            throw error
        }
    }

    func resolve(_ options: EndpointOptions, operationName: String) -> ResolvedOptions {
        ResolvedOptions(
            timeout: options.timeout ?? service.timeout,
            retry: operationRetryPolicies[operationName] ?? options.retry ?? retryOverride ?? service.retry,
            cache: options.cache ?? service.cache, auth: options.auth.resolved(inheriting: service.auth),
            isIdempotent: options.isIdempotent, isGate: options.isGate,
            cacheLifetime: options.cacheLifetime ?? .server, invalidates: options.invalidates,
            gateMaxAge: options.gateMaxAge, usesEnvelope: options.usesEnvelope)
    }

    /// The request: the service's headers, then `Accept: accept` (the operation's media types),
    /// then the endpoint's own headers, each replacing fields of the same name.
    private func makeRequest(_ endpoint: some Endpoint, timeout: TimeInterval, accept: String?) throws(SpecwrightError)
        -> HTTPRequest
    {
        if let baseURLProblem { throw SpecwrightError(.invalidRequest(baseURLProblem)) }
        var path = basePath
        for segment in endpoint.percentEncodedPathSegments {
            try PercentEncoding.checkPathSegment(segment)
            path += "/" + segment
        }
        if endpoint.hasTrailingSlash || path.isEmpty { path += "/" }
        var query = ""
        for item in endpoint.query.items {
            if !query.isEmpty { query += "&" }
            let value = try item.value.rendered(dates: service.dates)
            query +=
                PercentEncoding.encode(item.name) + "="
                + (item.allowsReserved
                    ? PercentEncoding.encodeAllowingReserved(value) : PercentEncoding.encode(value))
        }
        var text = urlPrefix + path
        if !query.isEmpty || baseQuery != nil {
            text += "?" + [baseQuery, query.isEmpty ? nil : query].compactMap { $0 }.joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw SpecwrightError(.invalidRequest("the URL for path '\(path)' could not be formed"))
        }
        var headers = service.headers
        if let accept { headers.setValue(accept, for: "Accept") }
        for header in endpoint.headers { headers.setValue(header.value, for: header.name) }
        try CookieHeader.merge(endpoint.cookies, into: &headers, dates: service.dates)
        for header in headers { try HeaderValidation.check(name: header.name, value: header.value) }
        var body: Data?
        var streamed: HTTPBody?
        if let requestBody = endpoint.body {
            if let stream = try requestBody.streamed() {
                streamed = stream.body
                headers.addIfAbsent(HTTPHeader("Content-Type", stream.contentType))
            } else {
                let encoded = try requestBody.encoded(with: encoder)
                body = encoded.data
                headers.addIfAbsent(HTTPHeader("Content-Type", encoded.contentType))
            }
        }
        let timeout = try RequestTimeout.validated(timeout, source: "the endpoint's timeout")
        var request = HTTPRequest(method: endpoint.method, url: url, headers: headers, body: body, timeout: timeout)
        request.streamedBody = streamed
        return request
    }

    /// `url` with `name=value` appended to its query (both percent-encoded).
    static func appendingQueryItem(name: String, value: String, to url: URL) throws(SpecwrightError) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw SpecwrightError(.invalidRequest("the URL could not be parsed"))
        }
        let item = PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value)
        components.percentEncodedQuery = [components.percentEncodedQuery, item].compactMap { $0 }.joined(separator: "&")
        guard let result = components.url else { throw SpecwrightError(.invalidRequest("the URL could not be formed")) }
        return result
    }
}
