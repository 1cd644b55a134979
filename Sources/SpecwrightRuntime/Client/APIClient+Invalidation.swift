import Foundation

/// Removing cached responses from the app: after a change the server made that the cache cannot
/// see, on sign-out, or to force the next read to the network. Each is a no-op without a cache.
/// Successful unsafe calls invalidate by themselves (RFC 9111 §4.4, and the spec's `invalidates:`).
extension APIClient {
    /// Removes the stored responses for `endpoint`'s URL (all variants, every account).
    /// Throws when the endpoint cannot be built (the same error a call would get).
    public func invalidate(_ endpoint: some Endpoint) throws(SpecwrightError) {
        guard let cache = configuration.dataLayer.cache else { return }
        cache.removeAll(url: try builder.build(endpoint).request.url)
    }

    /// Removes the stored responses of `operation` (an `operationName`, e.g. `books.get`) for
    /// every parameter value, in every account.
    public func invalidate(operation: String) {
        configuration.dataLayer.cache?.removeAll(operation: operation)
    }

    /// Removes the stored responses below `path` (relative to the base URL, e.g. `/books` or
    /// `books/42`): `/books` covers `/books?page=2` and `/books/42/reviews`, not `/bookshelves`.
    /// Every segment is percent-encoded as in a request. Throws when the path is not a usable one.
    public func invalidate(pathPrefix path: String) throws(SpecwrightError) {
        guard let cache = configuration.dataLayer.cache else { return }
        let segments = path.split(separator: "/").map(String.init)
        let url = try builder.build(PathPrefixEndpoint(pathSegments: segments)).request.url
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        cache.removeAll(urlPrefix: components?.url ?? url)
    }

    /// Removes every stored response of `account` (the value `accountIdentity` returns for it).
    public func invalidate(account: String) {
        configuration.dataLayer.cache?.removeAll(for: account)
    }
}

/// A GET of a path, used only to build the URL a path prefix stands for.
private struct PathPrefixEndpoint: Endpoint {
    var operationName: String { "cache.invalidate" }
    var method: HTTPMethod { .get }
    var pathSegments: [String]
}
