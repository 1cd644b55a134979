import Testing

@testable import SpecwrightCore

/// The edges of the printer's byte-level scan: limits counted in columns (scalars for code,
/// characters for comments), never in UTF-8 bytes; `//` and brackets inside strings; fences.
@Suite struct SourcePrinterEdgeTests {
    /// `count` columns of code: `let x = [1, 1, …]` padded with spaces before the `=`.
    private static func codeLine(columns: Int) -> String {
        let list = "[" + Array(repeating: "1", count: 20).joined(separator: ", ") + "]"
        let line = "let x" + String(repeating: " ", count: columns - 8 - list.count) + " = " + list
        #expect(line.count == columns)
        return line
    }

    @Test func aCodeLineExactlyAtTheLimitStaysAndOneColumnMoreIsSplit() {
        let atLimit = Self.codeLine(columns: SourcePrinter.lineLength)
        #expect(SourcePrinter.layOut(atLimit) == atLimit)
        let over = Self.codeLine(columns: SourcePrinter.lineLength + 1)
        let lines = SourcePrinter.layOut(over).split(separator: "\n")
        #expect(lines.count == 22)
        #expect(lines.first?.hasSuffix("= [") == true)
    }

    @Test func aCommentLineExactlyAtTheLimitStaysAndOneColumnMoreIsReflowed() {
        let prefix = "    /// "
        let words = String(repeating: "word ", count: 30)
        let atLimit = prefix + words.prefix(SourcePrinter.commentLength - prefix.count)
        #expect(atLimit.count == SourcePrinter.commentLength && !atLimit.hasSuffix(" "))
        #expect(SourcePrinter.layOut(atLimit) == atLimit)
        let over = atLimit + "s"
        #expect(SourcePrinter.layOut(over).split(separator: "\n").count == 2)
    }

    @Test func multiByteCharactersCountAsOneColumn() {
        // 95 columns, more than 100 bytes: a code line that fits.
        let code =
            "let name = \"" + String(repeating: "é", count: 40) + "\" + call(" + String(repeating: "日", count: 30)
            + ", b)"
        #expect(code.unicodeScalars.count <= 100 && code.utf8.count > 100)
        #expect(SourcePrinter.layOut(code) == code)
        // 107 characters, more than 120 bytes: a comment that fits.
        let comment = "/// " + Array(repeating: "nai\u{308}ve 🙂", count: 13).joined(separator: " ")
        #expect(comment.count <= 120 && comment.utf8.count > 120)
        #expect(SourcePrinter.layOut(comment) == comment)
        // Reflowed at 120 characters, not at 120 bytes.
        let long = "/// " + Array(repeating: "日本語のテキスト", count: 20).joined(separator: " ")
        let lines = SourcePrinter.layOut(long).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].count == 4 + 13 * 9 - 1)
        #expect(lines.joined(separator: " ").replacing("/// ", with: "") == long.dropFirst(4))
    }

    @Test func aSpaceCarryingACombiningMarkIsNotABreak() {
        // " \u{301}" is one character: the reflow must not break there (nor count it twice).
        let word = "x\u{20}\u{301}y"
        let long = "/// " + Array(repeating: word, count: 40).joined(separator: " ")
        let lines = SourcePrinter.layOut(long).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 120 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("/// x") })
    }

    @Test func slashesAndBracketsInsideStringsAreText() {
        let line =
            "        request(path: \"https://example.com/a/(b]/{c}\", query: [\"q\": \"// not a comment\"], "
            + "limit: " + String(repeating: "9", count: 20) + ")"
        #expect(
            SourcePrinter.layOut(line).split(separator: "\n").map(String.init) == [
                "        request(",
                "            path: \"https://example.com/a/(b]/{c}\",",
                "            query: [\"q\": \"// not a comment\"],",
                "            limit: " + String(repeating: "9", count: 20),
                "        )"
            ])
    }

    @Test func theWidestGroupIsMeasuredInColumnsNotBytes() {
        // The array holds more bytes, the call more columns: the call is split.
        let array = "[\"" + String(repeating: "日", count: 24) + "\", b]"
        let call = "call(" + String(repeating: "a", count: 30) + ", " + String(repeating: "b", count: 30) + ")"
        let line = "        x = " + array + " + " + call
        let lines = SourcePrinter.layOut(line).split(separator: "\n").map(String.init)
        #expect(lines.first == "        x = " + array + " + call(")
    }

    @Test func aFenceOpenInACommentRunClosesAtTheNextCodeLine() {
        let long = "/// " + Array(repeating: "word", count: 30).joined(separator: " ")
        let fenced = ["/// ```", long].joined(separator: "\n")
        #expect(SourcePrinter.layOut(fenced) == fenced)
        let afterCode = ["/// ```", "let x = 1", long].joined(separator: "\n")
        #expect(SourcePrinter.layOut(afterCode).split(separator: "\n").count == 4)
        let closed = ["/// ~~~", "/// code", "/// ~~~", long, long].joined(separator: "\n")
        #expect(SourcePrinter.layOut(closed).split(separator: "\n").count == 7)
    }
}
