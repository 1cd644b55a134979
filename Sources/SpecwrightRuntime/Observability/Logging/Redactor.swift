import Foundation

/// Removes secrets from URLs, headers, bodies and errors before they reach a log, an error
/// message or a metrics event.
///
/// A name is secret when `SecretNames` matches it by pattern (any spelling of password, secret,
/// token, signature/sig, key, otp, credential, auth, session, cookie…) or when the configuration
/// or the service's API key names it. Bodies are capped *before* they are looked at: only the
/// first `maxBodyBytes` bytes are ever scanned (never parsed into a tree), so a 200 MB body costs
/// a 1 KB scan.
struct Redactor: Sendable {
    static let marker = "<redacted>"
    let headers: Set<String>
    let fields: Set<String>
    let maxBodyBytes: Int

    init(configuration: LoggingConfiguration, scheme: AuthScheme) {
        let base = Redactor(
            headers: configuration.redactedHeaders,
            fields: configuration.redactedFields.union(configuration.redactedHeaders),
            maxBodyBytes: configuration.maxBodyBytes)
        self = base.including([scheme])
    }

    private init(headers: Set<String>, fields: Set<String>, maxBodyBytes: Int) {
        self.headers = headers
        self.fields = fields
        self.maxBodyBytes = maxBodyBytes
    }

    /// This redactor, also hiding the API keys `requirement`'s schemes send (the header, or the
    /// query parameter; cookies and `Authorization` are redacted as headers anyway).
    func including(_ requirement: AuthRequirement) -> Redactor {
        including(requirement.alternatives.joined())
    }

    private func including(_ schemes: some Sequence<AuthScheme>) -> Redactor {
        var headers = headers
        var fields = fields
        for scheme in schemes {
            switch scheme {
            case .apiKeyHeader(let name): headers.insert(name.lowercased())
            case .apiKeyQuery(let name), .apiKeyCookie(let name): fields.insert(name.lowercased())
            case .none, .bearer, .basic: break
            }
        }
        guard headers.count != self.headers.count || fields.count != self.fields.count else { return self }
        return Redactor(headers: headers, fields: fields.union(headers), maxBodyBytes: maxBodyBytes)
    }

    /// This redactor, also hiding the headers and query parameters an attempt's credentials set
    /// (whatever authenticator set them, under whatever name).
    func including(_ credentials: CallCredentials?) -> Redactor {
        guard let credentials, !credentials.isEmpty else { return self }
        let headers = headers.union(credentials.headerNames)
        let fields = fields.union(credentials.queryNames)
        guard headers.count != self.headers.count || fields.count != self.fields.count else { return self }
        return Redactor(headers: headers, fields: fields.union(headers), maxBodyBytes: maxBodyBytes)
    }

    /// Whether a query, form, multipart or JSON member name is secret.
    func isSecretField(_ name: String) -> Bool {
        fields.contains(name.lowercased()) || SecretNames.isSecret(name)
    }

    /// Whether a header name is secret.
    func isSecretHeader(_ name: String) -> Bool {
        headers.contains(name.lowercased()) || fields.contains(name.lowercased()) || SecretNames.isSecret(name)
    }

    /// The URL without user info, with the values of secret query and fragment parameters replaced.
    func url(_ url: URL) -> String {
        var text = url.absoluteString
        if url.user != nil || url.password != nil,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        {
            components.user = nil
            components.password = nil
            text = components.string ?? text
        }
        return self.text(text)
    }

    /// Any text (a URL, a header value, an error message) with secret `name=value` pairs and
    /// JSON members redacted.
    func text(_ text: String) -> String {
        String(decoding: redactText(Array(text.utf8)), as: UTF8.self)
    }

    /// `Name: value` lines: secret headers' values replaced, other values redacted as text
    /// (a `Location` or `Link` URL with a signature in its query).
    func headerLines(_ pairs: [(String, String)]) -> String {
        pairs.map { name, value in
            "\(name): \(isSecretHeader(name) ? Self.marker : text(value))"
        }.joined(separator: "\n")
    }

    /// The body as text, capped to `maxBodyBytes` *before* anything else and then redacted:
    /// multipart parts by name, form and JSON (also NDJSON, XSSI-guarded or truncated JSON) by
    /// member name. A longer body ends with `… (N bytes)`.
    func body(_ bytes: Data?, contentType: String? = nil) -> String {
        guard let bytes, !bytes.isEmpty else { return "" }
        let prefix = Array(bytes.prefix(maxBodyBytes))
        let redacted: [UInt8]
        if let boundary = MultipartSecretScanner.boundary(contentType: contentType, body: prefix) {
            redacted = MultipartSecretScanner(isSecret: isSecretField, redactText: redactText).redact(
                prefix, boundary: boundary)
        } else {
            redacted = redactText(prefix)
        }
        let text = String(decoding: redacted, as: UTF8.self)
        return bytes.count > maxBodyBytes ? "\(text)… (\(bytes.count) bytes)" : text
    }

    /// JSON members first (a JSON string may hold a URL or an echoed form or multipart body),
    /// then multipart parts by their `name="…"`, then `name=value` pairs.
    /// Strings holding escaped text are redacted inside, two levels deep.
    private func redactText(_ bytes: [UInt8]) -> [UInt8] {
        redactText(bytes, depth: 0)
    }

    private func redactText(_ bytes: [UInt8], depth: Int) -> [UInt8] {
        let isSecret = isSecretField
        let nested: (([UInt8]) -> [UInt8])? = depth < 2 ? { self.redactText($0, depth: depth + 1) } : nil
        let json = JSONSecretScanner(isSecret: isSecret, nested: nested).redact(bytes)
        let parts = MultipartSecretScanner.redactDispositions(json, isSecret: isSecret)
        return FormSecretScanner(isSecret: isSecret).redact(parts)
    }
}
