import Foundation

/// The last partition a call of one client was filed under with credentials or an account: what
/// `APIClient.signOut()` removes when the app no longer says who is signed in — it cleared its
/// session before calling `signOut()`, the opposite of the documented order — so the signed-out
/// account's responses do not stay on disk either way.
final class SignedInPartitionRecord: Sendable {
    private let last = Locked<String?>(nil)

    /// Records `partition` unless it is the anonymous one (`""`).
    func record(_ partition: String?) {
        guard let partition, !partition.isEmpty else { return }
        last.withLock { $0 = partition }
    }

    /// The recorded partition, forgotten from now on.
    func take() -> String? {
        last.withLock { last in
            defer { last = nil }
            return last
        }
    }
}
