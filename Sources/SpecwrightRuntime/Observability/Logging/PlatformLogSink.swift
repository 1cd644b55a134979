import Foundation

/// The default sink: the platform's logger, never a stream of request bodies on standard error.
///
/// On Apple platforms entries go to `os.Logger` through `OSLogSink` (subsystem and category
/// below): request and response details at debug level — kept in memory only, shown by Console or
/// `log stream --level debug` when asked for — failures at error level, the (already redacted)
/// message marked private, the operation name public. Elsewhere (Linux) entries are written to
/// standard error, which happens only when the app switches logging on
/// (``LoggingConfiguration/defaultIsEnabled`` is `false` there).
public struct PlatformLogSink: LogSink {
    /// The logger's subsystem, e.g. the app's bundle identifier.
    public let subsystem: String
    /// The logger's category.
    public let category: String
    #if canImport(os)
        private let platformSink: OSLogSink
    #endif

    /// Creates the sink; `subsystem` and `category` name the `os.Logger` on Apple platforms.
    public init(subsystem: String = "Specwright", category: String = "network") {
        self.subsystem = subsystem
        self.category = category
        #if canImport(os)
            platformSink = OSLogSink(subsystem: subsystem, category: category)
        #endif
    }

    /// Writes the entry to `os.Logger` (Apple platforms) or standard error.
    public func log(_ entry: LogEntry) {
        #if canImport(os)
            platformSink.log(entry)
        #else
            StandardErrorLogSink().log(entry)
        #endif
    }
}
