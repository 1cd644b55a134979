import Foundation

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
/// than ``commentLength`` is reflowed at spaces (``CommentReflow``), never before a word that
/// Markdown would read as the start of a list, quote or heading, and never inside a fenced code block.
///
/// Cost: the pass works on UTF-8 bytes. A line of at most ``lineLength`` bytes is not looked at
/// beyond its newline (lengths in scalars or characters never exceed lengths in bytes), and a
/// text none of whose lines changes is returned as it came, so generated code that mostly fits
/// costs about one scan for newlines.
enum SourcePrinter {
    /// Code lines up to this many columns (Unicode scalars) stay on one line (swift-format's default).
    static let lineLength = 100
    /// Comment lines up to this many columns (characters) are kept as they are (the lint's line length).
    static let commentLength = 120
    /// One level of continuation indentation, in spaces.
    static let indentWidth = 4

    /// `text` with every over-long line laid out.
    static func layOut(_ text: String) -> String {
        var text = text
        var replacements: [(lines: Range<Int>, bytes: [UInt8])] = []
        text.withUTF8 { bytes in
            var fences = FenceTracker()
            var start = 0
            while start <= bytes.count {
                let end = endOfLine(from: start, in: bytes)
                if end - start > lineLength {
                    let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if let laidOut = layOutLine(line, fences: &fences, lineStart: start, in: bytes) {
                        replacements.append((start..<end, laidOut))
                    }
                }
                start = end + 1
            }
        }
        guard !replacements.isEmpty else { return text }
        // The unchanged runs are copied as slices of `text` (no second UTF-8 check).
        let utf8 = text.utf8
        var output = ""
        output.reserveCapacity(utf8.count + replacements.reduce(0) { $0 + $1.bytes.count - $1.lines.count })
        var copied = utf8.startIndex
        for replacement in replacements {
            let lineStart = utf8.index(utf8.startIndex, offsetBy: replacement.lines.lowerBound)
            output.append(contentsOf: Substring(utf8[copied..<lineStart]))
            output.append(String(decoding: replacement.bytes, as: UTF8.self))
            copied = utf8.index(lineStart, offsetBy: replacement.lines.count)
        }
        output.append(contentsOf: Substring(utf8[copied...]))
        return output
    }

    /// The index of the newline that ends the line starting at `start`, or the end of `bytes`
    /// (`memchr`: the C library searches several bytes per instruction).
    private static func endOfLine(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
            let newline = memchr(base + start, Int32(UTF8Facts.newline), bytes.count - start)
        else { return bytes.count }
        return UnsafeRawPointer(base).distance(to: newline)
    }

    /// The lines an over-long (in bytes) line becomes, or nil when it stays as it is.
    private static func layOutLine(
        _ line: UnsafeBufferPointer<UInt8>, fences: inout FenceTracker, lineStart: Int,
        in text: UnsafeBufferPointer<UInt8>
    ) -> [UInt8]? {
        var indentation = 0
        while indentation < line.count, line[indentation] == UTF8Facts.space { indentation += 1 }
        if FenceTracker.isComment(line) {
            guard line.count > commentLength,
                !fences.isInFence(lineStart: lineStart, lineEnd: lineStart + line.count, in: text)
            else { return nil }
            // `//` followed by a combining mark is not a comment marker (nor a comment to Swift).
            if UTF8Facts.isOwnCharacter(at: indentation + 1, in: line) {
                return CommentReflow.lines(line, indentation: indentation, width: commentLength)
            }
        } else if indentation > 0, indentation < line.count, line[indentation] >= 0x80,
            !UTF8Facts.isOwnCharacter(at: indentation - 1, in: line)
        {
            indentation -= 1  // the last space carries a combining mark: it is content
        }
        let content = ArraySlice(line[indentation...])
        let isASCII = UTF8Facts.isASCII(content)
        guard indentation + (isASCII ? content.count : UTF8Facts.scalarCount(content)) > lineLength else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(line.count * 2)
        wrap(content, indentation: indentation, isASCII: isASCII, into: &output)
        output.removeLast()  // the newline after the last line
        return output
    }

    /// Appends `content` (and a comma after it when `comma`) at `indentation`, each line
    /// followed by a newline, split while it is too long and can be split.
    private static func wrap(
        _ content: ArraySlice<UInt8>, comma: Bool = false, indentation: Int, isASCII: Bool,
        into output: inout [UInt8]
    ) {
        let suffix = comma ? 1 : 0
        guard indentation + content.count + suffix > lineLength,
            isASCII || indentation + UTF8Facts.scalarCount(content) + suffix > lineLength,
            let split = LineStructure(comma ? content + [UInt8(ascii: ",")] : content, isASCII: isASCII).split()
        else {
            UTF8Facts.appendSpaces(indentation, to: &output)
            output.append(contentsOf: content)
            if comma { output.append(UInt8(ascii: ",")) }
            output.append(UTF8Facts.newline)
            return
        }
        wrap(split.head, indentation: indentation, isASCII: isASCII, into: &output)
        for (index, item) in split.items.enumerated() {
            let comma = split.commaSeparated && index < split.items.count - 1
            wrap(item, comma: comma, indentation: indentation + indentWidth, isASCII: isASCII, into: &output)
        }
        if let tail = split.tail {
            wrap(tail, indentation: indentation, isASCII: isASCII, into: &output)
        }
    }
}
