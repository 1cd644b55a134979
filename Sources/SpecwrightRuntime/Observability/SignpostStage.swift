#if canImport(os)
    import os

    /// A `CallStage` that wraps every call in a signpost interval named `call`, with the operation
    /// name as its message, so Instruments shows each call (Points of Interest by default).
    /// Add it to `ClientConfiguration.stages`; it sees the whole call, retries and backoff included.
    public struct SignpostStage: CallStage {
        private let holder: SignposterHolder

        /// Creates the stage; intervals go to `category` of `subsystem` (Points of Interest unless given).
        public init(subsystem: String, category: OSLog.Category = .pointsOfInterest) {
            holder = SignposterHolder(signposter: OSSignposter(subsystem: subsystem, category: category))
        }

        /// Begins an interval, runs the rest of the pipeline, ends the interval (also on errors).
        public func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
            let signposter = holder.signposter
            let state = signposter.beginInterval(
                "call", id: signposter.makeSignpostID(), "\(context.operationName, privacy: .public)")
            defer { signposter.endInterval("call", state) }
            return try await next(context)
        }
    }

    /// Holds an `OSSignposter`. `@unchecked Sendable`: the signposter is immutable and safe to use
    /// from any thread; the box only keeps this compiling on SDKs that do not mark it `Sendable`.
    final class SignposterHolder: @unchecked Sendable {
        let signposter: OSSignposter

        init(signposter: OSSignposter) {
            self.signposter = signposter
        }
    }
#endif
