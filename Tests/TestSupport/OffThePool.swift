import Foundation

/// Runs `work` — a test's long synchronous part (generating a whole corpus, decoding every shared
/// JSON file, waiting for a compiler or another child process) — on Dispatch's threads instead of
/// the Swift concurrency pool's. That pool has one thread per core (two in CI); two long synchronous
/// tests on it stall every async test of the process, whose time limits then expire (a fresh-clone
/// CI run: nothing finished for 58 s while such tests ran).
///
/// `work` stays in the test's task (a task executor preference, not a new task), so expectations
/// may be inside it, and whatever it awaits resumes on Dispatch too. Without task executors
/// (Apple platforms before macOS 15 / iOS 18) it runs where it is called.
public func offThePool<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ work: () async throws(Failure) -> Value
) async throws(Failure) -> Value {
    if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
        return try await withTaskExecutorPreference(DispatchTaskExecutor.shared, isolation: isolation, operation: work)
    }
    return try await work()
}

/// The executor `offThePool` prefers: each job runs on Dispatch's global queue, whose threads are
/// not the concurrency pool's (it adds threads while its own ones block).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class DispatchTaskExecutor: TaskExecutor {
    static let shared = DispatchTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
