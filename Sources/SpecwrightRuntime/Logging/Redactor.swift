import Foundation

/// Removes secrets from URLs, headers and bodies before they reach a log or an error message.
struct Redactor: Sendable {
    static let marker = "<redacted>"
    let headers: Set<String>
    let fields: Set<String>
    let maxBodyBytes: Int

    init(configuration: LoggingConfiguration, scheme: AuthScheme) {
        let base = Redactor(
            headers: configuration.redactedHeaders, fields: configuration.redactedFields.union(configuration.redactedHeaders),
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

    /// The URL without user info, with the values of secret query parameters replaced.
    func url(_ url: URL) -> String {
        var text = url.absoluteString
        if url.user != nil || url.password != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.user = nil
            components.password = nil
            text = components.string ?? text
        }
        guard let questionMark = text.firstIndex(of: "?") else { return text }
        let fragmentStart = text[questionMark...].firstIndex(of: "#") ?? text.endIndex
        let query = text[text.index(after: questionMark)..<fragmentStart]
        let redacted = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let decoded = (name.removingPercentEncoding ?? name).lowercased()
            return fields.contains(decoded) ? "\(name)=\(Self.marker)" : String(pair)
        }.joined(separator: "&")
        return String(text[...questionMark]) + redacted
    }

    /// `Name: value` lines with secret values replaced.
    func headerLines(_ pairs: [(String, String)]) -> String {
        pairs.map { name, value in
            "\(name): \(headers.contains(name.lowercased()) ? Self.marker : value)"
        }.joined(separator: "\n")
    }

    /// The body as text: JSON with secret fields replaced, truncated to `maxBodyBytes`.
    func body(_ bytes: Data?) -> String {
        guard let bytes, !bytes.isEmpty else { return "" }
        var data = bytes
        if !fields.isEmpty, let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            let cleaned = redact(json)
            if let reencoded = try? JSONSerialization.data(withJSONObject: cleaned, options: [.fragmentsAllowed, .sortedKeys]) {
                data = reencoded
            }
        }
        let truncated = data.count > maxBodyBytes
        let text = String(decoding: data.prefix(maxBodyBytes), as: UTF8.self)
        return truncated ? "\(text)… (\(data.count) bytes)" : text
    }

    private func redact(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, child) in object {
                result[key] = fields.contains(key.lowercased()) ? Self.marker : redact(child)
            }
            return result
        }
        if let array = value as? [Any] { return array.map(redact) }
        return value
    }
}
