import Foundation

/// A value guarded by a lock: the runtime's one wrapper for shared mutable state.
///
/// `@unchecked Sendable` is safe because `value` is only read or written while `lock` is held.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        storage = value
    }

    /// A snapshot of the value.
    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage)
    }
}
