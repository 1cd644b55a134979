import Foundation

/// Runs the rest of the pipeline for a call and returns its (final) response.
public typealias CallHandler = @Sendable (CallContext) async throws -> HTTPResponse

/// One stage around the retry loop, e.g. the data layer's config gate, cache lookup/store,
/// in-flight de-duplication and envelope unwrapping.
///
/// A stage may return without calling `next` (a cache hit), call it once (the usual case),
/// transform what it returns (envelope unwrapping, cache store) or throw a `SpecwrightError`.
/// The app places its stages outside the data layer (`ClientConfiguration.stagesBeforeDataLayer`)
/// or inside it (`ClientConfiguration.stages`), each list in array order, the first one
/// outermost; the attempt loop is always innermost. `CallPipeline` documents the whole order.
public protocol CallStage: Sendable {
    /// Handles one call. `next` may escape: in-flight de-duplication runs it in a task shared by
    /// several callers, and stale-while-revalidate runs it after the call has returned.
    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse
}

/// Builds the handler chain once per client: `stages[0]` → `stages[1]` → … → `innermost`.
enum CallChain {
    static func compose(_ stages: [any CallStage], innermost: @escaping CallHandler) -> CallHandler {
        var handler = innermost
        for stage in stages.reversed() {
            let next = handler
            handler = { context in try await stage.handle(context, next: next) }
        }
        return handler
    }
}
