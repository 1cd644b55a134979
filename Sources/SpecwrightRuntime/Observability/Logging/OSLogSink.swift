#if canImport(os)
    import os

    /// Writes the runtime's log lines to the platform logger (`os.Logger`, Apple platforms only).
    ///
    /// The operation name is logged as public. The message is already redacted (credentials and
    /// secret fields are `<redacted>`), but it may still hold personal data (URLs, bodies), so it is
    /// marked `.private` by default: the unified log shows it only while a debugger or profiler
    /// is attached. Pass `messagePrivacy: .public` for apps whose requests carry no personal data.
    public struct OSLogSink: LogSink {
        /// How the message part of each line is marked in the unified log.
        public enum MessagePrivacy: Sendable, Hashable {
            /// Hidden unless a debugger is attached (`OSLogPrivacy.private`).
            case `private`
            /// Always visible (`OSLogPrivacy.public`).
            case `public`
        }

        /// The logger the lines go to.
        public var logger: Logger { holder.logger }
        /// How messages are marked.
        public let messagePrivacy: MessagePrivacy
        private let holder: LoggerHolder

        /// Creates a sink writing to `Logger(subsystem:category:)`.
        public init(subsystem: String, category: String = "network", messagePrivacy: MessagePrivacy = .private) {
            holder = LoggerHolder(logger: Logger(subsystem: subsystem, category: category))
            self.messagePrivacy = messagePrivacy
        }

        /// Writes `entry`: `.error` entries at the error level, the others at the debug level.
        public func log(_ entry: LogEntry) {
            let level: OSLogType = entry.level == .error ? .error : .debug
            // The privacy argument must be a literal for the log message to be built at compile time.
            switch messagePrivacy {
            case .private:
                logger.log(level: level, "\(entry.operationName, privacy: .public) \(entry.message, privacy: .private)")
            case .public:
                logger.log(level: level, "\(entry.operationName, privacy: .public) \(entry.message, privacy: .public)")
            }
        }
    }

    /// Holds an `os.Logger`. `@unchecked Sendable`: `Logger` is immutable and documented as safe to
    /// use from any thread; the box only keeps this compiling on SDKs that do not mark it `Sendable`.
    final class LoggerHolder: @unchecked Sendable {
        let logger: Logger

        init(logger: Logger) {
            self.logger = logger
        }
    }
#endif
