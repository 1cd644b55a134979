import Foundation

/// The pipeline every call of an `APIClient` runs through, assembled in one place (`init`).
///
/// A call runs, outermost first:
///
/// 1. `APIClient.perform`: `RequestBuilder.build` turns the endpoint into a `CallContext` (URL,
///    static headers, body, resolved options, call id, `Idempotency-Key`).
/// 2. The app's `ClientConfiguration.stagesBeforeDataLayer`, in array order: they see every call,
///    including those the gate holds back and those the cache answers.
/// 3. The data layer (`ClientConfiguration.dataLayer`):
///    1. `ConfigGateStage` — every call waits until the gate call has succeeded once.
///    2. `EnvelopeStage` — unwraps the `data` member of enveloped 2xx bodies, turns business
///       codes into errors and reports session expiry.
///    3. `CredentialCaptureStage` (when the cache or de-duplication is on) — captures the
///       credentials every attempt will send and the partition derived from them.
///    4. `HTTPCacheCallStage` (when `dataLayer.cache` is set) — answers from the cache,
///       revalidates, stores.
///    5. `DeduplicationStage` (when `dataLayer.deduplicatesReads`) — identical concurrent reads
///       share one network call.
/// 4. The app's `ClientConfiguration.stages`, in array order: they see only calls that go to the
///    network, once per call (not per attempt).
/// 5. `AttemptLoop`, always innermost, per attempt: request interceptors (`CommonHeadersInterceptor`
///    → `AuthInterceptor` → `ClientConfiguration.interceptors` → `LoggingInterceptor` when logging is
///    on) → the `HTTPTransport` → response interceptors in reverse order → credential refresh and
///    replay after a rejection (`AuthInterceptor`, one `SingleFlightRefresher` per scheme) → status classification; between attempts, the retry budget and backoff.
/// 6. Back in `APIClient.perform`: the 2xx check, decoding, the metrics event, error redaction.
///
/// Every stage sees the final outcome of all attempts below it.
struct CallPipeline: Sendable {
    /// Runs steps 2–5 for a built call.
    let handler: CallHandler
    /// The attempt loop alone, without the stages (downloads: no cache, de-duplication or envelope).
    let attemptsOnly: CallHandler
    /// The client-wide retry budget, if enabled.
    let retryBudget: RetryBudget?
    /// The last partition a call was filed under with credentials or an account.
    let signedIn = SignedInPartitionRecord()
    /// The single-flight refreshers of the client's credentials (`APIClient.signOut()` resets them).
    let refreshers: RefresherRegistry

    init(
        service: ServiceDescription, configuration: ClientConfiguration, builder: RequestBuilder,
        transport: any HTTPTransport, decoder: JSONDecoder, redactor: Redactor
    ) {
        let commonHeaders = CommonHeadersInterceptor(
            common: configuration.commonHeaders, requestIDHeader: configuration.requestIDHeader)
        let credentials = CredentialProviders(configuration)
        refreshers = credentials.refreshers
        let auth = AuthInterceptor(
            providers: credentials, envelope: service.envelope.map(EnvelopeStage.unwrapper), clock: configuration.clock)
        var interceptors: [any Interceptor] = [commonHeaders, auth]
        interceptors += configuration.interceptors
        if configuration.logging.isEnabled {
            interceptors.append(LoggingInterceptor(sink: configuration.logging.sink, redactor: redactor))
        }
        let budget = configuration.retryBudget.map { RetryBudget($0) }
        retryBudget = budget
        let loop = AttemptLoop(
            transport: transport, interceptors: interceptors, auth: auth, budget: budget,
            clock: configuration.clock, random: configuration.random, decoder: decoder,
            limits: configuration.transferLimits)

        let dataLayer = configuration.dataLayer
        var stages = configuration.stagesBeforeDataLayer
        stages.append(ConfigGateStage(gate: dataLayer.gate, builder: builder, fallback: service.gateEndpoint))
        stages.append(EnvelopeStage(format: service.envelope, session: dataLayer.session))
        if dataLayer.cache != nil || dataLayer.deduplicatesReads {
            let fingerprint = dataLayer.cache?.fingerprint ?? .random()
            let identity = dataLayer.partitionIdentity(signedInAccount: configuration.tokenProvider?.account)
            stages.append(
                CredentialCaptureStage(
                    auth: auth, accountIdentity: identity, fingerprint: fingerprint, signedIn: signedIn))
        }
        if let cache = dataLayer.cache {
            stages.append(
                HTTPCacheCallStage(
                    stage: HTTPCacheStage(cache: cache, now: { [clock = configuration.clock] in clock.currentDate() }),
                    preview: { context in commonHeaders.adding(to: context.request, callID: context.callID) },
                    envelope: service.envelope.map(EnvelopeStage.unwrapper)))
        }
        if dataLayer.deduplicatesReads {
            stages.append(DeduplicationStage())
        }
        stages += configuration.stages
        handler = CallChain.compose(stages) { context in try await loop.run(context) }
        attemptsOnly = { context in try await loop.run(context) }
    }
}
