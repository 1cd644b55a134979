import Testing
import SpecwrightYAML
@testable import SpecwrightCore

/// `invalidates:` names the reads a write removes from the cache; it is checked and generated.
@Suite struct SpecInvalidatesTests {
    private let spec =
        minimalHeader + """
            endpoints:
              books:
                get: { get: "/books/{id}", response: String }
                list: { get: /books, response: "[String]" }
              comments:
                create:
                  post: "/books/{id}/comments"
                  invalidates: [books.get, books.list]
            """

    @Test func invalidatesIsDecodedAndRenderedIntoTheEndpointOptions() throws {
        let result = loadSpec(spec)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let document = try #require(result.document)
        let create = try #require(document.groups.first { $0.name == "comments" }?.endpoints.first)
        #expect(create.invalidates.map(\.value) == ["books.get", "books.list"])
        let generated = try GenerationSupport.generate(spec)
        #expect(
            generated.files.values.contains {
                $0.contains(#"EndpointOptions(invalidates: ["books.get", "books.list"])"#)
            })
    }

    @Test func anUnknownOperationIsALocatedErrorWithASuggestion() {
        let lines = diagnosticLines(spec.replacingOccurrences(of: "books.list]", with: "books.lst]"))
        #expect(
            lines.contains {
                $0.hasPrefix("test.yaml:11:")
                    && $0.contains("error: 'invalidates' of 'comments.create' names no endpoint: 'books.lst'")
                    && $0.contains("books.list")
            })
    }
}
