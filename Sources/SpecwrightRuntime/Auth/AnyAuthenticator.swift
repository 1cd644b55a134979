import Foundation

/// A credential of some authenticator, compared with its own `==`.
struct AnyCredential: Sendable, Equatable {
    let value: any Sendable
    private let isEqual: @Sendable (any Sendable) -> Bool

    init<Credential: Sendable & Equatable>(_ value: Credential) {
        self.value = value
        isEqual = { ($0 as? Credential) == value }
    }

    static func == (lhs: AnyCredential, rhs: AnyCredential) -> Bool {
        lhs.isEqual(rhs.value)
    }
}

/// An `Authenticator` of any credential type, as the runtime stores and calls it.
struct AnyAuthenticator: Sendable {
    let refreshes: Bool
    private let currentCredential: @Sendable (AuthScheme) async throws -> AnyCredential?
    private let applyCredential: @Sendable (AnyCredential, AuthScheme, inout HTTPRequest) throws -> Void
    private let isExpiring: @Sendable (AnyCredential, Date) -> Bool
    private let rejects: @Sendable (HTTPResponse, HTTPRequest) -> Bool
    private let renew: @Sendable (AnyCredential?, AuthScheme) async throws -> AnyCredential

    init<Wrapped: Authenticator>(_ authenticator: Wrapped) {
        refreshes = authenticator.refreshes
        currentCredential = { scheme in try await authenticator.credential(for: scheme).map(AnyCredential.init) }
        applyCredential = { credential, scheme, request in
            try authenticator.apply(try Self.unwrap(credential, as: Wrapped.self), for: scheme, to: &request)
        }
        isExpiring = { credential, now in
            (credential.value as? Wrapped.Credential).map { authenticator.requiresRefresh($0, now: now) } ?? false
        }
        rejects = { response, request in authenticator.isAuthenticationFailure(response, for: request) }
        renew = { rejected, scheme in
            let old = try rejected.map { try Self.unwrap($0, as: Wrapped.self) }
            return AnyCredential(try await authenticator.refresh(old, for: scheme))
        }
    }

    /// The credential to send for `scheme` now.
    func credential(for scheme: AuthScheme) async throws -> AnyCredential? { try await currentCredential(scheme) }

    /// Puts `credential` on `request`.
    func apply(_ credential: AnyCredential, for scheme: AuthScheme, to request: inout HTTPRequest) throws {
        try applyCredential(credential, scheme, &request)
    }

    /// Whether `credential` is to be renewed before it is sent.
    func requiresRefresh(_ credential: AnyCredential, now: Date) -> Bool { isExpiring(credential, now) }

    /// Whether `response` rejected the credentials of `request`.
    func isAuthenticationFailure(_ response: HTTPResponse, for request: HTTPRequest) -> Bool {
        rejects(response, request)
    }

    /// A new credential instead of `rejected`.
    func refresh(_ rejected: AnyCredential?, for scheme: AuthScheme) async throws -> AnyCredential {
        try await renew(rejected, scheme)
    }

    private static func unwrap<Wrapped: Authenticator>(_ credential: AnyCredential, as: Wrapped.Type) throws
        -> Wrapped.Credential
    {
        guard let value = credential.value as? Wrapped.Credential else {
            throw SpecwrightError(.invalidRequest("a credential of another authenticator was given to \(Wrapped.self)"))
        }
        return value
    }
}
