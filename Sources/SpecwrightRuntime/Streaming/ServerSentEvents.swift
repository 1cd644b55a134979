import Foundation

/// The events of a `text/event-stream` body, as they arrive (`APIClient.events(_:)`), reopening
/// the stream after a lost connection when it announced event ids (`ServerSentEventReconnect`).
///
/// Iterate it once. Leaving the loop early, or cancelling the iterating task, cancels the request.
public struct ServerSentEvents: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent
    /// Opens the stream again after a lost connection, sending `lastEventID` as `Last-Event-ID`.
    public typealias Reopen = @Sendable (_ lastEventID: String) async throws -> HTTPBody
    /// Waits before reopening (seconds); a test passes one that does not sleep.
    public typealias Sleep = @Sendable (_ seconds: TimeInterval) async throws -> Void

    let body: HTTPBody
    let limit: Int
    let reconnect: ServerSentEventReconnect
    let reopen: Reopen?
    let sleep: Sleep

    /// The events of `body`; with `reopen`, a lost connection is reopened as `reconnect` allows.
    /// Lines and event data may hold up to `limit` bytes. `sleep` waits before reopening (by
    /// default `Task.sleep`).
    public init(
        _ body: HTTPBody, limit: Int = TransferLimits.defaultMaximumResponseBytes,
        reconnect: ServerSentEventReconnect = .default,
        sleep: Sleep? = nil, reopen: Reopen? = nil
    ) {
        self.body = body
        self.limit = limit
        self.reconnect = reconnect
        self.reopen = reopen
        self.sleep = sleep ?? { seconds in try await Task.sleep(nanoseconds: RequestTimeout.nanoseconds(seconds)) }
    }

    /// Iterates the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: self)
    }

    /// Iterates a ``ServerSentEvents`` sequence.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let source: ServerSentEvents
        var body: HTTPBody.AsyncIterator?
        var parser: ServerSentEventParser
        var pending: [ServerSentEvent] = []
        var nextPending = 0
        var failures = 0
        /// The `Last-Event-ID` of the last reopening: until an event with another id arrives, the
        /// reopened stream has brought nothing new and the failures in a row go on counting.
        var resumedFrom: String?
        var isFinished = false

        init(source: ServerSentEvents) {
            self.source = source
            body = source.body.makeAsyncIterator()
            parser = ServerSentEventParser(limit: source.limit)
        }

        /// The next event, or `nil` when the stream ended.
        public mutating func next() async throws -> ServerSentEvent? {
            while true {
                if nextPending < pending.count {
                    defer { nextPending += 1 }
                    let event = pending[nextPending]
                    if resumedFrom == nil || event.id != resumedFrom { failures = 0 }
                    return event
                }
                if isFinished { return nil }
                do {
                    if body == nil { body = try await reopened() }
                    guard let chunk = try await body?.next() else {
                        isFinished = true
                        body = nil
                        return nil
                    }
                    pending = try parser.parse(chunk)
                    nextPending = 0
                } catch {
                    body = nil
                    guard mayReconnect(after: error) else {
                        isFinished = true
                        throw error
                    }
                    failures += 1
                    let delay = source.reconnect.delay(serverRetry: parser.retry)
                    do {
                        try await source.sleep(delay)
                    } catch {
                        isFinished = true
                        throw SpecwrightError(.cancelled)
                    }
                }
            }
        }

        private mutating func reopened() async throws -> HTTPBody.AsyncIterator {
            guard let reopen = source.reopen else { throw SpecwrightError(.cancelled) }
            resumedFrom = parser.lastEventID
            let body = try await reopen(parser.lastEventID).makeAsyncIterator()
            parser.startNewStream()
            return body
        }

        /// A lost connection (or a silence past the timeout) of a stream that announced ids.
        private func mayReconnect(after error: any Error) -> Bool {
            guard source.reopen != nil, failures < source.reconnect.maxAttempts, !parser.lastEventID.isEmpty,
                parser.lastEventID.utf8.count <= ServerSentEventReconnect.maximumLastEventIDBytes, !Task.isCancelled
            else { return false }
            return ServerSentEvents.isConnectionFailure(error)
        }
    }

    /// Whether `error` (ending a stream midway, or a reopening) is the network's, which a reconnection
    /// may cure (`SpecwrightError.isConnectionFailure`). The WHATWG standard reconnects only when the
    /// connection closes (§9.2.3): a response with a status other than 2xx fails the stream for good,
    /// and so does an error of the app's own code (an interceptor's, a credential provider's —
    /// category `.transport`, but no network failure), a cancellation, a limit or a decoding error.
    static func isConnectionFailure(_ error: any Error) -> Bool {
        SpecwrightError.connectionView(of: error).isConnectionFailure
    }
}
