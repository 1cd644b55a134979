import Foundation

/// Attaches the credentials the call's `AuthRequirement` asks for (`.inherit`: the service's
/// `AuthScheme`), choosing among alternatives with `CredentialProviders`: a bearer token from
/// the token provider (or the replay token after a refresh), Basic credentials, API keys in
/// headers, query parameters or cookies. Endpoints with `auth: .none` get nothing.
struct AuthInterceptor: Interceptor {
    let providers: CredentialProviders

    /// Applies the call's captured credentials (`CallContext.credentials`, set when the call
    /// started), or resolves them from the providers when the call has none captured.
    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        let credentials: CallCredentials
        if let captured = context.call.credentials {
            credentials = captured
        } else {
            credentials = try await resolve(for: context.call, replayToken: context.replayToken)
        }
        return try credentials.applied(to: request, replayToken: context.replayToken)
    }

    /// Asks the providers for the credentials of the alternative `call` sends (not for a bearer
    /// token when a refreshed `replayToken` will stand in for it).
    func resolve(for call: CallContext, replayToken: String? = nil) async throws -> CallCredentials {
        var credentials = CallCredentials()
        for scheme in providers.alternative(for: call.options.auth, service: call.service.auth) {
            try await add(scheme, to: &credentials, replayToken: replayToken)
        }
        return credentials
    }

    private func add(_ scheme: AuthScheme, to credentials: inout CallCredentials, replayToken: String?) async throws {
        switch scheme {
        case .none:
            break
        case .bearer:
            credentials.includesBearer = true
            guard replayToken == nil, let token = try await providers.tokenProvider?.token() else { return }
            try HeaderValidation.check(name: "Authorization", value: token)
            credentials.headers.append(HTTPHeader("Authorization", "Bearer \(token)"))
        case .basic:
            guard let basic = try await providers.basic?() else { return }
            credentials.headers.append(HTTPHeader("Authorization", try basic.headerValue()))
        case .apiKeyHeader(let name):
            guard let key = try await providers.apiKey(named: name) else { return }
            try HeaderValidation.check(name: name, value: key)
            credentials.headers.append(HTTPHeader(name, key))
        case .apiKeyQuery(let name):
            guard let key = try await providers.apiKey(named: name) else { return }
            credentials.queryItems.append(HTTPHeader(name, key))
        case .apiKeyCookie(let name):
            guard let key = try await providers.apiKey(named: name) else { return }
            credentials.cookies.append(try Self.cookie(name: name, value: key))
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
