import Foundation

extension HTTPCacheStage {
    /// After a successful unsafe request: invalidates the request URL and same-origin `Location` /
    /// `Content-Location` targets (RFC 9111 §4.4), and the stored responses of the operations the
    /// spec says the write invalidates (`invalidates:`), in every account — a write changes
    /// what every account would read, and removing is always safe.
    func invalidate(after request: CacheableRequest, response: CacheableResponse) {
        cache.invalidate(url: request.url)
        for operation in request.invalidates { cache.removeAll(operation: operation) }
        guard let base = URL(string: request.url) else { return }
        for name in ["Location", "Content-Location"] {
            guard let value = HeaderLookup.value(name, in: response.headers),
                let target = URL(string: value, relativeTo: base)?.absoluteURL,
                target.host == base.host, target.port == base.port, target.scheme == base.scheme
            else { continue }
            cache.invalidate(url: target.absoluteString)
        }
    }
}
