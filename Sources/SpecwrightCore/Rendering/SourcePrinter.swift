/// The one component that decides line breaks in generated Swift: it runs over the text the
/// templates rendered, so every decision is made at the line's real indentation, whatever
/// indentation a (possibly user-supplied) template chose.
///
/// Contexts hand templates whole one-line declarations and statements; a code line longer than
/// ``lineLength`` is laid out the way a person would (and `swift format` accepts):
/// - `case pattern: value` breaks after the colon, the value one level in;
/// - otherwise the line's largest bracket group at the top level is split one item per line:
///   `(…)` at its top-level commas (a call, a parameter list, a pattern), `[…]` when it has
///   commas (an array literal), `{ … }` into its statement (`if let x { … }`, a closure);
/// - the lines this gives are laid out again, so a long argument is wrapped in turn.
///
/// String literals (with escapes and interpolations) are never split. A comment line longer
/// than ``commentLength`` is reflowed at spaces, never before a word that Markdown would read as
/// the start of a list, quote or heading. Lines that fit are copied unchanged, so the pass costs
/// one length check per line.
enum SourcePrinter {
    /// Code lines up to this many columns stay on one line (swift-format's default).
    static let lineLength = 100
    /// Comment lines up to this many columns are kept as they are (the lint's line length).
    static let commentLength = 120
    /// One level of continuation indentation.
    static let indentUnit = "    "

    /// `text` with every over-long line laid out.
    static func layOut(_ text: String) -> String {
        let threshold = min(lineLength, commentLength)
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / 16)
        var first = true
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { output += "\n" }
            first = false
            let isComment = line.drop { $0 == " " }.hasPrefix("//")
            if isComment, line.contains("```") || line.contains("~~~") { inFence.toggle() }
            if !isComment { inFence = false }
            if line.utf8.count <= threshold || (isComment && inFence) {
                output += line
            } else {
                output += lines(String(line)).joined(separator: "\n")
            }
        }
        return output
    }

    /// One rendered line, laid out as one or more lines.
    static func lines(_ line: String) -> [String] {
        let indentation = String(line.prefix { $0 == " " })
        let content = line.dropFirst(indentation.count)
        if content.hasPrefix("//") {
            return CommentReflow.lines(indentation: indentation, content: String(content), width: commentLength)
        }
        var result: [String] = []
        wrap(Array(content), indentation: indentation, into: &result)
        return result
    }

    /// Appends `content` at `indentation`, split while it is too long and can be split.
    private static func wrap(_ content: [Character], indentation: String, into result: inout [String]) {
        guard indentation.count + content.count > lineLength, let split = LineStructure(content).split() else {
            result.append(indentation + String(content))
            return
        }
        wrap(split.head, indentation: indentation, into: &result)
        for item in split.items {
            wrap(item, indentation: indentation + indentUnit, into: &result)
        }
        if let tail = split.tail {
            wrap(tail, indentation: indentation, into: &result)
        }
    }
}
