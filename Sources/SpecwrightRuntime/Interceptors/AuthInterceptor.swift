import Foundation

/// Attaches the service's credentials (`AuthScheme`) unless the endpoint says `auth: none`:
/// `Authorization: Bearer <token>` from the token provider (or the replay token after a
/// refresh), or the API key in its header or query parameter.
struct AuthInterceptor: Interceptor {
    let scheme: AuthScheme
    let tokenProvider: TokenProvider?
    let apiKeyProvider: (@Sendable () async throws -> String?)?

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        guard context.call.options.auth == .inherit else { return request }
        var request = request
        switch scheme {
        case .none:
            break
        case .bearer:
            let token: String?
            if let replay = context.replayToken {
                token = replay
            } else {
                token = try await tokenProvider?.token()
            }
            if let token {
                try HeaderValidation.check(name: "Authorization", value: token)
                request.headers.setValue("Bearer \(token)", for: "Authorization")
            }
        case .apiKeyHeader(let name):
            if let key = try await apiKeyProvider?() {
                try HeaderValidation.check(name: name, value: key)
                request.headers.setValue(key, for: name)
            }
        case .apiKeyQuery(let name):
            if let key = try await apiKeyProvider?() {
                request.url = try RequestBuilder.appendingQueryItem(name: name, value: key, to: request.url)
            }
        }
        return request
    }

    /// The bearer token a request carries, if any.
    static func bearerToken(of request: HTTPRequest) -> String? {
        guard let value = request.headers.value(for: "Authorization"), value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }
}
