/// Lays out generated declarations the way a person would: on one line when it fits,
/// otherwise one argument per line.
enum SourceLayout {
    /// The line length generated code stays within where it can (swift-format's default).
    static let lineLength = 100

    /// `head(a, b) tail` on one line if it fits at `indent`, else split one item per line.
    /// The returned lines are relative to `indent` (which is not included).
    static func wrapped(
        head: String, items: [String], tail: String, indent: Int, brackets: (open: String, close: String) = ("(", ")")
    ) -> [String] {
        let inline = head + brackets.open + items.joined(separator: ", ") + brackets.close + tail
        guard indent + inline.count > lineLength, !items.isEmpty else { return [inline] }
        var lines = [head + brackets.open]
        for (index, item) in items.enumerated() {
            lines.append("    " + item + (index == items.count - 1 ? "" : ","))
        }
        lines.append(brackets.close + tail)
        return lines
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
