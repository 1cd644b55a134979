import Foundation

/// Limits every exchange of a client keeps, whatever the server sends: the response size and the
/// redirects it follows. Set them with
/// `ClientConfiguration.transferLimits`; the attempt loop puts them on every request
/// (`HTTPRequest.limits`), `URLSessionTransport` enforces them as bytes arrive, and the attempt loop
/// checks the size again for any other transport.
public struct TransferLimits: Sendable, Hashable {
    /// The largest response body accepted, in bytes, counted after content decoding (gzip,
    /// deflate, br) — so a small compressed "bomb" is stopped by what it inflates to. A larger
    /// body fails the call with `SpecwrightError.Kind.responseTooLarge` as soon as it crosses the
    /// limit (at once when `Content-Length` already announces more).
    public var maximumResponseBytes: Int

    /// Which redirects are followed; see `RedirectPolicy` for the rules no policy can lift.
    public var redirects: RedirectPolicy

    /// Creates limits.
    public init(
        maximumResponseBytes: Int = TransferLimits.defaultMaximumResponseBytes, redirects: RedirectPolicy = .default
    ) {
        self.maximumResponseBytes = max(0, maximumResponseBytes)
        self.redirects = redirects
    }

    /// 32 MiB: well above the JSON documents API clients exchange (the bookstore list of 1,000
    /// books is ~300 KB), well below what decoding can afford on a phone — decoding holds the body
    /// and its decoded value at once, several times the body's size. Files and large downloads
    /// belong to the streaming transport, not to a buffered call.
    public static let defaultMaximumResponseBytes = 32 * 1024 * 1024

    /// The default limits.
    public static let `default` = TransferLimits()

    /// The error for a body that crossed the limit.
    func tooLarge() -> SpecwrightError {
        SpecwrightError(.responseTooLarge(limit: maximumResponseBytes))
    }
}
