/// Pure planning for a batch load: de-duplication (first occurrence wins, order kept) and
/// splitting into chunks. Kept free of concurrency so it can be tested on its own.
enum BatchPlan {
    /// The ids without repeats, in first-occurrence order, leaving out those in `skipping`.
    static func uniqueIDs<ID: Hashable>(_ ids: [ID], skipping: Set<ID> = []) -> [ID] {
        var seen = skipping
        var result: [ID] = []
        result.reserveCapacity(ids.count)
        for id in ids where seen.insert(id).inserted {
            result.append(id)
        }
        return result
    }

    /// `ids` cut into consecutive chunks of at most `size` elements (`size` is at least 1).
    static func chunks<ID>(_ ids: [ID], size: Int) -> [[ID]] {
        let size = max(1, size)
        return stride(from: 0, to: ids.count, by: size).map { start in
            Array(ids[start..<min(start + size, ids.count)])
        }
    }
}
