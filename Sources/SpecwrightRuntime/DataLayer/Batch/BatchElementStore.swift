import Foundation

/// Elements of cacheable batch endpoints, one per id, kept while they are fresh so a later load
/// skips the ids it already has (issue #16 point 6). In memory only, bounded by `capacity`
/// (the oldest stored elements are dropped first), partitioned by account like the HTTP cache, and
/// cleared with it (`HTTPCache.removeAll(for:)` / `removeAll()`, and by its invalidations).
final class BatchElementStore: Sendable {
    /// One stored element.
    private struct Entry: Sendable {
        var element: any Sendable
        var expires: TimeInterval
        var order: UInt64
    }

    /// Where an element is filed: the operation, the account partition and the id.
    struct Key: Hashable, Sendable {
        var operation: String
        var partition: String
        var id: SendableID

        init<ID: Hashable & Sendable>(operation: String, partition: String, id: ID) {
            self.operation = operation
            self.partition = partition
            self.id = SendableID(value: AnyHashable(id))
        }
    }

    /// An id of any type. `@unchecked Sendable`: it is only made from `Hashable & Sendable` ids,
    /// which `AnyHashable` wraps without sharing mutable state.
    struct SendableID: Hashable, @unchecked Sendable {
        var value: AnyHashable
    }

    private struct State: Sendable {
        var entries: [Key: Entry] = [:]
        var next: UInt64 = 0
    }

    /// The most elements kept.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// The fresh elements stored for `ids` (ids without one are left out).
    func fresh<ID: Hashable & Sendable, Element: Sendable>(
        _ ids: [ID], operation: String, partition: String, now: TimeInterval, as type: Element.Type
    ) -> [ID: Element] {
        state.withLock { state in
            var found: [ID: Element] = [:]
            for id in ids {
                let key = Key(operation: operation, partition: partition, id: id)
                guard let entry = state.entries[key] else { continue }
                if entry.expires > now, let element = entry.element as? Element {
                    found[id] = element
                } else {
                    state.entries[key] = nil
                }
            }
            return found
        }
    }

    /// Stores `elements` by id until `expires`.
    func store<ID: Hashable & Sendable, Element: Sendable>(
        _ elements: [(ID, Element)], operation: String, partition: String, expires: TimeInterval
    ) {
        guard !elements.isEmpty else { return }
        state.withLock { state in
            for (id, element) in elements {
                state.next += 1
                state.entries[Key(operation: operation, partition: partition, id: id)] =
                    Entry(element: element, expires: expires, order: state.next)
            }
            let excess = state.entries.count - capacity
            guard excess > 0 else { return }
            for key in state.entries.sorted(by: { $0.value.order < $1.value.order }).prefix(excess).map(\.key) {
                state.entries[key] = nil
            }
        }
    }

    /// Drops every element of `operation`, in every partition.
    func removeAll(operation: String) {
        state.withLock { state in
            state.entries = state.entries.filter { $0.key.operation != operation }
        }
    }

    /// Drops every element of `partition`, or all when nil.
    func removeAll(partition: String?) {
        state.withLock { state in
            if let partition {
                state.entries = state.entries.filter { $0.key.partition != partition }
            } else {
                state.entries = [:]
            }
        }
    }
}
