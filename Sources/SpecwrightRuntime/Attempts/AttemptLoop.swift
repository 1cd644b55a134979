import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The innermost stage: per attempt, request interceptors → transport → response interceptors →
/// credential refresh-and-replay (`AuthInterceptor`) → status classification; between attempts, budgeted, jittered backoff
/// that honours `Retry-After` and stops at once on cancellation.
struct AttemptLoop: Sendable {
    let transport: any HTTPTransport
    let interceptors: [any Interceptor]
    /// Resolves each attempt's credentials and answers their rejection (refresh and replay).
    let auth: AuthInterceptor
    let budget: RetryBudget?
    let clock: any RuntimeClock
    let random: @Sendable () -> Double
    let decoder: JSONDecoder
    /// Put on every attempt's request for the transport; the size is checked again here.
    var limits: TransferLimits = .default

    /// What one attempt came to.
    private enum Outcome {
        /// A response to return (status < 400).
        case response(HTTPResponse)
        /// Replay at once with refreshed credentials (does not count as a retry).
        case replay([AuthScheme: AnyCredential])
        /// A failure of the attempt that sent `request`, retried if the interceptors or the policy
        /// allow; `forced`: a response interceptor asked for the retry; `fallback` is returned
        /// instead of throwing when that was an otherwise successful response.
        case failure(
            SpecwrightError, request: HTTPRequest, retryAfter: TimeInterval?, forced: Bool, fallback: HTTPResponse?)
    }

