import Foundation

/// Receives the runtime's log lines (already redacted). Plug in `os.Logger`, swift-log or a test recorder.
public protocol LogSink: Sendable {
    /// Writes one log entry.
    func log(_ entry: LogEntry)
}

/// One log line with its level.
public struct LogEntry: Sendable, Hashable {
    /// The severity.
    public enum Level: String, Sendable, Hashable {
        /// Request and response details.
        case debug
        /// Failures.
        case error
    }

    /// The severity.
    public var level: Level
    /// The operation the entry belongs to.
    public var operationName: String
    /// The text (secrets redacted, bodies truncated).
    public var message: String

    /// Creates an entry.
    public init(level: Level, operationName: String, message: String) {
        self.level = level
        self.operationName = operationName
        self.message = message
    }
}

/// Writes entries to standard error.
public struct StandardErrorLogSink: LogSink {
    /// Creates the sink.
    public init() {}

    /// Writes `[specwright] <operation> <message>` to standard error.
    public func log(_ entry: LogEntry) {
        FileHandle.standardError.write(
            Data("[specwright] \(entry.level.rawValue) \(entry.operationName) \(entry.message)\n".utf8))
    }
}

/// Forwards entries to a closure.
public struct ClosureLogSink: LogSink {
    private let body: @Sendable (LogEntry) -> Void

    /// Creates a sink calling `body` for every entry.
    public init(_ body: @escaping @Sendable (LogEntry) -> Void) {
        self.body = body
    }

    /// Calls the closure.
    public func log(_ entry: LogEntry) {
        body(entry)
    }
}
