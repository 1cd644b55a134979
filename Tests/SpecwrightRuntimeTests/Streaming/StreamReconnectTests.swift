import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #19 item 4, offline: when a server-sent event stream is reopened. Only the network's
/// failures (a lost connection, a silence past the timeout) reopen it, as the WHATWG standard
/// reconnects only after the connection closes; an error of the app's own code, a status other
/// than 2xx or a reopening that is not an event stream end it for good.
@Suite("Streaming: when an event stream is reopened")
struct StreamReconnectTests {
    struct AppFailure: Error, Equatable {
        var reason: String
    }

    /// Throws `AppFailure` from the second request on (the first reopening).
    struct FailingAfterFirst: Interceptor {
        let calls = LockedBox(0)

        func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
            let call = calls.withLock { count in
                count += 1
                return count
            }
            if call > 1 { throw AppFailure(reason: "signed out meanwhile") }
            return request
        }
    }

    /// The first event, then a failure of `error` mid-body.
    static func cut(with error: any Error) -> HTTPBody {
        let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        continuation.yield(Data("id: 1\ndata: {\"n\":1}\n\n".utf8))
        continuation.finish(throwing: error)
        return HTTPBody(chunks)
    }

    static let eventStream: HTTPFields = ["Content-Type": "text/event-stream"]

    /// How many requests a stub of this suite answers before it ends every further stream with a
    /// `204` (a normal end), and how many events `events(_:)` reads at most: a regression that
    /// reopens a stream it must not reopen fails the count assertions at once instead of looping
    /// until the time limit.
    static let requestCap = 5
    static let eventCap = 20

    /// A streaming stub answering with `handler` up to `requestCap` requests, then `204`.
    static func stub(_ handler: @escaping StubTransport.StreamHandler) -> StubTransport {
        let count = LockedBox(0)
        return StubTransport.streaming { request in
            let number = count.withLock { count in
                count += 1
                return count
            }
            guard number <= requestCap else { return HTTPStreamedResponse(status: 204) }
            return try await handler(request)
        }
    }

    private func client(_ stub: StubTransport, interceptors: [any Interceptor] = []) -> APIClient {
        APIClient(
            service: TestSupport.service(URL(string: "https://api.example")!),
            configuration: ClientConfiguration(
                transport: stub, interceptors: interceptors, logging: .disabled, clock: RecordingClock()))
    }

    private let endpoint = TestEndpoint(["events"], options: EndpointOptions(retry: RetryPolicy.none))

    private func events(_ client: APIClient) async -> (received: [String], error: (any Error)?) {
        var received: [String] = []
        do {
            for try await event in try await client.events(endpoint) {
                received.append(event.data)
                if received.count >= Self.eventCap { break }
            }
            return (received, nil)
        } catch {
            return (received, error)
        }
    }

    /// The app's own error, as the call gives it back (unchanged: `SpecwrightError.surfaced`).
    private func appFailure(_ error: (any Error)?) -> AppFailure? {
        error as? AppFailure ?? (error as? SpecwrightError)?.underlyingError as? AppFailure
    }

    @Test(.timeLimit(.minutes(1))) func aLostConnectionIsReopenedAfterTheLastEventID() async throws {
        let stub = Self.stub { request in
            guard request.headers.value(for: "Last-Event-ID") == "1" else {
                return HTTPStreamedResponse(
                    status: 200, headers: Self.eventStream, body: Self.cut(with: URLError(.networkConnectionLost)))
            }
            return HTTPStreamedResponse(
                status: 200, headers: Self.eventStream, body: HTTPBody(Data("id: 2\ndata: {\"n\":2}\n\n".utf8)))
        }
        let (received, error) = await events(client(stub))
        if let error { Issue.record("unexpected error \(error)") }
        #expect(received == [#"{"n":1}"#, #"{"n":2}"#])
        #expect(stub.requests.count == 2)
    }

    @Test(.timeLimit(.minutes(1))) func anInterceptorsOwnErrorOnTheReopeningEndsTheStreamWithoutAnotherAttempt()
        async throws
    {
        let stub = Self.stub { _ in
            HTTPStreamedResponse(
                status: 200, headers: Self.eventStream, body: Self.cut(with: URLError(.networkConnectionLost)))
        }
        let interceptor = FailingAfterFirst()
        let (received, error) = await events(client(stub, interceptors: [interceptor]))
        #expect(received == [#"{"n":1}"#])
        #expect(appFailure(error) == AppFailure(reason: "signed out meanwhile"))
        #expect(interceptor.calls.withLock { $0 } == 2)  // the first call and one reopening, no more
        #expect(stub.requests.count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func aBodyFailingWithAnErrorThatIsNotTheNetworksIsNotReopened() async throws {
        let stub = Self.stub { _ in
            HTTPStreamedResponse(
                status: 200, headers: Self.eventStream, body: Self.cut(with: AppFailure(reason: "decryption failed")))
        }
        let (received, error) = await events(client(stub))
        #expect(received == [#"{"n":1}"#])
        #expect(appFailure(error) == AppFailure(reason: "decryption failed"))
        #expect(stub.requests.count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func aReopeningAnsweredWithAnErrorStatusEndsTheStream() async throws {
        let stub = Self.stub { request in
            guard request.headers.value(for: "Last-Event-ID") == nil else {
                return HTTPStreamedResponse(status: 503, body: HTTPBody(Data("busy".utf8)))
            }
            return HTTPStreamedResponse(
                status: 200, headers: Self.eventStream, body: Self.cut(with: URLError(.networkConnectionLost)))
        }
        let (received, error) = await events(client(stub))
        #expect(received == [#"{"n":1}"#])
        #expect((error as? SpecwrightError)?.status == 503)
        #expect(stub.requests.count == 2)
    }

    @Test(.timeLimit(.minutes(1))) func aReopeningThatIsNotAnEventStreamFailsTheStream() async throws {
        let stub = Self.stub { request in
            guard request.headers.value(for: "Last-Event-ID") == nil else {
                return HTTPStreamedResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: HTTPBody(Data(#"{"error":"gone"}"#.utf8)))
            }
            return HTTPStreamedResponse(
                status: 200, headers: Self.eventStream, body: Self.cut(with: URLError(.networkConnectionLost)))
        }
        let (received, error) = await events(client(stub))
        #expect(received == [#"{"n":1}"#])
        guard case .decoding(_, let message)? = (error as? SpecwrightError)?.kind else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(message.contains("application/json"))
        #expect(stub.requests.count == 2)
    }

    @Test(.timeLimit(.minutes(1))) func aReopeningAnsweredWith204EndsTheStreamNormally() async throws {
        let stub = Self.stub { request in
            guard request.headers.value(for: "Last-Event-ID") == nil else { return HTTPStreamedResponse(status: 204) }
            return HTTPStreamedResponse(
                status: 200, headers: Self.eventStream, body: Self.cut(with: URLError(.networkConnectionLost)))
        }
        let (received, error) = await events(client(stub))
        if let error { Issue.record("unexpected error \(error)") }
        #expect(received == [#"{"n":1}"#])
        #expect(stub.requests.count == 2)
    }
}
