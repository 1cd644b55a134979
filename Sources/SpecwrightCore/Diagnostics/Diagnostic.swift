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
    /// One line of text, lower-case start, no trailing period (compiler style). Control
    /// characters, Unicode line separators and bidirectional overrides from spec text are
    /// escaped (`\n`, `\u{2028}`) and very long messages shortened in the
    /// middle, so that every diagnostic prints as exactly one line.
    public let message: String
    /// Where the problem is.
    public let location: SourceLocation
    /// A replacement the user most likely meant (e.g. the correctly spelled key), if any.
    public let suggestion: String?
    /// The message with the Swift types it quotes held by identity, when it quotes any: the
    /// pipeline quotes their final names after the naming pass (``namingTypes(_:)``).
    let text: DiagnosticText?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation, suggestion: String? = nil) {
        self.severity = severity
        self.message = Self.oneLine(message)
        self.location = location
        self.suggestion = suggestion
        self.text = nil
    }

    /// A diagnostic whose message quotes Swift types (``DiagnosticText``), with the names they
    /// have now; ``namingTypes(_:)`` quotes other names.
    init(_ severity: Severity, quoting text: DiagnosticText, at location: SourceLocation, suggestion: String? = nil) {
        self.severity = severity
        self.message = Self.oneLine(text.written)
        self.location = location
        self.suggestion = suggestion
        self.text = text.quotedTypes.isEmpty ? nil : text
    }

    /// The types the message quotes by identity (empty for a message that is only text).
    var quotedTypes: [IR.TypeName] { text?.quotedTypes ?? [] }

    /// This diagnostic quoting each type by `name(id)` (its final name) where that is not nil.
    func namingTypes(_ name: (IR.TypeID) -> String?) -> Diagnostic {
        guard let text else { return self }
        return Diagnostic(
            severity, message: Self.oneLine(text.text(naming: name)), location: location, suggestion: suggestion,
            text: text)
    }

    private init(
        _ severity: Severity, message: String, location: SourceLocation, suggestion: String?, text: DiagnosticText?
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.suggestion = suggestion
        self.text = text
    }

    /// Equal severity, message, location and suggestion (what is printed).
    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        lhs.severity == rhs.severity && lhs.message == rhs.message && lhs.location == rhs.location
            && lhs.suggestion == rhs.suggestion
    }

    /// Hashes what is printed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(message)
        hasher.combine(location)
        hasher.combine(suggestion)
    }

    /// `file:line:col: severity: message`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
    }

    /// The longest message kept whole, in Unicode scalars.
    static let maxMessageLength = 400

    /// Whether a scalar from spec text is escaped in a message: C0 and C1 controls (NEL, U+0085,
    /// ends a line for Unicode), the line and paragraph separators U+2028/U+2029 (editors, Python's
    /// `splitlines` and JavaScript end lines there), and the bidirectional overrides and isolates
    /// (U+202A–U+202E, U+2066–U+2069), which would reorder the rest of the printed line.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Escapes control characters and shortens `text` to at most ``maxMessageLength`` scalars.
    static func oneLine(_ text: String) -> String {
        let needsEscaping = text.unicodeScalars.contains(where: isEscaped)
        var result = text
        if needsEscaping {
            var escaped = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n": escaped.append(contentsOf: "\\n".unicodeScalars)
                case "\r": escaped.append(contentsOf: "\\r".unicodeScalars)
                case "\t": escaped.append(contentsOf: "\\t".unicodeScalars)
                case _ where isEscaped(scalar):
                    escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
                default: escaped.append(scalar)
                }
            }
            result = String(escaped)
        }
        let scalars = result.unicodeScalars
        guard scalars.count > maxMessageLength else { return result }
        return String(String.UnicodeScalarView(scalars.prefix(300))) + "…"
            + String(String.UnicodeScalarView(scalars.suffix(80)))
    }

    /// Whether this diagnostic makes the spec invalid.
    public var isError: Bool { severity == .error }
}
