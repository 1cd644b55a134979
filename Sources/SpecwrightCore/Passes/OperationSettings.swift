import SpecwrightYAML

/// Per-operation settings in the spec format's words — `timeout`, `retry`, `cache` (with
/// `lifetime`), `idempotent`, `gate`, `batch`, `invalidates`, `envelope: false` — as a generation config rule or an
/// OpenAPI operation's `x-specwright` extension gives them. Read with the spec decoder, so the
/// three spellings accept the same values with the same messages; applied to an endpoint by the
/// policy pass (``PolicyOverlay``), which resolves the names in `batch` and `invalidates`.
/// Every field left out keeps what the endpoint had.
public struct OperationSettings: Hashable, Sendable {
    /// Seconds.
    public var timeout: Double?
    /// The retry policy (`none`: no retries).
    public var retry: IR.Retry?
    /// The cache policy.
    public var cache: IR.Cache?
    /// Who decides how long cached responses stay fresh.
    public var cacheLifetime: IR.CacheLifetime?
    /// Whether a POST/PATCH may be retried (an Idempotency-Key is sent).
    public var idempotent: Bool?
    /// Whether this is the config gate.
    public var gate: Bool?
    /// For the gate: seconds one successful gate call keeps it open (`gate: { maxAge: … }`).
    public var gateMaxAge: Double?
    /// Batch settings; the parameter and key are names resolved by the pass.
    public var batch: BatchSetting?
    /// Operations whose cached responses a successful call removes, by name, as written.
    public var invalidates: [Located<String>]?
    /// `false` (`envelope: false`): the responses are not wrapped in the service's envelope; only
    /// `false` can be written, so nil keeps what the endpoint had.
    public var envelope: Bool?
    /// Where `envelope: false` is written.
    public var envelopeLocation: SourceLocation?
    /// Where the settings are written (the rule or the extension).
    public var location: SourceLocation

    /// The keys of the settings, in the order the spec format documents them.
    static let keys = ["cache", "retry", "timeout", "idempotent", "gate", "batch", "invalidates", "envelope"]

    /// Settings that change nothing.
    public init(at location: SourceLocation) {
        self.location = location
    }

    /// Reads the settings keys of `reader`'s mapping (other keys are the caller's).
    static func read(_ reader: MappingReader, decoder: inout SpecDecoder) -> OperationSettings {
        var settings = OperationSettings(at: reader.location)
        settings.timeout = reader["timeout"].flatMap { decoder.positiveSeconds($0, "'timeout'") }
        settings.retry = reader["retry"].flatMap { decoder.decodeRetry($0) }.map(SpecLowering.retry)
        if let entry = reader.entry("cache"),
            let cache = decoder.decodeCache(entry.value, owner: entry.key.location, allowsLifetime: true)
        {
            settings.cache = SpecLowering.cache(cache.setting)
            settings.cacheLifetime = cache.lifetime.flatMap { IR.CacheLifetime(rawValue: $0.rawValue) }
        }
        settings.idempotent = reader["idempotent"].flatMap { decoder.bool($0, "'idempotent'") }
        if let entry = reader.entry("gate"), let gate = decoder.decodeGate(entry.value, owner: entry.key.location) {
            settings.gate = gate.isGate
            settings.gateMaxAge = gate.maxAge
        }
        settings.batch = reader.entry("batch").flatMap { decoder.decodeBatch($0.value, owner: $0.key.location) }
        settings.invalidates = reader["invalidates"].map { decoder.operationList($0, "'invalidates'") }
        if let entry = reader.entry("envelope"),
            let location = decoder.decodeEnvelopeOptOut(
                entry.value, owner: entry.key.location, serviceLevel: "at the top level of the config")
        {
            settings.envelope = false
            settings.envelopeLocation = location
        }
        return settings
    }

    /// Reads a mapping that holds settings only (an OpenAPI operation's `x-specwright`); every
    /// problem, unknown keys included, is a located error in `diagnostics`.
    static func read(_ node: Node, context: String, file: String, diagnostics: inout [Diagnostic]) -> OperationSettings?
    {
        var decoder = SpecDecoder(file: file)
        let reader = MappingReader(node, context: context, allowed: keys, diagnostics: &decoder.diagnostics)
        let settings = reader.map { read($0, decoder: &decoder) }
        diagnostics += decoder.diagnostics.diagnostics
        return decoder.diagnostics.hasErrors ? nil : settings
    }
}
