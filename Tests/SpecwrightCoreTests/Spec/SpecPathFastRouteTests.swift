import Testing
@testable import SpecwrightCore

/// The byte-level route for well-formed ASCII paths must give exactly the template the general
/// route gives, and leave every path with something to report (or non-ASCII text) to it.
@Suite struct SpecPathFastRouteTests {
    @Test func wellFormedPathsSplitIntoLiteralsAndParameters() {
        let cases: [(String, [PathTemplate.Part])] = [
            ("/", [.literal("/")]),
            ("/books", [.literal("/books")]),
            ("/books/{id}", [.literal("/books/"), .parameter("id")]),
            (
                "/books/{id}/reviews/{reviewId}.json",
                [
                    .literal("/books/"), .parameter("id"), .literal("/reviews/"), .parameter("reviewId"),
                    .literal(".json")
                ]
            ),
            ("/{a}{b}", [.literal("/"), .parameter("a"), .parameter("b")]),
            ("/files/{file_name}~x", [.literal("/files/"), .parameter("file_name"), .literal("~x")])
        ]
        for (text, parts) in cases {
            #expect(SpecDecoder.wellFormedASCIIPath(text) == PathTemplate(text: text, parts: parts), "\(text)")
        }
    }

    @Test func pathsWithProblemsOrNonASCIITextTakeTheGeneralRoute() {
        let texts = [
            "", "books", "/books?x=1", "/a#b", "/a b", "/a\tb", "/a}", "/{", "/{}", "/{a{b}}", "/{a}/{a}",
            "/{--}", "/bücher", "/{ü}"
        ]
        for text in texts {
            #expect(SpecDecoder.wellFormedASCIIPath(text) == nil, "\(text)")
        }
    }

    @Test func bothRoutesDecodeTheSamePathInASpec() throws {
        let quoted = SpecLoader.load(bytes: Array(Self.spec(path: "'/books/{id}/x'").utf8), file: "a.yaml")
        let plain = SpecLoader.load(bytes: Array(Self.spec(path: "/books/{id}/x").utf8), file: "a.yaml")
        let unicode = SpecLoader.load(bytes: Array(Self.spec(path: "/bücher/{id}/x").utf8), file: "a.yaml")
        let quotedPath = try #require(quoted.document?.groups.first?.endpoints.first?.path)
        let plainPath = try #require(plain.document?.groups.first?.endpoints.first?.path)
        let unicodePath = try #require(unicode.document?.groups.first?.endpoints.first?.path)
        #expect(quotedPath.value == plainPath.value)
        #expect(unicodePath.value.parts == [.literal("/bücher/"), .parameter("id"), .literal("/x")])
    }

    private static func spec(path: String) -> String {
        """
        specwright: 1
        name: Shop
        baseURL: https://api.example.com
        endpoints:
          books:
            get:
              get: \(path)
              response: String
        """
    }
}
