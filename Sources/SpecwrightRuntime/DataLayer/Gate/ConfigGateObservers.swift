import Foundation

/// Who listens to a `ConfigGate`: streams of config bodies, and wake-ups whenever the gate opens
/// or closes (what keeps `APIClient.gateConfigUpdates(as:)` fresh).
final class ConfigGateObservers: Sendable {
    private let configs = Locked([UUID: AsyncStream<Data>.Continuation]())
    private let changes = Locked([UUID: AsyncStream<Void>.Continuation]())

    /// A stream of config bodies that starts with `current()` (when there is one; read after
    /// the stream is registered, so no update falls in between).
    func stream(current: () -> Data?) -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        configs.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.configs.withLock { $0.removeValue(forKey: id) } }
        if let current = current() { continuation.yield(current) }
        return stream
    }

    /// A stream that yields whenever the gate opens or closes.
    func gateChanges() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        changes.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.changes.withLock { $0.removeValue(forKey: id) } }
        return stream
    }

    func publish(_ config: Data) {
        for continuation in configs.value.values { continuation.yield(config) }
    }

    func gateChanged() {
        for continuation in changes.value.values { continuation.yield() }
    }
}