    func run(_ call: CallContext) async throws(SpecwrightError) -> HTTPResponse {
        var attempt = 0
        var retries = 0
        var budgetTaken = 0
        var replacements: [AuthScheme: AnyCredential] = [:]
        let policy = call.options.retry
        let deadline = policy.deadline.map { clock.now() + $0 }
        if call.isNetworkForbidden {
            throw SpecwrightError(.transport(URLError(.notConnectedToInternet)), operationName: call.operationName)
        }
        while true {
            if Task.isCancelled { throw SpecwrightError(.cancelled) }
            attempt += 1
            var context = AttemptContext(
                call: call, attempt: attempt, replayToken: replacements[.bearer]?.value as? String)
            context.replacements = replacements
            let outcome = try await perform(context, isReplay: !replacements.isEmpty, deadline: deadline)
            switch outcome {
            case .response(let response):
                budget?.recordSuccess(refunding: budgetTaken)
                return response
            case .replay(let refreshed):
                replacements = refreshed
                call.trace.recordTokenReplay()
            case .failure(let failure, let request, var retryAfter, var requested, let fallback):
                // Whatever the transport made of it, a cancelled call ends as cancelled, unretried.
                if Task.isCancelled { throw SpecwrightError(.cancelled) }
                switch try await retryDecision(after: failure, request: request, context: context) {
                case .useDefault: break
                case .retry(let after):
                    requested = true
                    retryAfter = after ?? retryAfter
                case .doNotRetry:
                    if let fallback { return fallback }
                    throw failure
                }
                let delay = policy.delay(forRetry: retries + 1, retryAfter: retryAfter, random: random)
                let takenBefore = budgetTaken
                // An interceptor's request overrules what the policy retries, not its bounds; a
                // retry is made only if its wait ends before the call's deadline, and never after
                // a wait longer than an hour (an honoured `Retry-After` of 10¹² s fails at once).
                guard requested ? call.canResend : policy.retries(failure) && call.mayRetry,
                    retries < policy.maxRetries, delay <= RetryPolicy.longestWait,
                    deadline.map({ clock.now() + delay < $0 }) ?? true,
                    budget.map({ spend(on: failure, from: $0, taken: &budgetTaken) }) ?? true
                else {
                    if let fallback { return fallback }
                    throw failure
                }
                retries += 1
                call.trace.recordRetry(reason: requested ? "interceptor" : failure.kindDescription, delay: delay)
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    // The retry is not made, so it costs the budget nothing.
                    budget?.refund(budgetTaken - takenBefore)
                    throw SpecwrightError(.cancelled)
                }
            }
        }
    }

    /// One attempt: adapt, send, inspect, classify. Only request adaptation and the refresh throw.
    private func perform(_ context: AttemptContext, isReplay: Bool, deadline: TimeInterval?)
        async throws(SpecwrightError) -> Outcome
    {
        var context = context
        let call = context.call
        var unadapted = call.request
        unadapted.limits = limits
        if let deadline {
            // The attempt may not outlast the call's deadline (a replay can start after it passed).
            let left = deadline - clock.now()
            guard left > 0 else {
                return .failure(
                    SpecwrightError(.timeout), request: unadapted, retryAfter: nil, forced: false, fallback: nil)
            }
            unadapted.timeout = min(unadapted.timeout, left)
        }
        do {
            context.credentials = try await auth.credentials(for: call)
        } catch {
            // A provider's or authenticator's own error stays what it is, as an interceptor's does.
            throw Self.specwrightError(error)
        }
        let request = try await adapt(unadapted, context: context)
        call.trace.recordAttempt(bytesSent: request.body?.count ?? Int(clamping: request.streamedBody?.length ?? 0))
        call.sentRequests?.record(request, isReplay: isReplay)
        let response: HTTPResponse
        let decision: InterceptorDecision
        do {
            if case .stream = request.destination {
                response = try await Self.streamedExchange(request, over: transport)
            } else {
                response = try await transport.send(request)
            }
            // Any transport's body is held to the limit (URLSessionTransport stops it while receiving).
            guard response.body.count <= request.limits.maximumResponseBytes else { throw request.limits.tooLarge() }
            call.trace.recordReceived(bytes: response.body.count)
            if let timings = response.timings { call.trace.recordTransportTimings(timings) }
            decision = try await inspect(response, request: request, context: context)
        } catch {
            return .failure(
                Self.specwrightError(error), request: request, retryAfter: nil, forced: false, fallback: nil)
        }
        do {
            if let refreshed = try await auth.replacements(
                after: response, to: request, context: context, isReplay: isReplay)
            {
                return .replay(refreshed)
            }
        } catch  where RefreshFailure.keepsSessionAndMayRetry(error) {
            // The refresh could not reach its server: the session stays, and this attempt failed
            // with the network's error (retried per the policy like any other failed attempt).
            return .failure(error, request: request, retryAfter: nil, forced: false, fallback: nil)
        }
        let succeeded = response.status < 400
        if case .retry(let after) = decision {
            let error = Self.statusError(response, call: call, decoder: decoder)
            return .failure(
                error, request: request, retryAfter: after, forced: true, fallback: succeeded ? response : nil)
        }
        if succeeded { return .response(response) }
        var retryAfter: TimeInterval?
        if response.status == 429 || response.status == 503 {
            retryAfter = RetryAfter.delay(from: response.header("retry-after"), now: clock.currentDate())
        }
        return .failure(
            Self.statusError(response, call: call, decoder: decoder), request: request, retryAfter: retryAfter,
            forced: false, fallback: nil)
    }

    /// The first interceptor decision other than `useDefault`, asked in response order; an error an
    /// interceptor throws ends the call.
    private func retryDecision(
        after failure: SpecwrightError, request: HTTPRequest, context: AttemptContext
    ) async throws(SpecwrightError) -> RetryDecision {
        for interceptor in interceptors.reversed() {
            do {
                let decision = try await interceptor.retry(request, dueTo: failure, context: context)
                if decision != .useDefault { return decision }
            } catch {
                throw Self.specwrightError(error)
            }
        }
        return .useDefault
    }

    /// Takes the retry's cost from the budget; `false` when the budget is exhausted.
    private func spend(on failure: SpecwrightError, from budget: RetryBudget, taken: inout Int) -> Bool {
        let isTimeout: Bool
        if case .timeout = failure.kind { isTimeout = true } else { isTimeout = false }
        guard let cost = budget.acquire(afterTimeout: isTimeout) else { return false }
        taken += cost
        return true
    }

    private func adapt(_ request: HTTPRequest, context: AttemptContext) async throws(SpecwrightError) -> HTTPRequest {
        var request = request
        for interceptor in interceptors {
            do {
                request = try await interceptor.adapt(request, context: context)
            } catch let error as SpecwrightError {
                throw error
            } catch is CancellationError {
                throw SpecwrightError(.cancelled)
            } catch {
                // The app's own error is carried (`underlyingError`) and reaches the caller unchanged.
                throw SpecwrightError(Self.map(error))
            }
            // Whatever an interceptor, the configuration or a stored outbox row put there, no
            // header may split a header line — checked before the next interceptor (the logger) sees it.
            try HeaderValidation.check(request.headers)
        }
        request.timeout = try RequestTimeout.validated(
            request.timeout, source: "the request timeout after interceptors")
        return request
    }

    private func inspect(_ response: HTTPResponse, request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        var decision = InterceptorDecision.proceed
        for interceptor in interceptors.reversed() {
            let verdict = try await interceptor.inspect(response, for: request, context: context)
            if case .proceed = decision { decision = verdict }
        }
        return decision
    }

    /// The error for a response with a status of 400 or more (or one an interceptor rejected).
    static func statusError(_ response: HTTPResponse, call: CallContext, decoder: JSONDecoder) -> SpecwrightError {
        let typed = TypedErrorBody.decode(
            call.errorBodies, status: response.status, data: response.body,
            contentType: response.headers["Content-Type"], decoder: decoder)
        let failure = SpecwrightError.HTTPFailure(
            status: response.status, headers: response.headers, body: response.body, typedBody: typed)
        return SpecwrightError(response.status == 401 ? .unauthorized(failure) : .httpStatus(failure))
    }

    /// `error` as it ends a call: a `SpecwrightError` as is, anything else through `map`.
    static func specwrightError(_ error: any Error) -> SpecwrightError {
        error as? SpecwrightError ?? SpecwrightError(map(error))
    }

    /// Maps transport errors: cancellation, timeouts, other `URLError`s.
    static func map(_ error: any Error) -> SpecwrightError.Kind {
        if error is CancellationError { return .cancelled }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: return .cancelled
            case .timedOut: return .timeout
            default: return .transport(urlError)
            }
        }
        // Any other error (a custom transport's, an interceptor's, a credential provider's) is the
        // app's own: carried as the underlying error while the call runs, given back unchanged at the
        // public boundary (`SpecwrightError.surfaced`).
        return .transport(
            URLError(
                .unknown,
                userInfo: [
                    NSLocalizedDescriptionKey: String(describing: error), NSUnderlyingErrorKey: error,
                    SpecwrightError.appErrorKey: true
                ]))
    }
}
