import Foundation

/// Runs `work` — a test's long synchronous part (generating a whole corpus, decoding every shared
/// JSON file) — on a Dispatch thread and awaits its result, so it does not hold one of the Swift
/// concurrency pool's threads. That pool has one thread per core (two in CI); two long synchronous
/// tests on it stall every async test of the process, whose time limits then expire (a fresh-clone
/// CI run: nothing finished for 58 s while such tests ran). Expectations belong after it, in the
/// test's own task: an issue recorded on a Dispatch thread is not the test's.
public func offThePool<Value>(_ work: @escaping @Sendable () throws -> sending Value) async throws -> sending Value {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        DispatchQueue.global().async {
            do {
                continuation.resume(returning: try work())
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}
