import Foundation

/// Whether a comment line lies inside a Markdown code fence (```` ``` ```` or `~~~`), which
/// ``SourcePrinter`` never reflows. A fence is open after an odd number of fence lines in the run
/// of comment lines that ends at the line; any code line closes it. The printer asks only about
/// over-long comment lines, so the tracker reads the run backwards from the line asked about and
/// stops at the line it answered for last: every line is read at most once.
struct FenceTracker {
    private var lastAnswer: (lineStart: Int, inFence: Bool)?

    /// Whether the comment line `text[lineStart..<lineEnd]` is inside a fence (the line itself
    /// counts: a line that opens a fence is inside it; one that closes it is not).
    mutating func isInFence(lineStart: Int, lineEnd: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var inFence = false
        var start = lineStart
        var end = lineEnd
        while true {
            if let lastAnswer, lastAnswer.lineStart == start {
                inFence = inFence != lastAnswer.inFence
                break
            }
            let line = UnsafeBufferPointer(rebasing: text[start..<end])
            guard Self.isComment(line) else { break }
            if Self.hasFence(line) { inFence.toggle() }
            guard start > 0 else { break }
            end = start - 1
            start = end
            while start > 0, text[start - 1] != UTF8Facts.newline { start -= 1 }
        }
        lastAnswer = (lineStart, inFence)
        return inFence
    }

    /// Whether the line is a `//` comment after its indentation.
    static func isComment(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < line.count, line[index] == UTF8Facts.space { index += 1 }
        return index + 1 < line.count && line[index] == UInt8(ascii: "/") && line[index + 1] == UInt8(ascii: "/")
    }

    /// Whether the line holds three backticks or three tildes in a row.
    private static func hasFence(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = line.baseAddress else { return false }
        for fence in [UInt8(ascii: "`"), UInt8(ascii: "~")] {
            var position = 0
            while position + 2 < line.count,
                let found = memchr(base + position, Int32(fence), line.count - position - 2)
            {
                let index = UnsafeRawPointer(base).distance(to: found)
                if line[index + 1] == fence, line[index + 2] == fence { return true }
                position = index + 1
            }
        }
        return false
    }
}
