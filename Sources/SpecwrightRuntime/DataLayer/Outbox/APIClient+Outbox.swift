import Foundation

extension APIClient {
    /// Builds `endpoint`'s request and appends it to `outbox` without sending it. Its
    /// `Idempotency-Key` (the endpoint's, or a new one) is stored with it and sent on every
    /// delivery attempt, and so are the credentials the endpoint asks for (its `auth`) and the
    /// operations it invalidates.
    @discardableResult
    public func enqueue(_ endpoint: some Endpoint, in outbox: Outbox) throws -> OutboxEntry {
        let call = try builder.build(endpoint)
        let request = OutboxRequest(
            method: call.request.method.rawValue, url: call.request.url,
            headers: call.request.headers.map { [$0.name, $0.value] }, body: call.request.body,
            timeout: call.request.timeout,
            auth: call.options.auth, invalidates: call.options.invalidates)
        let key = call.idempotencyKey ?? call.request.headers.value(for: "Idempotency-Key") ?? UUID().uuidString
        outboxes.register(outbox)
        return try outbox.enqueue(request, operationName: call.operationName, idempotencyKey: key)
    }

    /// Sends `outbox`'s pending writes in order through this client's pipeline (interceptors,
    /// authentication, retry policy of the service, treated as idempotent thanks to the key).
    /// Each write carries the credentials its endpoint asked for when it was enqueued (an
    /// endpoint with `auth: .none` is replayed without the token); rows stored without them use
    /// the service's scheme.
    ///
    /// Each row is checked again first — the file may have been edited: a row whose URL is not on
    /// this client's current origin (scheme, host and port of the configured base URL) or uses a
    /// scheme the client may not use, or whose headers could inject a line, is quarantined and
    /// never sent (`OutboxFlushResult.quarantined`, `Outbox.quarantined()`); the others go on.
    ///
    /// Each write is sent with the credentials resolved when its delivery starts, on every attempt
    /// of it, so a sign-out in the middle never sends it with the next user's credentials (a
    /// rejected credential is still refreshed and replayed). `signOut()` discards the writes still
    /// waiting.
    public func flush(_ outbox: Outbox) async throws -> OutboxFlushResult {
        outboxes.register(outbox)
        let auth = AuthInterceptor(providers: CredentialProviders(configuration), clock: configuration.clock)
        let handler = self.handler
        let service = self.service
        let retry = configuration.retryPolicy ?? service.retry
        let redactor = self.redactor
        let builder = self.builder
        return try await outbox.flush { entry in
            let url: URL
            do throws(SpecwrightError) {
                try OutboxRequestCheck.headers(of: entry.request)
                url = try OutboxRequestCheck.destination(
                    entry.request.url, baseURL: builder.baseURL, allowsInsecureHTTP: builder.allowsInsecureHTTP)
            } catch {
                return .quarantined(reason: redactor.redact(error).kindDescription)
            }
            guard let method = HTTPMethod(rawValue: entry.request.method) else {
                return .rejected(status: nil, reason: "unknown method \(entry.request.method)")
            }
            let timeout: TimeInterval
            do throws(SpecwrightError) {
                timeout = try RequestTimeout.validated(entry.request.timeout, source: "the stored timeout")
            } catch {
                return .rejected(status: nil, reason: error.kindDescription)
            }
            let request = HTTPRequest(
                method: method, url: url,
                headers: entry.request.headers.compactMap { $0.count == 2 ? HTTPHeader($0[0], $0[1]) : nil },
                body: entry.request.body, timeout: timeout)
            let options = ResolvedOptions(
                timeout: timeout, retry: retry, cache: .networkOnly,
                auth: entry.request.auth ?? AuthRequirement.inherit.resolved(inheriting: service.auth),
                isIdempotent: true,
                isGate: false, invalidates: entry.request.invalidates)
            var call = CallContext(
                operationName: entry.operationName, service: service, request: request, options: options,
                idempotencyKey: entry.idempotencyKey)
            // A provider's error is left to the attempt loop, which reports it as usual.
            call.credentials = try? await auth.resolve(for: call)
            do {
                return OutboxDelivery.forStatus(try await handler(call).status)
            } catch let error as SpecwrightError {
                // The reason is stored in the outbox file: no secret may reach it.
                let error = redactor.redact(error)
                switch error.kind {
                case let .httpStatus(failure), let .unauthorized(failure):
                    if case .rejected = OutboxDelivery.forStatus(failure.status) {
                        return .rejected(status: failure.status, reason: error.kindDescription)
                    }
                    return .deferred(reason: error.kindDescription)
                case .invalidRequest, .business:
                    return .rejected(status: nil, reason: error.kindDescription)
                default:
                    return .deferred(reason: error.kindDescription)
                }
            } catch {
                return .deferred(reason: redactor.text(String(describing: error)))
            }
        }
    }
}
