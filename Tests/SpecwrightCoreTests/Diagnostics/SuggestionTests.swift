import Testing
@testable import SpecwrightCore

/// `Suggestions`: the "did you mean" of every diagnostic that names an unknown word.
@Suite struct SuggestionTests {
    @Test func closeTyposAreSuggested() {
        #expect(Suggestions.closest(to: "Bok", in: ["Book", "Genre"]) == "Book")
        #expect(Suggestions.closest(to: "summry", in: ["summary", "description"]) == "summary")
        #expect(Suggestions.closest(to: "basURL", in: ["baseURL", "name"]) == "baseURL")
        #expect(Suggestions.closest(to: "string", in: ["String", "Int"]) == "String")
        #expect(Suggestions.closest(to: "reponse", in: ["response", "retry"]) == "response")
    }

    @Test func distantWordsAreNotSuggested() {
        #expect(Suggestions.closest(to: "xyz", in: ["Book", "Genre"]) == nil)
        #expect(Suggestions.closest(to: "Book", in: ["Book"]) == nil)
        #expect(Suggestions.closest(to: "", in: ["a"]) == nil)
    }

    @Test func transpositionsCountAsOneEdit() {
        #expect(Suggestions.editDistance(Array("ab".unicodeScalars), Array("ba".unicodeScalars)) == 1)
        #expect(Suggestions.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
        #expect(Suggestions.editDistance([], Array("abc".unicodeScalars)) == 3)
    }
}
