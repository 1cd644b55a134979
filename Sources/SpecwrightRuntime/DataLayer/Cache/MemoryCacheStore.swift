import Foundation

/// The in-memory tier of the HTTP cache: least-recently-used entries are evicted once the total
/// cost (bytes) exceeds `capacity`. An entry larger than the capacity is not kept at all.
final class MemoryCacheStore: Sendable {
    /// A slot's identity: primary key plus variant.
    private struct SlotID: Hashable {
        var key: String
        var variant: String
    }

    private struct State {
        var entries: [SlotID: (entry: CacheEntry, tick: UInt64)] = [:]
        var variantsByKey: [String: Set<SlotID>] = [:]
        /// Access order: tick → slot; the smallest tick is the least recently used.
        var order: [UInt64: SlotID] = [:]
        var nextTick: UInt64 = 0
        /// No tick below this one is still in `order` (advanced lazily; amortized O(1) eviction).
        var lowestTick: UInt64 = 0
        var totalCost = 0
    }

    /// The byte budget.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The current total cost in bytes.
    var totalCost: Int { state.withLock { $0.totalCost } }

    /// The number of entries held.
    var count: Int { state.withLock { $0.entries.count } }

    /// The stored variants for `key`, marking them as recently used.
    func entries(for key: CacheKey) -> [CacheEntry] {
        state.withLock { state in
            let slots = state.variantsByKey[key.storageKey] ?? []
            return slots.compactMap { slot in
                guard let stored = state.entries[slot] else { return nil }
                state.order[stored.tick] = nil
                let tick = state.nextTick
                state.nextTick += 1
                state.order[tick] = slot
                state.entries[slot] = (stored.entry, tick)
                return stored.entry
            }
        }
    }

    /// Stores `entry`, replacing the same variant, then evicts until within capacity.
    func insert(_ entry: CacheEntry) {
        let slot = SlotID(key: entry.key.storageKey, variant: entry.variant.storageKey)
        state.withLock { state in
            Self.remove(slot, from: &state)
            guard entry.cost <= capacity else { return }
            let tick = state.nextTick
            state.nextTick += 1
            state.entries[slot] = (entry, tick)
            state.order[tick] = slot
            state.variantsByKey[slot.key, default: []].insert(slot)
            state.totalCost += entry.cost
            while state.totalCost > capacity, let victim = Self.leastRecentlyUsed(in: &state) {
                Self.remove(victim, from: &state)
            }
        }
    }

    /// Removes every variant of `key`.
    func remove(_ key: CacheKey) {
        state.withLock { state in
            for slot in state.variantsByKey[key.storageKey] ?? [] { Self.remove(slot, from: &state) }
        }
    }

    /// Removes the entries whose key matches `predicate`.
    func removeAll(where predicate: (CacheKey) -> Bool) {
        removeEntries(where: { predicate($0.key) })
    }

    /// Removes the entries matching `predicate`.
    func removeEntries(where predicate: (CacheEntry) -> Bool) {
        state.withLock { state in
            let victims = state.entries.filter { predicate($0.value.entry) }.map(\.key)
            for slot in victims { Self.remove(slot, from: &state) }
        }
    }

    /// The slot with the smallest tick. Ticks only grow, so skipping the holes left by accessed or
    /// removed entries costs each tick at most once over the store's lifetime.
    private static func leastRecentlyUsed(in state: inout State) -> SlotID? {
        while state.lowestTick < state.nextTick {
            if let slot = state.order[state.lowestTick] { return slot }
            state.lowestTick += 1
        }
        return nil
    }

    private static func remove(_ slot: SlotID, from state: inout State) {
        guard let stored = state.entries.removeValue(forKey: slot) else { return }
        state.order[stored.tick] = nil
        state.totalCost -= stored.entry.cost
        state.variantsByKey[slot.key]?.remove(slot)
        if state.variantsByKey[slot.key]?.isEmpty == true { state.variantsByKey[slot.key] = nil }
    }
}
