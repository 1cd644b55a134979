import Foundation

/// A value protected by a lock, for the data-layer components' small shared states.
///
/// `@unchecked Sendable`: `value` is only read or written inside `withLock`, which holds `lock`.
final class DataLock<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
