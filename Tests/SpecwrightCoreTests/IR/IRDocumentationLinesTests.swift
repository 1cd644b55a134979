import Testing

@testable import SpecwrightCore

/// ``IR/Documentation`` splits printable-ASCII text byte by byte (most descriptions) and other
/// text scalar by scalar: both give the same lines.
@Suite("IR: documentation lines")
struct IRDocumentationLinesTests {
    @Test(
        arguments: [
            ("  lead\n\n\nmid  \n   \ntrail   \n\n", ["  lead", "", "", "mid", "", "trail"]),
            ("\n\n  \n", []),
            ("one line", ["one line"]),
            ("a\n", ["a"]),
            ("x   ", ["x"]),
            ("~!@#$%^&*()_+{}|:\"<>? `", ["~!@#$%^&*()_+{}|:\"<>? `"])
        ] as [(String, [String])])
    func asciiTextIsSplitAndTrimmed(_ text: String, _ lines: [String]) {
        #expect(IR.Documentation(text).lines == lines)
        // The same text with a non-ASCII scalar in it takes the general path and agrees.
        #expect(IR.Documentation("é\u{2028}" + text).lines == ["é"] + lines)
    }
}
