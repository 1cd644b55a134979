import SpecwrightYAML

/// `retry:` of `defaults`, of an endpoint, of a generation config's `defaults` and `policies`, and
/// of the `x-specwright` extensions: one reader, so every place accepts the same and says the same.
extension SpecDecoder {
    mutating func decodeRetry(_ node: Node) -> RetrySetting? {
        if node.scalar != nil {
            guard let value = word(node, "'retry'") else { return nil }
            if value == "none" { return RetrySetting.none }
            diagnostics.error(
                "invalid retry '\(NodeDescription.excerpt(value))' (expected none or { max, baseDelay, maxDelay })",
                at: node.location)
            return nil
        }
        // `methods` is read only to explain why it is not a setting here.
        guard
            let reader = MappingReader(
                node, context: "'retry'", allowed: RetrySetting.keys + ["methods"], diagnostics: &diagnostics)
        else { return nil }
        if let methods = reader.entry("methods") {
            diagnostics.error(
                "'methods' is not a retry setting of the spec: an endpoint has one method; mark it 'idempotent: true' "
                    + "to retry it whatever its method (an Idempotency-Key is sent)",
                at: methods.key.location)
        }
        let standard = RetrySetting.standard
        let maxRetries = nonNegative(reader["max"], "'max'", default: standard.maxRetries) { this, node in
            this.integer(node, "'max'")
        }
        let baseDelay = nonNegative(reader["baseDelay"], "'baseDelay'", default: standard.baseDelay) { this, node in
            this.number(node, "'baseDelay'")
        }
        let maxDelay = nonNegative(reader["maxDelay"], "'maxDelay'", default: standard.maxDelay) { this, node in
            this.number(node, "'maxDelay'")
        }
        // Each optional knob: absent (nil), or read (nil again when it was reported).
        var failed = reader.entry("methods") != nil
        func read<Value>(_ key: String, _ decode: (inout SpecDecoder, Node) -> Value?) -> Value? {
            guard let node = reader[key] else { return nil }
            let value = decode(&self, node)
            if value == nil { failed = true }
            return value
        }
        let statuses = read("statuses") { $0.retryStatuses($1) }
        let transportErrors = read("transportErrors") { $0.retryTransportErrors($1) }
        let deadline = read("deadline") { $0.positiveSeconds($1, "'deadline'") }
        let longRetryAfter = read("longRetryAfter") { $0.keyword($1, "'longRetryAfter'", LongRetryAfter.self) }
        if let entry = reader.entry("longRetryAfter"), longRetryAfter == .wait, deadline == nil, !failed {
            diagnostics.warning(
                "'longRetryAfter: wait' without a 'deadline' lets a server hold a call for as long as its Retry-After says",
                at: entry.key.location)
        }
        guard let baseDelay, let maxDelay else { return nil }
        if maxDelay < baseDelay {
            let location = reader["maxDelay"]?.location ?? reader["baseDelay"]?.location ?? node.location
            diagnostics.error(
                "'maxDelay' (\(Self.format(maxDelay))) must not be less than 'baseDelay' (\(Self.format(baseDelay)))",
                at: location)
            return nil
        }
        guard let maxRetries, !failed else { return nil }
        return RetrySetting(
            maxRetries: maxRetries, baseDelay: baseDelay, maxDelay: maxDelay, statuses: statuses,
            transportErrors: transportErrors, deadline: deadline, longRetryAfter: longRetryAfter ?? .clamp)
    }

    /// `statuses:`: error statuses (400–599) other than 401, each once; nil (reported) otherwise.
    private mutating func retryStatuses(_ node: Node) -> [Int]? {
        guard node.sequence != nil else {
            diagnostics.error(
                "expected a list of HTTP statuses for 'statuses', found \(NodeDescription.describe(node))",
                at: node.location)
            return nil
        }
        var statuses: [Int] = []
        var valid = true
        for item in node.sequence ?? [] {
            guard let status = integer(item, "'statuses'") else {
                valid = false
                continue
            }
            if status == 401 {
                diagnostics.error(
                    "401 is never retried: it makes the client refresh its credentials and replay once",
                    at: item.location)
                valid = false
            } else if !(400...599).contains(status) {
                diagnostics.error(
                    "retry status \(status) is not an error status (expected 400–599)", at: item.location)
                valid = false
            } else if statuses.contains(status) {
                diagnostics.error("status \(status) is listed twice in 'statuses'", at: item.location)
                valid = false
            }
            statuses.append(status)
        }
        return valid ? statuses : nil
    }

    /// `transportErrors:`: names of ``RetryTransportError``, each once; nil (reported) otherwise.
    private mutating func retryTransportErrors(_ node: Node) -> [RetryTransportError]? {
        guard let items = node.sequence else {
            diagnostics.error(
                "expected a list of transport error names for 'transportErrors', found \(NodeDescription.describe(node))",
                at: node.location)
            return nil
        }
        var errors: [RetryTransportError] = []
        var valid = true
        for item in items {
            guard let error = keyword(item, "'transportErrors'", RetryTransportError.self) else {
                valid = false
                continue
            }
            if errors.contains(error) {
                diagnostics.error("'\(error.rawValue)' is listed twice in 'transportErrors'", at: item.location)
                valid = false
            }
            errors.append(error)
        }
        return valid ? errors : nil
    }

    /// The number `read` finds in `node` if it is not negative, `fallback` when `node` is nil,
    /// nil (reported) otherwise.
    private mutating func nonNegative<Number: Comparable & ExpressibleByIntegerLiteral>(
        _ node: Node?, _ what: String, default fallback: Number, read: (inout SpecDecoder, Node) -> Number?
    ) -> Number? {
        guard let node else { return fallback }
        guard let value = read(&self, node) else { return nil }
        guard value >= 0 else {
            diagnostics.error("\(what) must not be negative, not \(node.scalar?.text ?? "")", at: node.location)
            return nil
        }
        return value
    }
}
