import Foundation

/// Attaches the credentials the call's `AuthRequirement` asks for (`.inherit`: the service's
/// `AuthScheme`), choosing among alternatives with `CredentialProviders`: a bearer token from
/// the token provider (or the replay token after a refresh), Basic credentials, API keys in
/// headers, query parameters or cookies. Endpoints with `auth: .none` get nothing.
struct AuthInterceptor: Interceptor {
    let providers: CredentialProviders

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        var request = request
        for scheme in providers.alternative(for: context.call.options.auth, service: context.call.service.auth) {
            try await apply(scheme, to: &request, replayToken: context.replayToken)
        }
        return request
    }

    private func apply(_ scheme: AuthScheme, to request: inout HTTPRequest, replayToken: String?) async throws {
        switch scheme {
        case .none:
            break
        case .bearer:
            var token = replayToken
            if token == nil { token = try await providers.tokenProvider?.token() }
            guard let token else { return }
            try HeaderValidation.check(name: "Authorization", value: token)
            request.headers.setValue("Bearer \(token)", for: "Authorization")
        case .basic:
            guard let credentials = try await providers.basic?() else { return }
            let value = try credentials.headerValue()
            request.headers.setValue(value, for: "Authorization")
        case .apiKeyHeader(let name):
            guard let key = try await providers.apiKey(named: name) else { return }
            try HeaderValidation.check(name: name, value: key)
            request.headers.setValue(key, for: name)
        case .apiKeyQuery(let name):
            guard let key = try await providers.apiKey(named: name) else { return }
            request.url = try RequestBuilder.appendingQueryItem(name: name, value: key, to: request.url)
        case .apiKeyCookie(let name):
            guard let key = try await providers.apiKey(named: name) else { return }
            let pair = try Self.cookie(name: name, value: key)
            let existing = request.headers.value(for: "Cookie")
            request.headers.setValue(existing.map { $0 + "; " + pair } ?? pair, for: "Cookie")
        }
    }

    /// `name=value` for a `Cookie` header; refuses what RFC 6265 §4.1.1 does not allow in a
    /// cookie name (a token) or value (cookie-octets), rather than send a header the server splits differently.
    static func cookie(name: String, value: String) throws(SpecwrightError) -> String {
        let separators = Set("()<>@,;:\\\"/[]?={} \t".utf8)
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 32 && $0 < 127 && !separators.contains($0) }) else {
            throw SpecwrightError(.invalidRequest("invalid cookie name '\(name)'"))
        }
        let forbidden = Set("\",;\\ ".utf8)
        guard value.utf8.allSatisfy({ $0 > 32 && $0 < 127 && !forbidden.contains($0) }) else {
            throw SpecwrightError(.invalidRequest("the value of cookie '\(name)' has characters a cookie cannot carry"))
        }
        return name + "=" + value
    }

    /// The bearer token a request carries, if any.
    static func bearerToken(of request: HTTPRequest) -> String? {
        guard let value = request.headers.value(for: "Authorization"), value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }
}
