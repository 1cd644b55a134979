import Foundation

/// What the built-in logger writes and what it hides.
public struct LoggingConfiguration: Sendable {
    /// Whether requests and responses are logged.
    public var isEnabled: Bool
    /// Where log lines go; ``PlatformLogSink`` (`os.Logger` on Apple platforms) by default.
    public var sink: any LogSink
    /// Header names whose values are replaced by `<redacted>` (case-insensitive), in addition to
    /// every name the built-in patterns match (password, secret, token, signature/sig, key, otp,
    /// credential, auth, session, cookie… in any spelling; see docs/runtime.md).
    public var redactedHeaders: Set<String>
    /// Query, form, multipart and JSON member names whose values are replaced by `<redacted>`
    /// (case-insensitive), in addition to every name the built-in patterns match.
    public var redactedFields: Set<String>
    /// Bodies longer than this many bytes are truncated in logs — before they are redacted, so a
    /// huge body is never read further than this.
    public var maxBodyBytes: Int

    /// Creates a configuration.
    public init(
        isEnabled: Bool = LoggingConfiguration.defaultIsEnabled, sink: any LogSink = PlatformLogSink(),
        redactedHeaders: Set<String> = LoggingConfiguration.defaultRedactedHeaders,
        redactedFields: Set<String> = LoggingConfiguration.defaultRedactedFields,
        maxBodyBytes: Int = LoggingConfiguration.defaultMaxBodyBytes
    ) {
        self.isEnabled = isEnabled
        self.sink = sink
        self.redactedHeaders = Set(redactedHeaders.map { $0.lowercased() })
        self.redactedFields = Set(redactedFields.map { $0.lowercased() })
        self.maxBodyBytes = max(0, maxBodyBytes)
    }

    /// On only in debug builds on Apple platforms, where ``PlatformLogSink`` sends the entries to
    /// `os.Logger` at debug level (kept in memory, shown on request); off in release builds (request
    /// logs may hold personal data) and on Linux, where the only default destination would be
    /// standard error. Switch it on with `LoggingConfiguration(isEnabled: true)`.
    public static let defaultIsEnabled: Bool = {
        #if DEBUG && canImport(os)
            return true
        #else
            return false
        #endif
    }()

    /// Credentials and session headers (RFC 9110 §11.6.2, RFC 6265) plus the usual API key headers.
    public static let defaultRedactedHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token"
    ]

    /// Field names that commonly carry secrets in queries and JSON bodies.
    public static let defaultRedactedFields: Set<String> = [
        "password", "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "key",
        "secret", "client_secret", "accesstoken", "refreshtoken"
    ]

    /// 1 KB: enough to recognise a payload, small enough to keep logs readable.
    public static let defaultMaxBodyBytes = 1024

    /// Logging switched off.
    public static let disabled = LoggingConfiguration(isEnabled: false)
}
