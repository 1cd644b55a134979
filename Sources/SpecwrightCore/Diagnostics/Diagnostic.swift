import SpecwrightYAML

/// One problem (or remark) found in a spec, located in its source file.
///
/// Diagnostics are data: the core produces them, collects them in a ``DiagnosticBag`` and
/// never prints them. Front ends render them with ``description`` in the
/// `file:line:col: error: message` format that compilers, Xcode and SwiftPM understand.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Comparable {
        /// The spec is invalid; nothing may be generated from it.
        case error
        /// Suspicious but usable.
        case warning
        /// Extra context attached to the preceding error or warning.
        case note

        /// Orders errors before warnings before notes.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
    }

    /// How serious it is.
    public let severity: Severity
    /// One line of text, lower-case start, no trailing period (compiler style).
    public let message: String
    /// Where the problem is.
    public let location: SourceLocation
    /// A replacement the user most likely meant (e.g. the correctly spelled key), if any.
    public let suggestion: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation, suggestion: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.suggestion = suggestion
    }

    /// `file:line:col: severity: message`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
    }

    /// Whether this diagnostic makes the spec invalid.
    public var isError: Bool { severity == .error }
}

extension SourceLocation {
    /// The location `offset` columns to the right on the same line.
    func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + offset)
    }
}
