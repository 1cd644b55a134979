import Foundation

extension APIClient {
    /// Sends `endpoint` and returns its `text/event-stream` body's events as they arrive, once the
    /// response head is in (a status other than 2xx fails here, as any call would).
    ///
    /// The request asks for `Accept: text/event-stream` — the operation's media type wins over the
    /// service's static `Accept` and the common headers'; only the endpoint's own `Accept` (its
    /// headers, `EndpointOptions.accept`) is sent instead — and
    /// `Cache-Control: no-cache`, and runs like ``stream(_:)``: never cached or retried once the
    /// body is handed over. When the connection is lost midway and the stream announced event ids,
    /// the call is made again with `Last-Event-ID` after the server's `retry:` time (else
    /// `reconnect.defaultDelay`), as `reconnect` allows — unless another account signed in
    /// meanwhile: the stream then fails as `.cancelled`. Leaving the loop early cancels the request.
    public func events(_ endpoint: some Endpoint, reconnect: ServerSentEventReconnect = .default) async throws
        -> ServerSentEvents
    {
        // A stream belongs to who is signed in when it starts (as `observe` and batches do): after
        // a sign-out and another sign-in it fails as `.cancelled` instead of reconnecting with the
        // next user's credentials into the first user's loop.
        let fingerprint = configuration.dataLayer.cache?.fingerprint ?? .random()
        let owner = await signedInPartition(fingerprint: fingerprint)
        let first = try await eventStreamBody(endpoint, lastEventID: nil)
        let clock = configuration.clock
        return ServerSentEvents(
            first, limit: configuration.transferLimits.maximumResponseBytes, reconnect: reconnect,
            sleep: { seconds in try await clock.sleep(for: seconds) },
            reopen: { [self] lastEventID in
                guard await signedInPartition(fingerprint: fingerprint) == owner else {
                    throw SpecwrightError(.cancelled, operationName: endpoint.operationName, method: endpoint.method)
                }
                return try await eventStreamBody(endpoint, lastEventID: lastEventID)
            })
    }

    /// Sends `endpoint` and returns its server-sent events decoded as `Value` (see
    /// ``events(_:reconnect:)`` and `ServerSentEventStream`): what generated methods of
    /// `text/event-stream` operations return. The stream ends at an event whose data is
    /// `terminator` (`[DONE]`; `nil` for none).
    public func events<Value: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: Value.Type, reconnect: ServerSentEventReconnect = .default,
        terminator: String? = "[DONE]"
    ) async throws -> ServerSentEventStream<Value> {
        ServerSentEventStream(
            try await events(endpoint, reconnect: reconnect), decoder: decoder, terminator: terminator)
    }

    /// Sends `endpoint` and returns its JSON Lines / NDJSON body's values decoded as `Value` as they
    /// arrive, once the response head is in: what generated methods of `application/jsonl` and
    /// `application/x-ndjson` operations return. The request's `Accept` is `accept` (the
    /// operation's media types), over the service's static `Accept` and the common headers'; only
    /// the endpoint's own `Accept` (its headers, `EndpointOptions.accept`) is sent instead. Runs
    /// like ``stream(_:)``;
    /// leaving the loop early cancels the request.
    public func jsonLines<Value: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: Value.Type, accept: String = APIClient.jsonLinesMediaTypes
    ) async throws -> JSONLinesStream<Value> {
        let body = try await streamed(endpoint) { request in Self.accept(accept, for: endpoint, in: &request) }.value
        return JSONLinesStream(body, decoder: decoder, limit: configuration.transferLimits.maximumResponseBytes)
    }

    /// The JSON Lines media types ``jsonLines(_:as:accept:)`` asks for unless told otherwise:
    /// `application/jsonl, application/x-ndjson, application/x-jsonlines`.
    public static let jsonLinesMediaTypes = "application/jsonl, application/x-ndjson, application/x-jsonlines"

    /// Sets `Accept: mediaTypes` on `request` unless `endpoint` itself sets `Accept` (its headers,
    /// or `EndpointOptions.accept`, which the request has already): the operation's response media
    /// type wins over the service's static headers.
    static func accept(_ mediaTypes: String, for endpoint: some Endpoint, in request: inout HTTPRequest) {
        guard endpoint.options.accept == nil, endpoint.headers.value(for: "Accept") == nil else { return }
        request.headers.setValue(mediaTypes, for: "Accept")
    }

    /// The body of a (re)opened event stream. A reopening (`lastEventID` set) must answer with an
    /// event stream, as the WHATWG standard requires (§9.2.3): another media type fails the stream
    /// for good (a `204` ends it normally: its body is empty).
    private func eventStreamBody(_ endpoint: some Endpoint, lastEventID: String?) async throws -> HTTPBody {
        let response = try await streamed(endpoint) { request in
            Self.accept("text/event-stream", for: endpoint, in: &request)
            request.headers.setValue("no-cache", for: "Cache-Control")
            if let lastEventID { request.headers.setValue(lastEventID, for: "Last-Event-ID") }
        }
        guard lastEventID != nil, response.status != 204, let mediaType = response.headers["Content-Type"],
            mediaType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
                != "text/event-stream"
        else { return response.value }
        throw SpecwrightError(
            .decoding(
                codingPath: "", message: "the reopened event stream answered \(mediaType), not text/event-stream"),
            operationName: endpoint.operationName, method: endpoint.method, attempts: response.attempts)
    }
}
