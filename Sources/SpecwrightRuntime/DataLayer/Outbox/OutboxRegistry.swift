import Foundation

/// The outboxes a client has written to or flushed, held weakly, so that `APIClient.signOut()` can
/// discard the writes of the user who signs out: they must never go out with the next user's
/// credentials.
final class OutboxRegistry: Sendable {
    private struct Reference: Sendable {
        weak var outbox: Outbox?
    }

    private let references = Locked([ObjectIdentifier: Reference]())

    /// Remembers `outbox` (once; forgotten when it is deallocated).
    func register(_ outbox: Outbox) {
        references.withLock { references in
            references = references.filter { $0.value.outbox != nil }
            references[ObjectIdentifier(outbox)] = Reference(outbox: outbox)
        }
    }

    /// The outboxes still alive.
    var outboxes: [Outbox] {
        references.withLock { $0.values.compactMap(\.outbox) }
    }
}
