import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one HTTP exchange must keep while it runs, checked from a `URLSession` delegate as events
/// arrive: a total deadline (from `resume()` to the last body byte, whatever the server's pace) and
/// the response size limit, counted on decoded bytes as they arrive.
///
/// Transport-neutral on purpose: `URLSessionTransport` buffers the body, a streaming transport
/// (issue #19) forwards it, and both run every event through the same monitor so they keep the
/// same limits. Each check returns the error that ends the exchange, or `nil` to go on.
///
/// `@unchecked Sendable`: the mutable state (`deadline`, `redirects`) is only touched under `lock`.
final class TransferMonitor: @unchecked Sendable {
    /// The request as the runtime built it (its timeout and transfer limits).
    let request: HTTPRequest
    private let lock = NSLock()
    private var deadline: DispatchWorkItem?
    /// The redirects followed so far.
    private var redirects = 0

    /// `redirects`: the hops the exchange took before this task (`BodyRedirect`).
    init(request: HTTPRequest, redirects: Int = 0) {
        self.request = request
        self.redirects = redirects
    }

    /// Arms the deadline: after `request.timeout` seconds `expire` runs (on a global queue); the
    /// transport then ends the exchange as timed out. Call once, just before the task starts.
    func armDeadline(expire: @escaping @Sendable () -> Void) {
        let item = DispatchWorkItem(block: expire)
        lock.withLock { deadline = item }
        let nanoseconds = Int(clamping: RequestTimeout.nanoseconds(request.timeout))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
    }

    /// The error that ends the exchange when the response announces a body over the limit.
    func check(_ response: URLResponse) -> SpecwrightError? {
        let limit = request.limits.maximumResponseBytes
        return response.expectedContentLength > Int64(limit) ? request.limits.tooLarge() : nil
    }

    /// The error that ends the exchange when `count` more body bytes would take the body received
    /// so far (`received`) over the limit; `nil` to accept them.
    func check(received: Int, adding count: Int) -> SpecwrightError? {
        let (total, overflow) = received.addingReportingOverflow(count)
        return overflow || total > request.limits.maximumResponseBytes ? request.limits.tooLarge() : nil
    }

    /// The request to send for a redirect `proposed` by the session after `response`, or `nil` to
    /// refuse it (the 3xx response is then the exchange's response). Applies `RedirectPolicy`;
    /// across origins every header but `RedirectPolicy.headersKeptAcrossOrigins` is removed.
    func redirect(_ proposed: URLRequest, after response: HTTPURLResponse) -> URLRequest? {
        // A redirect loop ends after `maximumRedirects` hops with the last 3xx response, long before
        // the deadline (a FoundationNetworking task cancelled by the deadline while it follows a
        // redirect traps in `_HTTPURLProtocol.didCompleteRedirectCallback`).
        let hops = lock.withLock {
            redirects += 1
            return redirects
        }
        guard hops <= Self.maximumRedirects, let target = proposed.url, let from = response.url,
            let proposed = Self.followableBySession(proposed, of: request)
        else { return nil }
        let redirect = RedirectPolicy.Redirect(
            status: response.statusCode, originalURL: request.url, fromURL: from, toURL: target)
        switch request.limits.redirects.decision(for: redirect) {
        case .refuse:
            return nil
        case .follow(keepsCredentials: true):
            return proposed
        case .follow(keepsCredentials: false):
            var stripped = proposed
            for name in (proposed.allHTTPHeaderFields ?? [:]).keys
            where !RedirectPolicy.headersKeptAcrossOrigins.contains(name.lowercased()) {
                stripped.setValue(nil, forHTTPHeaderField: name)
            }
            return stripped
        }
    }

    /// The redirect `proposed` for `request` as the session may follow it itself: `proposed` for a
    /// request without a body; for one with a body (in memory, from a file or a stream) `nil` when
    /// the redirect keeps the method and so must send the body again (307, 308, or 301/302 of a
    /// method other than POST) — FoundationNetworking starts the next hop without the body (an
    /// in-memory one as `Content-Length: 0`, a file with its old `Content-Length`, so the server
    /// waits for bytes that never come); the 3xx comes back and `BodyRedirect` sends the body again
    /// itself — and `proposed` without the body and its framing fields when the redirect turns it
    /// into a GET (303, or 301/302 of a POST).
    static func followableBySession(_ proposed: URLRequest, of request: HTTPRequest) -> URLRequest? {
        guard BodyRedirect.hasBody(request) else { return proposed }
        guard proposed.httpMethod?.uppercased() != request.method.rawValue.uppercased() else { return nil }
        var bodiless = proposed
        for name in ["Content-Length", "Content-Type", "Transfer-Encoding"] {
            bodiless.setValue(nil, forHTTPHeaderField: name)
        }
        bodiless.httpBody = nil
        bodiless.httpBodyStream = nil
        return bodiless
    }

    /// 16 redirects per exchange, the limit of Apple's URLSession (Chrome and Firefox stop at 20).
    static let maximumRedirects = 16

    /// Disarms the deadline (the exchange ended).
    func disarm() {
        lock.withLock {
            deadline?.cancel()
            deadline = nil
        }
    }
}
