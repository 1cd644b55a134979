import SpecwrightYAML

/// Collects diagnostics while a spec is decoded and validated.
///
/// A value type: each stage owns its bag and passes it `inout`. To keep hostile input from
/// producing millions of lines, at most ``limit`` diagnostics are kept; the rest are counted
/// and summarised by ``sorted()``.
public struct DiagnosticBag: Sendable {
    /// The maximum number of diagnostics kept.
    public let limit: Int
    /// The diagnostics in the order they were reported.
    public private(set) var diagnostics: [Diagnostic] = []
    /// How many diagnostics were dropped because the bag was full.
    public private(set) var droppedCount = 0
    /// Whether any error was reported (including dropped ones).
    public var hasErrors: Bool { errorCount > 0 }
    /// How many errors were reported (including dropped ones).
    public private(set) var errorCount = 0

    /// Creates an empty bag keeping at most `limit` diagnostics.
    public init(limit: Int = 500) {
        self.limit = limit
    }

    /// Adds a diagnostic.
    public mutating func report(_ diagnostic: Diagnostic) {
        if diagnostic.isError { errorCount += 1 }
        guard diagnostics.count < limit else {
            droppedCount += 1
            return
        }
        diagnostics.append(diagnostic)
    }

    /// Adds an error.
    public mutating func error(_ message: String, at location: SourceLocation, suggestion: String? = nil) {
        report(Diagnostic(.error, message, at: location, suggestion: suggestion))
    }

    /// Adds a warning.
    public mutating func warning(_ message: String, at location: SourceLocation, suggestion: String? = nil) {
        report(Diagnostic(.warning, message, at: location, suggestion: suggestion))
    }

    /// Adds an error that quotes Swift types by identity (``DiagnosticText``).
    mutating func error(quoting text: DiagnosticText, at location: SourceLocation, suggestion: String? = nil) {
        report(Diagnostic(.error, quoting: text, at: location, suggestion: suggestion))
    }

    /// Adds a warning that quotes Swift types by identity (``DiagnosticText``).
    mutating func warning(quoting text: DiagnosticText, at location: SourceLocation, suggestion: String? = nil) {
        report(Diagnostic(.warning, quoting: text, at: location, suggestion: suggestion))
    }

    /// Adds a note.
    public mutating func note(_ message: String, at location: SourceLocation) {
        report(Diagnostic(.note, message, at: location))
    }

    /// Whether the bag is full, so that callers can stop doing work whose results would be dropped.
    public var isFull: Bool { diagnostics.count >= limit }

    /// The diagnostics sorted by file, line and column (stable: a note stays after the diagnostic
    /// it belongs to when both share a location), followed by a summary note when some were dropped.
    public func sorted() -> [Diagnostic] {
        var result = Self.sortedByLocation(diagnostics)
        if droppedCount > 0, let last = result.last {
            result.append(Diagnostic(.note, "\(droppedCount) more diagnostics not shown", at: last.location))
        }
        return result
    }

    /// Sorts diagnostics by file, line and column, keeping the original order for equal locations.
    public static func sortedByLocation(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let a = lhs.element.location
            let b = rhs.element.location
            if !a.isInSameFile(as: b) { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
