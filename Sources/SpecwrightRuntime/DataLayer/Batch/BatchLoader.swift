import Foundation

/// Loads many ids through an endpoint that accepts a bounded list of ids per call
/// (the spec's `batch:` endpoints).
///
/// Every variant de-duplicates the ids (first occurrence wins, order kept), splits them into chunks
/// of `BatchOptions.size`, runs at most `BatchOptions.concurrency` calls at once and returns results
/// in chunk order — never in completion order.
///
/// Partial-failure semantics:
/// - `load(_:options:fetch:)` and the variants built on it are all-or-nothing: the first chunk that
///   fails cancels the chunks still running, starts no further chunk, and its error is rethrown
///   unchanged. Elements already fetched by other chunks are discarded. When the overall timeout
///   elapses first, `BatchLoaderError.timedOut` is thrown.
/// - `loadEach(_:options:fetch:)` never throws: it runs every chunk and reports a `Result` per chunk,
///   so a caller can keep what succeeded and retry only the failed ids.
public enum BatchLoader {
    /// Splits `ids` (de-duplicated, order kept) into chunks of `size`, runs at most `concurrency`
    /// fetches at once, returns the fetched elements concatenated in chunk order.
    ///
    /// Throws the first error a chunk throws (the others are cancelled) or
    /// `BatchLoaderError.timedOut`. An empty `ids` list makes no call and returns `[]`.
    public static func load<ID: Hashable & Sendable, Element: Sendable>(
        _ ids: [ID], options: BatchOptions,
        fetch: @escaping @Sendable ([ID]) async throws -> [Element]
    ) async throws -> [Element] {
        try await load(ids, skipping: [], options: options, fetch: fetch)
    }

    /// Like `load(_:options:fetch:)`, but ids in `skipping` (those the caller already has) are not
    /// requested; the result holds only the newly fetched elements, in chunk order.
    public static func load<ID: Hashable & Sendable, Element: Sendable>(
        _ ids: [ID], skipping: Set<ID>, options: BatchOptions,
        fetch: @escaping @Sendable ([ID]) async throws -> [Element]
    ) async throws -> [Element] {
        let chunks = BatchPlan.chunks(BatchPlan.uniqueIDs(ids, skipping: skipping), size: options.size)
        let results = try await BatchScheduler.run(
            chunks: chunks, options: options, failFast: true, fetch: fetch)
        var elements: [Element] = []
        for result in results {
            elements.append(contentsOf: try result.get())
        }
        return elements
    }

    /// Loads the ids missing from `existing` and returns one element per requested id, in the
    /// order of `ids` (de-duplicated): known elements come from `existing`, the others from the
    /// fetched chunks, matched by `id`. Ids the server did not return are left out.
    ///
    /// Failure semantics are those of `load(_:options:fetch:)`.
    public static func load<ID: Hashable & Sendable, Element: Sendable>(
        _ ids: [ID], reusing existing: [ID: Element], id: @escaping @Sendable (Element) -> ID,
        options: BatchOptions,
        fetch: @escaping @Sendable ([ID]) async throws -> [Element]
    ) async throws -> [Element] {
        let fetched = try await load(ids, skipping: Set(existing.keys), options: options, fetch: fetch)
        var byID = existing
        for element in fetched {
            byID[id(element)] = element
        }
        return BatchPlan.uniqueIDs(ids).compactMap { byID[$0] }
    }

    /// Runs every chunk and reports each one's ids with its own result, in chunk order; never
    /// throws. After the overall timeout, unfinished chunks fail with `BatchLoaderError.timedOut`;
    /// if the calling task is cancelled, chunks not yet finished fail with `CancellationError`.
    public static func loadEach<ID: Hashable & Sendable, Element: Sendable>(
        _ ids: [ID], options: BatchOptions,
        fetch: @escaping @Sendable ([ID]) async throws -> [Element]
    ) async -> BatchReport<ID, Element> {
        let chunks = BatchPlan.chunks(BatchPlan.uniqueIDs(ids), size: options.size)
        let results: [Result<[Element], any Error>]
        do {
            results = try await BatchScheduler.run(
                chunks: chunks, options: options, failFast: false, fetch: fetch)
        } catch {
            results = chunks.map { _ in .failure(error) }
        }
        return BatchReport(chunks: zip(chunks, results).map { BatchReport.Chunk(ids: $0, result: $1) })
    }
}

/// The outcome of `BatchLoader.loadEach`: one entry per chunk, in chunk order.
public struct BatchReport<ID: Hashable & Sendable, Element: Sendable>: Sendable {
    /// One chunk: the ids it asked for and what the call produced.
    public struct Chunk: Sendable {
        /// The ids sent in this call.
        public var ids: [ID]
        /// The elements returned, or the error the call failed with.
        public var result: Result<[Element], any Error>
    }

    /// Every chunk in order.
    public var chunks: [Chunk]

    /// The elements of the successful chunks, concatenated in chunk order.
    public var elements: [Element] {
        chunks.flatMap { (try? $0.result.get()) ?? [] }
    }

    /// The ids of the chunks that failed, in order (retry these).
    public var failedIDs: [ID] {
        chunks.flatMap { chunk -> [ID] in
            if case .failure = chunk.result { return chunk.ids }
            return []
        }
    }

    /// The errors of the failed chunks, in chunk order.
    public var errors: [any Error] {
        chunks.compactMap { chunk in
            if case let .failure(error) = chunk.result { return error }
            return nil
        }
    }

    /// Whether every chunk succeeded.
    public var isComplete: Bool { errors.isEmpty }
}
