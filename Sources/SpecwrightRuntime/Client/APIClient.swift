import Foundation

/// The entry point generated clients hold: builds requests from endpoints and runs them through
/// the pipeline (`CallPipeline`: stages → attempt loop), then decodes. Immutable after `init`; calls run fully
/// concurrently — no actor or lock serializes requests or decoding.
public final class APIClient: Sendable {
    /// The service this client talks to.
    public let service: ServiceDescription
    /// The configuration it was created with.
    public let configuration: ClientConfiguration
    /// The transport in use.
    public let transport: any HTTPTransport
    /// The client-wide retry budget, if enabled.
    public let retryBudget: RetryBudget?

    let builder: RequestBuilder
    let decoder: JSONDecoder
    let handler: CallHandler
    /// The attempt loop alone, without the data-layer stages (downloads: no cache, de-duplication or envelope).
    let attemptsOnly: CallHandler
    let redactor: Redactor
    /// The outboxes this client wrote to or flushed (`signOut()` discards their writes).
    let outboxes = OutboxRegistry()
    /// The last partition a call was filed under with credentials (`signOut()`'s fallback).
    let signedIn: SignedInPartitionRecord
    /// The credential refreshers of every scheme (`signOut()` starts a new refresh window).
    let refreshers: RefresherRegistry

    /// Creates a client for `service`. The pipeline its calls run through is assembled by
    /// `CallPipeline` (see its documentation for the order of every stage).
    public init(service: ServiceDescription, configuration: ClientConfiguration = .init()) {
        self.service = service
        self.configuration = configuration
        let transport = configuration.transport ?? URLSessionTransport()
        self.transport = transport
        var builder = RequestBuilder(
            service: service, baseURL: configuration.baseURL, allowsInsecureHTTP: configuration.allowsInsecureHTTP,
            retryOverride: configuration.retryPolicy)
        builder.operationRetryPolicies = configuration.retryPoliciesByOperation
        if let encoder = configuration.encoder { builder = builder.with(encoder: encoder) }
        self.builder = builder
        let decoder = configuration.decoder ?? service.dates.makeDecoder()
        self.decoder = decoder
        let redactor = Redactor(configuration: configuration.logging, scheme: service.auth)
        self.redactor = redactor
        let pipeline = CallPipeline(
            service: service, configuration: configuration, builder: builder, transport: transport, decoder: decoder,
            redactor: redactor)
        retryBudget = pipeline.retryBudget
        signedIn = pipeline.signedIn
        refreshers = pipeline.refreshers
        handler = pipeline.handler
        attemptsOnly = pipeline.attemptsOnly
    }

    /// Sends `endpoint` and decodes the response body as `R`.
    public func send<R: Decodable & Sendable>(_ endpoint: some Endpoint, as type: R.Type) async throws -> R {
        try await response(endpoint, as: type).value
    }

    /// Sends `endpoint` and ignores the response body.
    public func send(_ endpoint: some Endpoint) async throws {
        _ = try await perform(endpoint) { _, _ in () }
    }

    /// Sends `endpoint` and returns the raw response body.
    public func sendData(_ endpoint: some Endpoint) async throws -> Data {
        try await perform(endpoint) { response, _ in response.body }.value
    }

    /// Sends `endpoint`, ignores the response body and returns status, headers, attempts and metadata.
    public func response(_ endpoint: some Endpoint) async throws -> APIResponse<Void> {
        try await perform(endpoint) { _, _ in () }
    }

    /// Sends `endpoint` and returns the raw response body with status, headers, attempts and metadata.
    public func dataResponse(_ endpoint: some Endpoint) async throws -> APIResponse<Data> {
        try await perform(endpoint) { response, _ in response.body }
    }

    /// Sends `endpoint` and returns the decoded value with status, headers, attempts and metadata.
    /// A stored copy that no longer decodes is removed and fetched again, once.
    public func response<R: Decodable & Sendable>(_ endpoint: some Endpoint, as type: R.Type) async throws
        -> APIResponse<R>
    {
        try await decodedRefetchingUndecodableCopy(endpoint, as: type)
    }

    /// Runs the pipeline for `endpoint`, turns its response into a value, reports metrics and
    /// gives every error its context (operation, method, redacted URL, attempts) with every URL and
    /// message it carries redacted. Throws a `SpecwrightError`, or the app's own error exactly as
    /// an interceptor, credential provider, stage or transport threw it (`SpecwrightError.surfaced`):
    /// every public call method runs through here, so the rule holds for all of them.
    /// `destination` and `direct` serve downloads and streams: the body's destination, and the
    /// handler to run instead of the staged pipeline; `upload` receives the progress of the request
    /// body; `adjust` changes the built request (headers a stream sends); `reportsNotCached: false`
    /// keeps a `notCached` failure out of the metrics (an observer looking for a stored copy);
    /// `acceptsNotModified` lets a 304 reach `decode` (`conditionalResponse`) instead of failing.
    func perform<R: Sendable>(
        _ endpoint: some Endpoint, destination: ResponseDestination = .memory, direct: CallHandler? = nil,
        upload: UploadObserver? = nil, adjust: ((inout HTTPRequest) -> Void)? = nil, reportsNotCached: Bool = true,
        acceptsNotModified: Bool = false,
        decode: (HTTPResponse, ResponseMetadata) throws(SpecwrightError) -> R
    ) async throws -> APIResponse<R> {
        let clock = configuration.clock
        let start = clock.now()
        var context: CallContext?
        do throws(SpecwrightError) {
            var call = try builder.build(endpoint)
            call.request.destination = destination
            call.request.uploadObserver = upload
            adjust?(&call.request)
            context = call
            let response: HTTPResponse
            do {
                response = try await (direct ?? handler)(call)
            } catch let error as SpecwrightError {
                throw error
            } catch {
                throw SpecwrightError(AttemptLoop.map(error))
            }
            guard (200..<300).contains(response.status) || (acceptsNotModified && response.status == 304) else {
                throw AttemptLoop.statusError(response, call: call, decoder: decoder)
            }
            let metadata = call.trace.metadata
            let value = try decode(response, metadata)
            report(call: call, status: response.status, start: start, metadata: metadata, error: nil)
            return APIResponse(
                value: value, status: response.status, headers: response.headers, attempts: metadata.attempts,
                metadata: metadata)
        } catch {
            var error = error
            if error.operationName.isEmpty { error.operationName = endpoint.operationName }
            if error.method == nil { error.method = endpoint.method }
            if let call = context, error.url == nil { error.url = redactor.url(call.request.url) }
            error = redactor.redact(error)
            if let call = context {
                error.attempts = max(error.attempts, call.trace.metadata.attempts)
                var isUnreportedMiss = false
                if case .notCached = error.kind { isUnreportedMiss = !reportsNotCached }
                if !isUnreportedMiss {
                    report(call: call, status: error.status, start: start, metadata: call.trace.metadata, error: error)
                }
            }
            throw error.surfaced
        }
    }

    private func report(
        call: CallContext, status: Int?, start: TimeInterval, metadata: ResponseMetadata, error: SpecwrightError?
    ) {
        let observers = configuration.metrics
        guard !observers.isEmpty else { return }
        let event = CallEvent(
            operationName: call.operationName, method: call.request.method, status: status,
            duration: configuration.clock.now() - start, metadata: metadata, error: error)
        for observer in observers { observer.record(event) }
    }
}
