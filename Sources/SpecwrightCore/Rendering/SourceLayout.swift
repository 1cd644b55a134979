/// Spells generated declarations and calls on one line each; ``SourcePrinter`` decides, at the
/// line's real indentation after the templates placed it, whether and where a line breaks.
enum SourceLayout {
    /// `head(a, b)tail` on one line (the printer splits it one item per line when it is too long).
    static func call(
        head: String, items: [String], tail: String = "", brackets: (open: String, close: String) = ("(", ")")
    )
        -> String
    {
        head + brackets.open + items.joined(separator: ", ") + brackets.close + tail
    }

    /// A number as a Swift literal: `30`, `0.5` (never `30.0`); non-finite values become `0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `/// …` lines for documentation (a bare `///` for blank lines).
    static func docLines(_ documentation: IR.Documentation) -> [String] {
        documentation.lines.map { $0.isEmpty ? "///" : "/// " + $0 }
    }
}
