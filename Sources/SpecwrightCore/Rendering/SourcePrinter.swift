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

    /// `text` with every over-long line laid out. Lines are found and classified on the UTF-8
    /// bytes (every character the decision looks at is ASCII); only a line that needs laying out
    /// becomes a `String` of its own, so a file whose lines fit costs one pass over its bytes.
    static func layOut(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + bytes.count / 16)
            var inFence = false
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != newline { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if start > 0 { output.append(newline) }
                let isComment = isCommentLine(line)
                if isComment, contains(line, fence: backtick) || contains(line, fence: tilde) { inFence.toggle() }
                if !isComment { inFence = false }
                if line.count <= (isComment ? commentLength : lineLength) || (isComment && inFence) {
                    output.append(contentsOf: line)
                } else {
                    let laidOut = lines(String(decoding: line, as: UTF8.self)).joined(separator: "\n")
                    output.append(contentsOf: laidOut.utf8)
                }
                start = end + 1
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static let newline = UInt8(ascii: "\n")
    private static let backtick = UInt8(ascii: "`")
    private static let tilde = UInt8(ascii: "~")

    /// Whether the line is a `//` comment after its indentation.
    private static func isCommentLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
        return index + 1 < line.count && line[index] == UInt8(ascii: "/") && line[index + 1] == UInt8(ascii: "/")
    }

    /// Whether the line holds three `fence` bytes in a row (a Markdown code fence).
    private static func contains(_ line: UnsafeBufferPointer<UInt8>, fence: UInt8) -> Bool {
        var run = 0
        for byte in line {
            run = byte == fence ? run + 1 : 0
            if run == 3 { return true }
        }
        return false
    }

    /// One rendered line, laid out as one or more lines.
    static func lines(_ line: String) -> [String] {
        let indentation = String(line.prefix { $0 == " " })
        let content = line.dropFirst(indentation.count)
        if content.hasPrefix("//") {
            return CommentReflow.lines(indentation: indentation, content: String(content), width: commentLength)
        }
        var result: [String] = []
        wrap(Array(content.unicodeScalars), indentation: indentation, into: &result)
        return result
    }

    /// Appends `content` at `indentation`, split while it is too long and can be split.
    private static func wrap(_ content: [Unicode.Scalar], indentation: String, into result: inout [String]) {
        guard indentation.utf8.count + content.count > lineLength, let split = LineStructure(content).split() else {
            result.append(indentation + String(String.UnicodeScalarView(content)))
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
