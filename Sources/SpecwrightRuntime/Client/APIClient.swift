import Foundation

/// The entry point generated clients hold: builds requests from endpoints and runs them through
/// the pipeline (stages → attempt loop → decoding). Immutable after `init`; calls run fully
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
    let redactor: Redactor

    /// Creates a client for `service`.
    public init(service: ServiceDescription, configuration: ClientConfiguration = .init()) {
        self.service = service
        self.configuration = configuration
        let transport = configuration.transport ?? URLSessionTransport()
        self.transport = transport
        let budget = configuration.retryBudget.map { RetryBudget($0) }
        retryBudget = budget
        var builder = RequestBuilder(
            service: service, baseURL: configuration.baseURL, allowsInsecureHTTP: configuration.allowsInsecureHTTP,
            retryOverride: configuration.retryPolicy)
        if let encoder = configuration.encoder { builder = builder.with(encoder: encoder) }
        self.builder = builder
        let decoder = configuration.decoder ?? service.dates.makeDecoder()
        self.decoder = decoder
        let redactor = Redactor(configuration: configuration.logging, scheme: service.auth)
        self.redactor = redactor

        // Any endpoint may ask for a bearer token (OpenAPI security is per operation), so the
        // refresher exists whenever the app can refresh; `CredentialProviders` decides per call.
        var refresher: SingleFlightRefresher?
        if let refresh = configuration.tokenProvider?.refresh {
            refresher = SingleFlightRefresher(
                refresh: refresh, window: configuration.refreshWindow, refreshTimeout: configuration.refreshTimeout, clock: configuration.clock)
        }
        let credentials = CredentialProviders(configuration)
        let commonHeaders = CommonHeadersInterceptor(common: configuration.commonHeaders, requestIDHeader: configuration.requestIDHeader)
        let auth = AuthInterceptor(providers: credentials)
        var interceptors: [any Interceptor] = [commonHeaders, auth]
        interceptors += configuration.interceptors
        if configuration.logging.isEnabled {
            interceptors.append(LoggingInterceptor(sink: configuration.logging.sink, redactor: redactor))
        }
        let loop = AttemptLoop(
            transport: transport, interceptors: interceptors, refresher: refresher, credentials: credentials, budget: budget,
            clock: configuration.clock, random: configuration.random, decoder: decoder, limits: configuration.transferLimits)
        let dataStages = configuration.dataLayer.stages(
            service: service, signedInAccount: configuration.tokenProvider?.account,
            build: { [builder] endpoint in try builder.build(endpoint) },
            credentials: { context in try await auth.resolve(for: context) },
            preview: { context in commonHeaders.adding(to: context.request, callID: context.callID) })
        handler = CallChain.compose(dataStages + configuration.stages) { context in try await loop.run(context) }
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

    /// Sends `endpoint` and returns the decoded value with status, headers, attempts and metadata.
    /// A stored copy that no longer decodes is removed and fetched again, once.
    public func response<R: Decodable & Sendable>(_ endpoint: some Endpoint, as type: R.Type) async throws -> APIResponse<R> {
        try await decodedRefetchingUndecodableCopy(endpoint, as: type)
    }

    /// Runs the pipeline for `endpoint`, turns its response into a value, reports metrics and
    /// gives every error its context (operation, method, redacted URL, attempts) with every URL and
    /// message it carries redacted.
    func perform<R: Sendable>(
        _ endpoint: some Endpoint, decode: (HTTPResponse, ResponseMetadata) throws(SpecwrightError) -> R
    ) async throws(SpecwrightError) -> APIResponse<R> {
        let clock = configuration.clock
        let start = clock.now()
        var context: CallContext?
        do throws(SpecwrightError) {
            let call = try builder.build(endpoint)
            context = call
            let response: HTTPResponse
            do {
                response = try await handler(call)
            } catch let error as SpecwrightError {
                throw error
            } catch {
                throw SpecwrightError(AttemptLoop.map(error))
            }
            guard (200..<300).contains(response.status) else {
                throw AttemptLoop.statusError(response, call: call, decoder: decoder)
            }
            let metadata = call.trace.metadata
            let value = try decode(response, metadata)
            report(call: call, status: response.status, start: start, metadata: metadata, error: nil)
            return APIResponse(value: value, status: response.status, headers: response.headers, attempts: metadata.attempts, metadata: metadata)
        } catch {
            var error = error
            if error.operationName.isEmpty { error.operationName = endpoint.operationName }
            if error.method == nil { error.method = endpoint.method }
            if let call = context, error.url == nil { error.url = redactor.url(call.request.url) }
            error = redactor.redact(error)
            if let call = context {
                error.attempts = max(error.attempts, call.trace.metadata.attempts)
                report(call: call, status: error.status, start: start, metadata: call.trace.metadata, error: error)
            }
            throw error
        }
    }

    private func report(call: CallContext, status: Int?, start: TimeInterval, metadata: ResponseMetadata, error: SpecwrightError?) {
        let observers = configuration.metrics
        guard !observers.isEmpty else { return }
        let event = CallEvent(
            operationName: call.operationName, method: call.request.method, status: status,
            duration: configuration.clock.now() - start, metadata: metadata, error: error)
        for observer in observers { observer.record(event) }
    }
}
