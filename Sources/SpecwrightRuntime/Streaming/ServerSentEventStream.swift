import Foundation

/// The events of a `text/event-stream` body decoded as `Value`: what a generated method for a
/// server-sent events operation returns.
///
///     for try await chunk in try await client.chat.complete(request) { print(chunk.text) }
///
/// Each event's `data` is decoded as JSON (`Value == String` takes the data as it is). An event
/// whose data is exactly ``terminator`` (`[DONE]`, the convention of language-model APIs) ends the
/// sequence and closes the connection. A value that does not decode throws `SpecwrightError`
/// `.decoding`. A lost connection is reopened with `Last-Event-ID` when the stream announced ids
/// (see `ServerSentEventReconnect`). Leaving the loop early cancels the request.
public struct ServerSentEventStream<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    /// A decoded event.
    public typealias Element = Value

    /// The events before decoding (their `event` names, ids and retry times).
    public let events: ServerSentEvents
    /// The data that ends the stream, or `nil` for none.
    public let terminator: String?
    let decoder: JSONDecoder

    /// The events of `events` decoded with `decoder`; the stream ends at an event whose data is
    /// `terminator`.
    public init(_ events: ServerSentEvents, decoder: JSONDecoder = JSONDecoder(), terminator: String? = "[DONE]") {
        self.events = events
        self.decoder = decoder
        self.terminator = terminator
    }

    /// Iterates the decoded values.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(events: events.makeAsyncIterator(), decoder: decoder, terminator: terminator)
    }

    /// Iterates a ``ServerSentEventStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var events: ServerSentEvents.AsyncIterator?
        let decoder: JSONDecoder
        let terminator: String?

        /// The next value, or `nil` at the end of the stream.
        public mutating func next() async throws -> Value? {
            guard let event = try await events?.next() else { return nil }
            if let terminator, event.data == terminator {
                events = nil  // releases the body: the connection closes
                return nil
            }
            if Value.self == String.self, let text = event.data as? Value { return text }
            return try StreamedValueDecoding.decode(Value.self, from: Data(event.data.utf8), decoder: decoder)
        }
    }
}

/// How streamed values decode: JSON, a failure as `SpecwrightError` `.decoding`.
enum StreamedValueDecoding {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, decoder: JSONDecoder) throws -> Value {
        do {
            return try decoder.decode(Value.self, from: data)
        } catch {
            throw SpecwrightError(SpecwrightError.decoding(error))
        }
    }
}
