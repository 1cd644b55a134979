import Foundation

/// Call durations in a fixed amount of memory: 608 counters, whatever the number of calls
/// (HdrHistogram's log-linear layout). Durations are counted in whole microseconds; values below
/// 16 µs have a bucket each, above that every power of two is split into 16 buckets, so a
/// reported percentile is within 1/32 (3.2 %) of the true value. The range ends at 2^41 µs
/// (about 25 days); longer durations count in the last bucket.
public struct LatencyHistogram: Sendable, Hashable {
    /// Buckets per power of two (2^4).
    static let subBucketBits = 4
    static let subBuckets = 1 << subBucketBits
    /// Powers of two above the linear part: 2^4 … 2^40 µs.
    static let bucketCount = (41 - subBucketBits + 1) * subBuckets

    private var counts: [UInt64]
    /// The number of recorded durations.
    public private(set) var count: UInt64 = 0
    /// The longest recorded duration in seconds (exact, not bucketed).
    public private(set) var maximum: TimeInterval = 0

    /// Creates an empty histogram.
    public init() {
        counts = [UInt64](repeating: 0, count: Self.bucketCount)
    }

    /// Adds one duration in seconds (negative or non-finite values count as 0).
    public mutating func record(_ seconds: TimeInterval) {
        let micros = seconds.isFinite && seconds > 0 ? UInt64(min(seconds * 1_000_000, 9.0e15)) : 0
        counts[Self.index(of: micros)] &+= 1
        count &+= 1
        if seconds.isFinite, seconds > maximum { maximum = seconds }
    }

    /// Adds every duration of `other`.
    public mutating func merge(_ other: LatencyHistogram) {
        for index in counts.indices { counts[index] &+= other.counts[index] }
        count &+= other.count
        maximum = max(maximum, other.maximum)
    }

    /// The duration in seconds at `fraction` (0…1) of the recorded calls, by nearest rank: the
    /// middle of the bucket holding that rank (capped at `maximum`); 0 when empty.
    public func percentile(_ fraction: Double) -> TimeInterval {
        guard count > 0 else { return 0 }
        let rank = max(1, UInt64((min(1, max(0, fraction)) * Double(count)).rounded(.up)))
        var seen: UInt64 = 0
        for (index, bucketCount) in counts.enumerated() where bucketCount > 0 {
            seen += bucketCount
            if seen >= rank {
                let (lower, width) = Self.bounds(of: index)
                let middle = Double(lower) + Double(width - 1) / 2
                return min(maximum, middle / 1_000_000)
            }
        }
        return maximum
    }

    /// The bucket of a duration in microseconds.
    static func index(of micros: UInt64) -> Int {
        guard micros >= UInt64(subBuckets) else { return Int(micros) }
        let exponent = 63 - micros.leadingZeroBitCount
        let shift = exponent - subBucketBits
        let index =
            (exponent - subBucketBits + 1) * subBuckets + Int((micros >> UInt64(shift)) & UInt64(subBuckets - 1))
        return min(index, bucketCount - 1)
    }

    /// The first value (µs) of bucket `index` and how many values it spans.
    static func bounds(of index: Int) -> (lower: UInt64, width: UInt64) {
        guard index >= subBuckets else { return (UInt64(index), 1) }
        let shift = index / subBuckets - 1
        let mantissa = UInt64(subBuckets + index % subBuckets)
        return (mantissa << UInt64(shift), 1 << UInt64(shift))
    }
}
