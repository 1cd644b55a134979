import Foundation

/// Writes a streamed request body that is not a file (an app's async sequence; on Apple platforms
/// also a multipart body with file parts, which Linux sends from its parts: `BodyInputStream`) to a
/// temporary file, chunk by chunk, which `URLSessionTransport` then uploads
/// with a `Content-Length`: memory stays at one chunk, and FoundationNetworking never waits on its
/// work queue for bytes that are still being produced (its stream bodies must be readable at once).
///
/// Cancelling the calling task ends the spool at once, whatever the source does: the source is read
/// by a task of its own, the caller stops waiting the moment it is cancelled, the source is not
/// asked for another chunk, and the file is removed. A source that ends because its reader was
/// cancelled (an `AsyncStream` then returns `nil`) is not taken for a complete body.
enum BodySpool {
    /// The temporary file holding all of `body`; throws `CancellationError` when the calling task
    /// is cancelled first, or the source's or the file's error.
    static func spool(_ body: HTTPBody) async throws -> URL {
        try Task.checkCancellation()
        let handoff = Handoff()
        let reader = Task {
            do {
                handoff.deliver(.success(try await write(body)))
            } catch {
                handoff.deliver(.failure(error))
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { handoff.wait($0) }
        } onCancel: {
            handoff.deliver(.failure(CancellationError()))
            reader.cancel()
        }
    }

    /// Reads `body` into a new temporary file; the file is removed on any error.
    private static func write(_ body: HTTPBody) async throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-body-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw URLError(
                .cannotCreateFile,
                userInfo: [NSLocalizedDescriptionKey: "cannot spool the request body to \(file.path)"])
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            for try await chunk in body {
                // A chunk that arrives after the cancel is not written, and no other is asked for.
                try Task.checkCancellation()
                try handle.write(contentsOf: chunk)
            }
            try Task.checkCancellation()
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        return file
    }

    /// Hands the spool's outcome to its caller once: the first outcome wins (the reader's, or the
    /// cancellation's); a file that arrives after the caller was answered is removed.
    private final class Handoff: Sendable {
        private enum State {
            case pending
            case waiting(CheckedContinuation<URL, any Error>)
            case ready(Result<URL, any Error>)
            case answered
        }

        private let state = Locked<State>(.pending)

        func wait(_ continuation: CheckedContinuation<URL, any Error>) {
            let ready: Result<URL, any Error>? = state.withLock { state in
                guard case .ready(let outcome) = state else {
                    state = .waiting(continuation)
                    return nil
                }
                state = .answered
                return outcome
            }
            if let ready { continuation.resume(with: ready) }
        }

        func deliver(_ outcome: Result<URL, any Error>) {
            let (waiting, isLate) = state.withLock { state -> (CheckedContinuation<URL, any Error>?, Bool) in
                switch state {
                case .pending:
                    state = .ready(outcome)
                    return (nil, false)
                case .waiting(let continuation):
                    state = .answered
                    return (continuation, false)
                case .ready, .answered:
                    return (nil, true)
                }
            }
            waiting?.resume(with: outcome)
            if isLate, case .success(let file) = outcome { try? FileManager.default.removeItem(at: file) }
        }
    }
}
