import Foundation

#if canImport(Network)
    import Network
#endif

/// Tells an `OutboxFlusher` when the device is back online.
///
/// `.system` is the platform's own signal where there is one: on Apple platforms the Network
/// framework's `NWPathMonitor` (a restoration is the path becoming `satisfied` after it was not).
/// Elsewhere (Linux, Android) it is `.manual`: the app calls `OutboxFlusher.connectivityRestored()`
/// from its own reachability source. `init(restorations:)` adapts any other source.
public struct ConnectivitySignal: Sendable {
    /// Makes a stream that yields once each time connectivity returns; it is iterated while the
    /// flusher runs and cancelled when it stops.
    public let restorations: @Sendable () -> AsyncStream<Void>

    /// A signal from a stream of restorations (for example an app's own reachability observer).
    public init(restorations: @escaping @Sendable () -> AsyncStream<Void>) {
        self.restorations = restorations
    }

    /// No signal of its own: the app reports restorations with `OutboxFlusher.connectivityRestored()`.
    public static let manual = ConnectivitySignal { AsyncStream { $0.finish() } }

    /// The platform's signal: `pathMonitor` on Apple platforms, `manual` elsewhere.
    public static var system: ConnectivitySignal {
        #if canImport(Network)
            pathMonitor
        #else
            manual
        #endif
    }

    #if canImport(Network)
        /// `NWPathMonitor`: yields each time the default path becomes `satisfied` after it was not.
        public static var pathMonitor: ConnectivitySignal {
            ConnectivitySignal {
                AsyncStream { continuation in
                    let monitor = PathMonitorBox()
                    let wasSatisfied = Locked<Bool?>(nil)
                    monitor.monitor.pathUpdateHandler = { path in
                        let satisfied = path.status == .satisfied
                        let previous = wasSatisfied.withLock { state in
                            defer { state = satisfied }
                            return state
                        }
                        if satisfied, previous == false { continuation.yield() }
                    }
                    continuation.onTermination = { _ in monitor.monitor.cancel() }
                    monitor.monitor.start(queue: DispatchQueue(label: "Specwright.ConnectivitySignal"))
                }
            }
        }
    #endif
}

#if canImport(Network)
    /// Holds an `NWPathMonitor` across the stream's closures.
    ///
    /// `@unchecked Sendable`: the monitor is thread-safe (Network delivers its updates on the
    /// queue given to `start`, and `cancel` may be called from any thread); it is never mutated
    /// after `pathUpdateHandler` is set, before `start`.
    private final class PathMonitorBox: @unchecked Sendable {
        let monitor = NWPathMonitor()
    }
#endif
