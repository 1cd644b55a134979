import Foundation

/// Headers sent with every request: `User-Agent`, `Accept`, `Accept-Language`, and optional
/// client version, device id and millisecond timestamp headers from providers.
public struct CommonHeaders: Sendable {
    /// The `User-Agent` value; `nil` sends none (URLSession then sends its own).
    public var userAgent: String?
    /// The `Accept` value.
    public var accept: String?
    /// The `Accept-Language` value.
    public var acceptLanguage: String?
    /// A provider for the client version header (name, value).
    public var clientVersion: (@Sendable () -> HTTPHeader?)?
    /// A provider for the device id header (name, value).
    public var deviceID: (@Sendable () -> HTTPHeader?)?
    /// The name of a header carrying the current time in milliseconds since 1970, e.g. `X-Timestamp`.
    public var timestampHeader: String?

    /// Creates common headers.
    public init(
        userAgent: String? = CommonHeaders.defaultUserAgent, accept: String? = "application/json",
        acceptLanguage: String? = CommonHeaders.defaultAcceptLanguage,
        clientVersion: (@Sendable () -> HTTPHeader?)? = nil, deviceID: (@Sendable () -> HTTPHeader?)? = nil,
        timestampHeader: String? = nil
    ) {
        self.userAgent = userAgent
        self.accept = accept
        self.acceptLanguage = acceptLanguage
        self.clientVersion = clientVersion
        self.deviceID = deviceID
        self.timestampHeader = timestampHeader
    }

    /// `User-Agent`, `Accept: application/json` and `Accept-Language` from the user's preferences.
    public static let `default` = CommonHeaders()

    /// `<App>/<version> (<platform>; <OS version>) Specwright/<runtime version>` (RFC 9110 §10.1.5
    /// product tokens), with the app name and version from the main bundle or the process name.
    public static let defaultUserAgent: String = {
        let info = Bundle.main.infoDictionary ?? [:]
        let app = (info["CFBundleName"] as? String) ?? ProcessInfo.processInfo.processName
        let version = (info["CFBundleShortVersionString"] as? String) ?? "0"
        let os = ProcessInfo.processInfo.operatingSystemVersion
        let osVersion = "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"
        return
            "\(sanitize(app))/\(sanitize(version)) (\(platformName); \(osVersion)) Specwright/\(SpecwrightRuntimeVersion.current)"
    }()

    /// Up to three of the user's preferred languages with descending quality values (RFC 9110 §12.5.4).
    public static let defaultAcceptLanguage: String = {
        let languages = Locale.preferredLanguages.prefix(3)
        guard !languages.isEmpty else { return "en" }
        return languages.enumerated().map { index, language in
            index == 0 ? language : "\(language);q=\(String(format: "%.1f", 1.0 - Double(index) * 0.1))"
        }.joined(separator: ", ")
    }()

    static var platformName: String {
        #if os(iOS)
            return "iOS"
        #elseif os(macOS)
            return "macOS"
        #elseif os(tvOS)
            return "tvOS"
        #elseif os(watchOS)
            return "watchOS"
        #elseif os(Linux)
            return "Linux"
        #elseif os(Windows)
            return "Windows"
        #else
            return "unknown"
        #endif
    }

    private static func sanitize(_ token: String) -> String {
        String(
            token.unicodeScalars.filter { $0.isASCII && $0.value > 32 && $0 != "/" && $0 != "(" && $0 != ")" }.map(
                Character.init))
    }
}

/// Adds `CommonHeaders` and the request id; headers an endpoint set itself are kept.
struct CommonHeadersInterceptor: Interceptor {
    let common: CommonHeaders
    let requestIDHeader: String?

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        adding(to: request, callID: context.call.callID)
    }

    /// `request` with the common headers and the request id of call `callID`; synchronous, so the
    /// cache can preview a request on every hit without an async hop or an `AttemptContext`.
    func adding(to request: HTTPRequest, callID: UUID) -> HTTPRequest {
        var request = request
        if let userAgent = common.userAgent { request.headers.addIfAbsent(HTTPHeader("User-Agent", userAgent)) }
        if let accept = common.accept { request.headers.addIfAbsent(HTTPHeader("Accept", accept)) }
        if let language = common.acceptLanguage { request.headers.addIfAbsent(HTTPHeader("Accept-Language", language)) }
        if let header = common.clientVersion?() { request.headers.addIfAbsent(header) }
        if let header = common.deviceID?() { request.headers.addIfAbsent(header) }
        if let name = common.timestampHeader {
            request.headers.setValue(String(Int64((Date().timeIntervalSince1970 * 1000).rounded())), for: name)
        }
        if let name = requestIDHeader {
            request.headers.addIfAbsent(HTTPHeader(name, CallIdentifier.text(callID)))
        }
        return request
    }
}
