import Foundation

/// Runs chunk fetches with bounded concurrency and an optional overall deadline.
///
/// Chunks start in order; at most `concurrency` run at once; results are stored by chunk index, so
/// the output order never depends on completion order. With `failFast` the first failure cancels the
/// chunks still running and is thrown; without it every chunk gets its own `Result`.
enum BatchScheduler {
    /// What a child task of the scheduler reports.
    private enum Event<Element: Sendable>: Sendable {
        case chunk(index: Int, result: Result<[Element], any Error>)
        case deadline
        case deadlineCancelled
    }

    /// Runs `fetch` for every chunk and returns one result per chunk, in chunk order.
    ///
    /// Throws only when `failFast` is set (the first chunk error, or `BatchLoaderError.timedOut`).
    /// Without `failFast`, a timeout or a cancellation turns every unfinished chunk into a failure.
    static func run<ID: Sendable, Element: Sendable>(
        chunks: [[ID]],
        options: BatchOptions,
        failFast: Bool,
        fetch: @escaping @Sendable ([ID]) async throws -> [Element]
    ) async throws -> [Result<[Element], any Error>] {
        guard !chunks.isEmpty else { return [] }
        var results = [Result<[Element], any Error>?](repeating: nil, count: chunks.count)
        try await withThrowingTaskGroup(of: Event<Element>.self) { group in
            if let timeout = options.timeout {
                group.addTask {
                    do {
                        try await Task.sleep(nanoseconds: RequestTimeout.nanoseconds(timeout))
                        return .deadline
                    } catch {
                        return .deadlineCancelled
                    }
                }
            }
            var nextChunk = 0
            var completed = 0
            func startNext() {
                let index = nextChunk
                let ids = chunks[index]
                nextChunk += 1
                let chunkTimeout = options.chunkTimeout
                group.addTask {
                    do {
                        try Task.checkCancellation()
                        return .chunk(
                            index: index,
                            result: .success(try await fetchChunk(ids, timeout: chunkTimeout, fetch: fetch)))
                    } catch {
                        return .chunk(index: index, result: .failure(error))
                    }
                }
            }
            while nextChunk < chunks.count && nextChunk < options.concurrency {
                startNext()
            }
            while completed < chunks.count, let event = try await group.next() {
                switch event {
                case .deadlineCancelled:
                    continue
                case .deadline:
                    group.cancelAll()
                    let timeout = options.timeout ?? 0
                    let error = BatchLoaderError.timedOut(
                        after: timeout, completedChunks: completed, totalChunks: chunks.count)
                    if failFast { throw error }
                    for index in results.indices where results[index] == nil {
                        results[index] = .failure(error)
                    }
                    return
                case let .chunk(index, result):
                    results[index] = result
                    completed += 1
                    if failFast, case let .failure(error) = result {
                        group.cancelAll()
                        throw error
                    }
                    if nextChunk < chunks.count && !Task.isCancelled {
                        startNext()
                    }
                }
            }
            group.cancelAll()
        }
        return results.map { $0 ?? .failure(CancellationError()) }
    }

    /// `fetch(ids)`, cancelled and failed with `BatchLoaderError.chunkTimedOut` when it takes
    /// longer than `timeout` seconds.
    private static func fetchChunk<ID: Sendable, Element: Sendable>(
        _ ids: [ID], timeout: TimeInterval?, fetch: @escaping @Sendable ([ID]) async throws -> [Element]
    ) async throws -> [Element] {
        guard let timeout else { return try await fetch(ids) }
        return try await withThrowingTaskGroup(of: [Element].self) { group in
            group.addTask { try await fetch(ids) }
            group.addTask {
                try await Task.sleep(nanoseconds: RequestTimeout.nanoseconds(timeout))
                throw BatchLoaderError.chunkTimedOut(after: timeout, ids: ids.count)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }
}
