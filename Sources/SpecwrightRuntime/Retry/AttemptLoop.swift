import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The innermost stage: per attempt, request interceptors → transport → response interceptors →
/// 401 refresh-and-replay → status classification; between attempts, budgeted, jittered backoff
/// that honours `Retry-After` and stops at once on cancellation.
struct AttemptLoop: Sendable {
    let transport: any HTTPTransport
    let interceptors: [any Interceptor]
    let refresher: SingleFlightRefresher?
    let budget: RetryBudget?
    let clock: any RuntimeClock
    let random: @Sendable () -> Double
    let decoder: JSONDecoder

    func run(_ call: CallContext) async throws(SpecwrightError) -> HTTPResponse {
        var attempt = 0
        var retries = 0
        var budgetTaken = 0
        var replayToken: String?
        var replayed = false
        let policy = call.options.retry
        while true {
            if Task.isCancelled { throw SpecwrightError(.cancelled) }
            attempt += 1
            let context = AttemptContext(call: call, attempt: attempt, replayToken: replayToken)
            let request = try await adapt(call.request, context: context)
            call.trace.recordAttempt(bytesSent: request.body?.count ?? 0)
            let failure: SpecwrightError
            var retryAfter: TimeInterval?
            var forcedRetry = false
            do {
                let response = try await transport.send(request)
                call.trace.recordReceived(bytes: response.body.count)
                let decision = try await inspect(response, request: request, context: context)
                if response.status == 401, call.options.auth == .inherit, let refresher {
                    if replayed { throw SpecwrightError(.sessionExpired("the server answered 401 to the replay with a refreshed token")) }
                    replayToken = try await refreshedToken(refresher, rejected: AuthInterceptor.bearerToken(of: request))
                    replayed = true
                    call.trace.recordRetry(reason: "HTTP 401 → token refreshed", delay: 0)
                    continue
                }
                if case .retry(let after) = decision {
                    forcedRetry = true
                    retryAfter = after
                    failure = Self.statusError(response, call: call, decoder: decoder)
                } else if response.status < 400 {
                    budget?.recordSuccess(refunding: budgetTaken)
                    return response
                } else {
                    failure = Self.statusError(response, call: call, decoder: decoder)
                    if response.status == 429 || response.status == 503 {
                        retryAfter = RetryAfter.delay(from: response.header("retry-after"), now: clock.currentDate())
                    }
                }
            } catch let error as SpecwrightError {
                failure = error
            } catch {
                failure = SpecwrightError(Self.map(error))
            }
            guard forcedRetry || failure.isRetryable, call.mayRetry, retries < policy.maxRetries else { throw failure }
            if let budget {
                let isTimeout: Bool
                if case .timeout = failure.kind { isTimeout = true } else { isTimeout = false }
                guard let cost = budget.acquire(afterTimeout: isTimeout) else { throw failure }
                budgetTaken += cost
            }
            retries += 1
            let delay = policy.delay(forRetry: retries, retryAfter: retryAfter, random: random)
            call.trace.recordRetry(reason: forcedRetry ? "interceptor" : failure.kindDescription, delay: delay)
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw SpecwrightError(.cancelled)
            }
        }
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
                throw SpecwrightError(.invalidRequest("interceptor \(type(of: interceptor)) failed: \(error)"))
            }
        }
        return request
    }

    private func inspect(_ response: HTTPResponse, request: HTTPRequest, context: AttemptContext) async throws -> InterceptorDecision {
        var decision = InterceptorDecision.proceed
        for interceptor in interceptors.reversed() {
            let verdict = try await interceptor.inspect(response, for: request, context: context)
            if case .proceed = decision { decision = verdict }
        }
        return decision
    }

    private func refreshedToken(_ refresher: SingleFlightRefresher, rejected: String?) async throws(SpecwrightError) -> String {
        try await refresher.token(afterRejecting: rejected)
    }

    /// The error for a response with a status of 400 or more (or one an interceptor rejected).
    static func statusError(_ response: HTTPResponse, call: CallContext, decoder: JSONDecoder) -> SpecwrightError {
        let typed = TypedErrorBody.decode(call.errorBodies, status: response.status, data: response.body, decoder: decoder)
        let failure = SpecwrightError.HTTPFailure(status: response.status, headers: response.headers, body: response.body, typedBody: typed)
        return SpecwrightError(response.status == 401 ? .unauthorized(failure) : .httpStatus(failure))
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
        // Any other error (a custom transport's, a response interceptor's) is kept as the underlying error.
        return .transport(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: String(describing: error), NSUnderlyingErrorKey: error]))
    }
}
