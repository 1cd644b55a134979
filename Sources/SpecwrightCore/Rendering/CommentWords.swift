/// The words of a `//` or `///` comment line, as byte ranges of the line: the text after the
/// marker, cut at every space that is a `Character` of its own (in ASCII text, every space).
/// Empty words (runs of spaces) are skipped, so a reflowed line has single spaces.
struct CommentWords: Sequence {
    let line: UnsafeBufferPointer<UInt8>
    /// `//` or `///`.
    let marker: UnsafeBufferPointer<UInt8>
    private let textStart: Int
    private let isASCII: Bool

    init(line: UnsafeBufferPointer<UInt8>, from indentation: Int, isASCII: Bool) {
        self.line = line
        self.isASCII = isASCII
        let slash = UInt8(ascii: "/")
        let markerLength =
            indentation + 2 < line.count && line[indentation + 2] == slash
                && (isASCII || UTF8Facts.isOwnCharacter(at: indentation + 2, in: line)) ? 3 : 2
        marker = UnsafeBufferPointer(rebasing: line[indentation..<(indentation + markerLength)])
        var start = indentation + markerLength
        while start < line.count, line[start] == UTF8Facts.space, Self.isSeparator(at: start, in: line, isASCII) {
            start += 1
        }
        textStart = start
    }

    /// The first word, nil when the comment has no text.
    var first: Range<Int>? {
        var iterator = makeIterator()
        return iterator.next()
    }

    /// Whether the text starts with `- ` or `* ` (a list item, whose continuation lines are indented under its text).
    var startsWithListMarker: Bool {
        textStart + 1 < line.count && (line[textStart] == UInt8(ascii: "-") || line[textStart] == UInt8(ascii: "*"))
            && line[textStart + 1] == UTF8Facts.space && Self.isSeparator(at: textStart + 1, in: line, isASCII)
    }

    /// The width in characters of `word` after a space (of a line that is not all ASCII).
    func width(of word: Range<Int>) -> Int {
        let bytes = UnsafeBufferPointer(rebasing: line[word])
        if UTF8Facts.isASCII(bytes) { return bytes.count }
        return (" " + String(decoding: bytes, as: UTF8.self)).count - 1
    }

    struct Iterator: IteratorProtocol {
        let words: CommentWords
        var position: Int

        mutating func next() -> Range<Int>? {
            let line = words.line
            while position < line.count, words.isSeparator(at: position) { position += 1 }
            guard position < line.count else { return nil }
            let start = position
            while position < line.count, !words.isSeparator(at: position) { position += 1 }
            return start..<position
        }
    }

    func makeIterator() -> Iterator { Iterator(words: self, position: textStart) }

    @inline(__always)
    private func isSeparator(at index: Int) -> Bool {
        line[index] == UTF8Facts.space && Self.isSeparator(at: index, in: line, isASCII)
    }

    /// Whether the space at `index` separates words.
    @inline(__always)
    private static func isSeparator(at index: Int, in line: UnsafeBufferPointer<UInt8>, _ isASCII: Bool) -> Bool {
        isASCII || UTF8Facts.isOwnCharacter(at: index, in: line)
    }
}
