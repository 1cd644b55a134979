import Testing
@testable import SpecwrightCore

@Suite struct SwiftNameTests {
    @Test(
        arguments: [
            ("page_size", "pageSize"), ("page-size", "pageSize"), ("pageSize", "pageSize"),
            ("X-Request-Id", "xRequestId"), ("ID", "id"), ("URLPath", "urlPath"), ("non_fiction", "nonFiction"),
            ("2fa", "_2fa"), ("default", "default"), ("  spaced  out ", "spacedOut"), ("café", "caf"),
            ("api_key", "apiKey"), ("_private", "private"),
            // A filter parameter's trailing comparison is spelled out (Twilio: DateCreated, DateCreated<, DateCreated>).
            ("DateCreated<", "dateCreatedLessThan"), ("DateCreated>", "dateCreatedGreaterThan"),
            ("StartTime>=", "startTimeGreaterThanOrEqual"), ("price<=", "priceLessThanOrEqual"),
            ("List<Item>", "listItem"), ("<", nil), (">=", nil)
        ] as [(String, String?)])
    func lowerCamelCaseJoinsWordsAndFixesInvalidStarts(_ raw: String, _ expected: String?) {
        #expect(SwiftName.lowerCamelCase(raw) == expected)
    }

    @Test(arguments: [
        ("book", "Book"), ("book_draft", "BookDraft"), ("bookstore api", "BookstoreApi"), ("3d-model", "_3dModel"),
        ("AppConfig", "AppConfig")
    ])
    func upperCamelCaseCapitalisesEveryWord(_ raw: String, _ expected: String) {
        #expect(SwiftName.upperCamelCase(raw) == expected)
    }

    @Test func namesWithoutLettersOrDigitsHaveNoSwiftName() {
        #expect(SwiftName.lowerCamelCase("---") == nil)
        #expect(SwiftName.upperCamelCase("") == nil)
        #expect(SwiftName.lowerCamelCase("日本") == nil)
    }

    @Test func keywordsAreEscapedWithBackticks() {
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.escaped("self") == "`self`")
        #expect(SwiftName.escaped("page") == "page")
        #expect(SwiftName.isKeyword("protocol"))
    }

    @Test(arguments: [
        ("publishedAt", "published_at"), ("isbn13", "isbn13"), ("URLValue", "url_value"), ("id", "id"),
        ("already_snake", "already_snake"), ("userID", "user_id")
    ])
    func snakeCaseJSONKeysFollowFoundationsConversion(_ name: String, _ expected: String) {
        #expect(JSONKeyStyle.snakeCase.jsonKey(for: name) == expected)
        #expect(JSONKeyStyle.asIs.jsonKey(for: name) == name)
    }
}
