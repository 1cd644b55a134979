import Foundation

/// A redirect that keeps the method of a request with a body — 307 and 308, and 301/302 of a
/// method other than POST — followed by the transport itself, with the body sent again.
///
/// FoundationNetworking (Linux) starts the next hop of such a redirect without the body: an
/// in-memory body arrives as `Content-Length: 0` (the server gets an empty POST, a wrong body), a
/// file or stream body with its old `Content-Length` (the server waits for bytes that never come
/// until the deadline). So `TransferMonitor` refuses it, the 3xx comes back to
/// `URLSessionTransport.send`, and this sends the request again to the `Location` when it stays
/// within the original origin and the `RedirectPolicy` follows it — with its headers, the hop
/// limit (`TransferMonitor.maximumRedirects`) and what is left of the exchange's deadline. A body
/// that cannot be sent again (an app's async sequence, `HTTPBody.isReplayable`), or a redirect to
/// another origin, is not followed: the call fails with the 3xx, whose `Location` is the app's to
/// use. The upload progress of the next hop starts over from 0, as for a retry.
enum BodyRedirect {
    /// Whether `request` has a body a redirect must carry.
    static func hasBody(_ request: HTTPRequest) -> Bool {
        request.streamedBody != nil || request.body?.isEmpty == false
    }

    /// Whether a redirect with `status` keeps `method` (RFC 9110 §15.4: a 301/302 of a POST may
    /// become a GET, and every client makes it one; 303 always does).
    static func keepsMethod(status: Int, method: HTTPMethod) -> Bool {
        switch status {
        case 307, 308: return true
        case 301, 302: return method != .post
        default: return false
        }
    }

    /// The request to send after `response` to `request` (a hop of the exchange that started with
    /// `original`), or nil when `response` is the exchange's answer: not such a redirect, no
    /// usable `Location`, a body that cannot be sent again, a response for a file, `hops`
    /// redirects followed already, another origin, or a redirect the policy refuses. `timeLeft` is
    /// what is left of the exchange's deadline.
    static func next(
        after response: HTTPResponse, to request: HTTPRequest, original: HTTPRequest, hops: Int,
        timeLeft: TimeInterval
    ) -> HTTPRequest? {
        guard keepsMethod(status: response.status, method: request.method), hasBody(request),
            request.streamedBody?.isReplayable != false, case .memory = request.destination,
            hops < TransferMonitor.maximumRedirects,
            let location = response.header("Location"),
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else { return nil }
        let redirect = RedirectPolicy.Redirect(
            status: response.status, originalURL: original.url, fromURL: request.url, toURL: target)
        // Within the original origin only: a request body is not sent to another origin, whatever
        // the policy (the 3xx is the answer; its `Location` is the app's to use).
        guard case .follow(keepsCredentials: true) = request.limits.redirects.decision(for: redirect) else {
            return nil
        }
        var next = request
        next.url = target
        next.timeout = timeLeft
        return next
    }
}
