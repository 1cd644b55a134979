import Foundation

/// A token bucket shared by all calls of one client that limits retries when a server is down,
/// modelled on the AWS SDKs' "standard" retry mode: every retry spends tokens, a success refunds
/// them, and when the bucket is empty calls fail at once instead of retrying.
public final class RetryBudget: Sendable {
    /// The bucket's parameters.
    public struct Configuration: Sendable, Hashable {
        /// The capacity (and initial content) of the bucket.
        public var capacity: Int
        /// Tokens a retry costs.
        public var retryCost: Int
        /// Tokens a retry after a timeout costs (timeouts are expensive for the server).
        public var timeoutRetryCost: Int
        /// Tokens a call that succeeds on its first attempt adds back (up to the capacity).
        public var successIncrement: Int

        /// Creates a configuration.
        public init(capacity: Int, retryCost: Int, timeoutRetryCost: Int, successIncrement: Int = 1) {
            self.capacity = max(0, capacity)
            self.retryCost = max(0, retryCost)
            self.timeoutRetryCost = max(0, timeoutRetryCost)
            self.successIncrement = max(0, successIncrement)
        }

        /// 500 tokens, 5 per retry, 10 per timeout retry, 1 back per first-try success: the AWS SDK
        /// standard mode values — 100 consecutive retries (or 50 after timeouts) empty it.
        public static let `default` = Configuration(capacity: 500, retryCost: 5, timeoutRetryCost: 10)
    }

    /// The parameters.
    public let configuration: Configuration
    private let tokens: Locked<Int>

    /// Creates a full bucket.
    public init(_ configuration: Configuration = .default) {
        self.configuration = configuration
        tokens = Locked(configuration.capacity)
    }

    /// The tokens currently available.
    public var available: Int { tokens.value }

    /// Takes the cost of one retry; returns the tokens taken, or `nil` when the budget is exhausted.
    public func acquire(afterTimeout: Bool) -> Int? {
        let cost = afterTimeout ? configuration.timeoutRetryCost : configuration.retryCost
        return tokens.withLock { available in
            guard available >= cost else { return nil }
            available -= cost
            return cost
        }
    }

    /// Gives back `tokens` taken for a retry that was not made (the call was cancelled during its
    /// backoff); never above the capacity.
    func refund(_ tokens: Int) {
        guard tokens > 0 else { return }
        let capacity = configuration.capacity
        self.tokens.withLock { $0 = min(capacity, $0 + tokens) }
    }

    /// Returns tokens after a call succeeded: what its retries took, or the success increment
    /// when it needed no retry; never above the capacity.
    public func recordSuccess(refunding acquired: Int) {
        let amount = acquired > 0 ? acquired : configuration.successIncrement
        let capacity = configuration.capacity
        tokens.withLock { $0 = min(capacity, $0 + amount) }
    }
}
