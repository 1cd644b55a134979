import Foundation

/// The per-call record stages write to while a call runs: attempts, retries, bytes, cache status,
/// transport timings.
/// It becomes the call's `ResponseMetadata` and metrics event. One trace belongs to one call;
/// stages of that call may touch it from different tasks, hence the lock.
public final class CallTrace: Sendable {
    private let state = Locked(ResponseMetadata())

    /// Creates an empty trace.
    public init() {}

    /// A snapshot of everything recorded so far.
    public var metadata: ResponseMetadata { state.value }

    /// Records that an attempt reached the transport with `bytesSent` body bytes.
    public func recordAttempt(bytesSent: Int) {
        state.withLock {
            $0.attempts += 1
            $0.bytesSent += bytesSent
        }
    }

    /// Records `bytes` of response body received.
    public func recordReceived(bytes: Int) {
        state.withLock { $0.bytesReceived += bytes }
    }

    /// Records a retry and the delay before it.
    public func recordRetry(reason: String, delay: TimeInterval) {
        state.withLock { $0.retries.append(RetryRecord(reason: reason, delay: delay)) }
    }

    /// Records a replay with a refreshed token after a 401 (not a retry).
    public func recordTokenReplay() {
        state.withLock { $0.tokenReplays += 1 }
    }

    /// Sets the cache status (the data layer's cache stage calls this).
    public func setCacheStatus(_ status: CacheStatus) {
        state.withLock { $0.cacheStatus = status }
    }

    /// Sets the cache status and the age of a response served from the cache; `isNetworkFallback`
    /// says that the network failed and a stored copy answered instead (the offline read).
    public func setCacheStatus(_ status: CacheStatus, age: TimeInterval?, isNetworkFallback: Bool = false) {
        state.withLock {
            $0.cacheStatus = status
            $0.cacheAge = age
            $0.isNetworkFallback = isNetworkFallback
        }
    }

    /// Records what the transport measured for one attempt (`HTTPResponse.timings`).
    public func recordTransportTimings(_ timings: TransportTimings) {
        state.withLock { $0.transportTimings.append(timings) }
    }
}
