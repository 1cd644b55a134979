/// Reflows an over-long `//` or `///` line at spaces (``SourcePrinter``). Markdown stays what it
/// was: a continuation line never starts with a word Markdown would read as a list item, quote,
/// heading, table row or fence, and the continuation of a list item (`/// - Parameter x: …`) is
/// indented under its text. A word longer than the line (a URL) stays whole.
enum CommentReflow {
    static func lines(indentation: String, content: String, width: Int) -> [String] {
        guard indentation.count + content.count > width else { return [indentation + content] }
        let marker = content.hasPrefix("///") ? "///" : "//"
        let text = content.dropFirst(marker.count).drop { $0 == " " }
        guard !text.isEmpty, !startsBlock(text.prefix { $0 != " " }) || text.hasPrefix("- ") || text.hasPrefix("* ")
        else { return [indentation + content] }
        let first = indentation + marker + " "
        let continuation = first + (text.hasPrefix("- ") || text.hasPrefix("* ") ? "  " : "")
        var lines: [String] = []
        var current = first
        var currentHasWord = false
        for word in text.split(separator: " ") {
            if currentHasWord, current.count + 1 + word.count > width, !startsBlock(word) {
                lines.append(current)
                current = continuation + word
            } else {
                current += (currentHasWord ? " " : "") + word
            }
            currentHasWord = true
        }
        lines.append(current)
        return lines
    }

    /// Whether a line starting with `word` would begin a Markdown block instead of continuing a paragraph.
    static func startsBlock<Word: StringProtocol>(_ word: Word) -> Bool {
        guard let first = word.first else { return false }
        if "-+*>#|=".contains(first) || word.hasPrefix("```") || word.hasPrefix("~~~") { return true }
        if first.isNumber, let last = word.last, last == "." || last == ")", word.dropLast().allSatisfy(\.isNumber) {
            return true
        }
        return false
    }
}
