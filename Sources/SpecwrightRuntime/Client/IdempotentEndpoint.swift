import Foundation

/// An endpoint sent with the `Idempotency-Key` the app chose, so that the app itself can repeat a
/// write whose outcome it does not know — the answer was lost, the call timed out, the screen
/// closed — and the server applies it once. Every attempt of every call made with the same key
/// sends that key, and the call may be retried like any idempotent one (`EndpointOptions.isIdempotent`).
///
/// ```swift
/// let key = UUID().uuidString            // one per write the user made, kept until it succeeded
/// let note = try await client.client.send(NotesEndpoint.create(body: draft).idempotencyKey(key), as: Note.self)
/// ```
///
/// Everything else is the base's (``ForwardingEndpoint``). A key the endpoint already carries in its headers is replaced. The outbox keeps the key too
/// (`APIClient.enqueue`), so a write queued with it and one sent directly are the same write.
public struct IdempotentEndpoint<Base: Endpoint>: ForwardingEndpoint {
    /// The endpoint sent.
    public let base: Base
    /// The `Idempotency-Key` of every attempt.
    public let key: String

    /// `base` with the idempotency key `key`.
    public init(_ base: Base, key: String) {
        self.base = base
        self.key = key
    }

    /// The base's headers with `Idempotency-Key: key` in place of any key they carry.
    public var headers: [HTTPHeader] {
        base.headers.filter { !HTTPHeader.namesMatch($0.name, "Idempotency-Key") } + [
            HTTPHeader("Idempotency-Key", key)
        ]
    }

    /// The base's options, idempotent.
    public var options: EndpointOptions {
        var options = base.options
        options.isIdempotent = true
        return options
    }
}

extension Endpoint {
    /// This endpoint sent with the `Idempotency-Key` `key` on every attempt (see `IdempotentEndpoint`).
    public func idempotencyKey(_ key: String) -> IdempotentEndpoint<Self> {
        IdempotentEndpoint(self, key: key)
    }
}
