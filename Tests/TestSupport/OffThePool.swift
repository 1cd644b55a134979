import Foundation

/// Runs `work` — a test's long synchronous part (generating a whole corpus, decoding every shared
/// JSON file, waiting for a compiler or another child process) — on threads of its own instead of
/// the ones that run Swift concurrency. On Linux those are Dispatch's global queue's, which keeps
/// about one runnable thread per core (two in CI) and queues every other job behind them: two long
/// synchronous tests there stall every async test of the process, whose time limits then expire (a
/// fresh-clone CI run: nothing finished for 58 s while such tests ran; a loaded run: 30 expired limits).
///
/// `work` stays in the test's task (a task executor preference, not a new task), so expectations
/// may be inside it, and whatever it awaits resumes on such a thread too. Without task executors
/// (Apple platforms before macOS 15 / iOS 18) it runs where it is called.
public func offThePool<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ work: () async throws(Failure) -> Value
) async throws(Failure) -> Value {
    if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
        return try await withTaskExecutorPreference(ThreadTaskExecutor.working, isolation: isolation, operation: work)
    }
    return try await work()
}

/// `offThePool` for work that mostly waits — for a child process (a compiler, a server starting, a
/// validator) — rather than computes: it never queues behind the long computations, so a fixture
/// server's start is not held up for minutes by a corpus being generated.
public func waitingOffThePool<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ work: () async throws(Failure) -> Value
) async throws(Failure) -> Value {
    if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
        return try await withTaskExecutorPreference(ThreadTaskExecutor.waiting, isolation: isolation, operation: work)
    }
    return try await work()
}

/// The executors `offThePool` and `waitingOffThePool` prefer: each job runs on a thread of its own.
/// Not on `DispatchQueue.global()`: its threads run Swift concurrency on Linux, and Dispatch counts a
/// job that keeps a core busy there against the cores it lets run at once; a thread of its own is
/// not counted, and the kernel shares the cores between it and the queue's threads. The computing
/// one runs as many jobs at once as there are cores (the others wait on their threads, so dozens of
/// corpus documents do not all generate at once and leave the async tests a share of the cores).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class ThreadTaskExecutor: TaskExecutor {
    static let working = ThreadTaskExecutor(atOnce: max(2, ProcessInfo.processInfo.activeProcessorCount))
    static let waiting = ThreadTaskExecutor(atOnce: nil)

    private let running: DispatchSemaphore?

    private init(atOnce: Int?) {
        running = atOnce.map(DispatchSemaphore.init(value:))
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let thread = Thread {
            self.running?.wait()
            defer { self.running?.signal() }
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
