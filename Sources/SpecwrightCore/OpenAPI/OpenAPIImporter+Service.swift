import Foundation
import SpecwrightYAML

extension OpenAPIImporter {
    /// The service settings: base URL from `servers[0]` (variables replaced by their defaults),
    /// the scheme of the document's `security` (see `lowerServiceAuth`), and the `x-specwright-*`
    /// extensions. Reads are cached as the server's headers say (`CachePolicy.http`) unless the
    /// document says otherwise: a client with an `HTTPCache` then stores and revalidates GET
    /// responses per RFC 9111 and adds no lifetime of its own (see docs/openapi.md).
    mutating func lowerService(name: String) -> IR.Service {
        let extensions = serviceExtensions()
        return IR.Service(
            name: IR.StringLiteral(name),
            baseURL: IR.StringLiteral(baseURL()),
            headers: extensions.headers,
            auth: security.serviceAuth,
            dates: document.extensions.dates.flatMap(IR.DateCoding.init(rawValue:)) ?? .iso8601,
            envelope: extensions.overlay.envelope,
            timeout: extensions.overlay.timeout ?? 30,
            retry: extensions.overlay.retry ?? IR.Retry(maxRetries: 3, baseDelay: 0.5, maxDelay: 8),
            cache: extensions.overlay.cache ?? .http)
    }

    private mutating func baseURL() -> String {
        guard let server = document.servers.first, let written = server.url else { return "/" }
        var url = written.value
        for (variable, defaultValue) in server.variables {
            url = url.replacingOccurrences(of: "{" + variable + "}", with: defaultValue ?? "")
        }
        if URL(string: url) == nil {
            skip(
                .schema,
                "server URL '\(url)' is not a URL Foundation can parse; '/' is used (set the base URL in the client configuration)",
                at: written.location)
            return "/"
        }
        return url
    }
}
