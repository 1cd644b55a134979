/// Reflows an over-long `//` or `///` line at spaces (``SourcePrinter``). Markdown stays what it
/// was: a continuation line never starts with a word Markdown would read as a list item, quote,
/// heading, table row or fence, and the continuation of a list item (`/// - Parameter x: …`) is
/// indented under its text. A word longer than the line (a URL) stays whole.
///
/// Widths are counted in `Character`s, as an editor shows them. The line's bytes are read once to
/// find its words; a word's width is its byte count when it is ASCII, and only a word with other
/// characters is measured as a `String`.
enum CommentReflow {
    /// The comment line `line` (`indentation` spaces, then `//` or `///`), reflowed to `width`
    /// characters: its lines joined by newlines, or nil when it stays as it is.
    static func lines(_ line: UnsafeBufferPointer<UInt8>, indentation: Int, width: Int) -> [UInt8]? {
        let isASCII = UTF8Facts.isASCII(line)
        guard (isASCII ? line.count : String(decoding: line, as: UTF8.self).count) > width else { return nil }
        let words = CommentWords(line: line, from: indentation, isASCII: isASCII)
        guard let firstWord = words.first else { return nil }
        let isListItem = words.startsWithListMarker
        guard !startsBlock(firstWord, in: line) || isListItem else { return nil }

        var output: [UInt8] = []
        output.reserveCapacity(line.count + line.count / 8)
        UTF8Facts.appendSpaces(indentation, to: &output)
        output.append(contentsOf: words.marker)
        output.append(UTF8Facts.space)
        let firstWidth = output.count
        let continuationWidth = firstWidth + (isListItem ? 2 : 0)
        var currentWidth = firstWidth
        var currentHasWord = false
        for word in words {
            let wordWidth = isASCII ? word.count : words.width(of: word)
            if currentHasWord, currentWidth + 1 + wordWidth > width, !startsBlock(word, in: line) {
                output.append(UTF8Facts.newline)
                UTF8Facts.appendSpaces(indentation, to: &output)
                output.append(contentsOf: words.marker)
                UTF8Facts.appendSpaces(continuationWidth - indentation - words.marker.count, to: &output)
                currentWidth = continuationWidth
            } else if currentHasWord {
                output.append(UTF8Facts.space)
                currentWidth += 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: line[word]))
            currentWidth += wordWidth
            currentHasWord = true
        }
        return output
    }

    /// ``startsBlock(_:)`` for a word of the line; a word that starts with an ASCII letter (most
    /// words) cannot start a block and is not decoded.
    private static func startsBlock(_ word: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        if UTF8Facts.isASCIILetter(line[word.lowerBound]) { return false }
        return startsBlock(String(decoding: UnsafeBufferPointer(rebasing: line[word]), as: UTF8.self))
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
