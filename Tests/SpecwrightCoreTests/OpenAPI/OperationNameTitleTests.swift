import Testing

@testable import SpecwrightCore

/// Litestar's path prefixes are built with Python's `str.title()` and `in` (``OperationName``):
/// the ASCII fast path and the Unicode path give Python's results.
@Suite("Operation names: Python's title()")
struct OperationNameTitleTests {
    @Test(
        arguments: [
            ("items", "Items"), ("item_id", "Item_Id"), ("v2beta", "V2Beta"), ("a1b", "A1B"), ("ABC", "Abc"),
            ("hello-world", "Hello-World"), ("", ""), ("42", "42"), ("éa", "éa"), ("aé_b", "Aé_B"), ("xÉy", "XÉy")
        ])
    func titleCasesLikePython(_ text: String, _ expected: String) {
        #expect(OperationName.pythonTitle(text) == expected)
    }

    /// A path segment whose title-cased text occurs in what Litestar wrote so far is skipped;
    /// occurrence is Python's, code point by code point.
    @Test func litestarPrefixesSkipSegmentsAlreadyWritten() {
        #expect(OperationName.idiomatic("ItemsReadItem", method: "get", path: "/items/{item}") == "Read Item")
        #expect(OperationName.idiomatic("UsersReadUser", method: "get", path: "/users/user") == "Read User")
        // `Cafe\u{301}` is not in `Café` for Python (no canonical equivalence, unlike Foundation's
        // `contains`), so Litestar's prefix is `CaféCafe\u{301}`, whose words are `Caf`, `Cafe`.
        #expect(OperationName.idiomatic("CafListItems", method: "get", path: "/caf\u{E9}/cafe\u{301}") == nil)
        #expect(
            OperationName.idiomatic("CafCafeListItems", method: "get", path: "/caf\u{E9}/cafe\u{301}") == "List Items")
    }
}
