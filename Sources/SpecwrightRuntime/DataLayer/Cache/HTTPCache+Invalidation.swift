import Foundation

/// Removing stored responses on the app's request: by URL, operation, path prefix or account.
/// Every removal is in both tiers; URL, operation and prefix removals are in every account. The
/// elements batch loads keep (`BatchElementStore`) go with their operation; they are filed by id,
/// not URL, so a URL or prefix removal drops all of them.
extension HTTPCache {
    /// Removes every stored response for `url` (all variants, every account).
    public func removeAll(url: URL) {
        invalidate(url: url.absoluteString)
    }

    /// Removes every stored response of `operation` (the endpoint's `operationName`, e.g.
    /// `books.get`), whatever its parameters, in every account.
    public func removeAll(operation: String) {
        removals.remove(.operation(operation)) {
            memory.removeEntries { $0.operation == operation }
            disk?.removeAll(operation: operation)
            batchElements.removeAll(operation: operation)
        }
        changes.publish(.removed, url: nil)
    }

    /// Removes every stored response whose URL is `prefix` or lies below it: `…/books` removes
    /// `…/books`, `…/books?page=2` and `…/books/1/reviews`, not `…/bookshelves`. `prefix` is an
    /// absolute URL (`APIClient.invalidate(pathPrefix:)` builds it from the base URL).
    public func removeAll(urlPrefix prefix: URL) {
        var text = prefix.absoluteString
        while text.hasSuffix("/"), text.count > 1 { text.removeLast() }
        removals.remove(.urlPrefix(text)) {
            memory.removeAll { Self.url($0.url, isBelow: text) }
            disk?.removeAll(urlPrefix: text)
            batchElements.removeAll(partition: nil)  // elements are filed by id, not URL
        }
        changes.publish(.removed, url: nil)
    }

    /// Whether `url` is `prefix` itself or a path, query or fragment below it.
    static func url(_ url: String, isBelow prefix: String) -> Bool {
        guard url.hasPrefix(prefix) else { return false }
        let rest = url.dropFirst(prefix.count)
        return rest.isEmpty || ["/", "?", "#"].contains(rest.first)
    }
}
