import Testing
import SpecwrightYAML
@testable import SpecwrightCore

@Suite struct DiagnosticBagTests {
    private func at(_ line: Int, _ column: Int, file: String = "a.yaml") -> SpecwrightYAML.SourceLocation {
        SpecwrightYAML.SourceLocation(file: file, line: line, column: column)
    }

    @Test func diagnosticsRenderInCompilerFormat() {
        #expect(
            Diagnostic(.error, "unknown type 'Bok'", at: at(12, 7)).description
                == "a.yaml:12:7: error: unknown type 'Bok'")
        #expect(Diagnostic(.warning, "w", at: at(1, 1)).description == "a.yaml:1:1: warning: w")
        #expect(Diagnostic(.note, "n", at: at(2, 3)).description == "a.yaml:2:3: note: n")
    }

    @Test func sortingIsByFileLineColumnAndStableForEqualLocations() {
        var bag = DiagnosticBag()
        bag.error("third", at: at(3, 1))
        bag.error("second", at: at(1, 9))
        bag.error("first", at: at(1, 2))
        bag.note("note of first", at: at(1, 2))
        bag.warning("other file", at: at(1, 1, file: "0.yaml"))
        #expect(bag.sorted().map(\.message) == ["other file", "first", "note of first", "second", "third"])
    }

    @Test func onlyErrorsMakeTheBagFail() {
        var bag = DiagnosticBag()
        bag.warning("w", at: at(1, 1))
        bag.note("n", at: at(1, 1))
        #expect(!bag.hasErrors)
        bag.error("e", at: at(1, 1))
        #expect(bag.hasErrors)
    }

    @Test func aFullBagCountsWhatItDropsAndSummarisesIt() {
        var bag = DiagnosticBag(limit: 2)
        for line in 1...5 { bag.error("e\(line)", at: at(line, 1)) }
        #expect(bag.isFull)
        #expect(bag.droppedCount == 3)
        #expect(
            bag.sorted().map(\.description) == [
                "a.yaml:1:1: error: e1", "a.yaml:2:1: error: e2", "a.yaml:2:1: note: 3 more diagnostics not shown"
            ])
    }

    @Test func suggestionsAreCarriedAsData() throws {
        let result = loadSpec(minimalHeader + "types:\n  Book: { properties: { a: Bok } }\n")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.suggestion == "Book")
        #expect(diagnostic.message == "unknown type 'Bok' (did you mean 'Book'?)")
    }

    @Test func messagesAreAlwaysOneLineAndBounded() {
        let escaped = Diagnostic(.error, "unknown key 'a\nb\r\tc\u{1}\u{7F}'", at: at(1, 1))
        #expect(escaped.message == "unknown key 'a\\nb\\r\\tc\\u{1}\\u{7f}'")
        let long = Diagnostic(
            .error, "unknown type '" + String(repeating: "x", count: 1_000) + "' (did you mean 'X'?)", at: at(1, 1))
        #expect(long.message.unicodeScalars.count == 381)
        #expect(long.message.hasPrefix("unknown type 'xxx"))
        #expect(long.message.hasSuffix("x' (did you mean 'X'?)"))
        #expect(long.message.contains("…"))
    }
}
