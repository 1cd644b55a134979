import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The reference output for `Tests/Fixtures/openapi/parameters.yaml` against the fixture server's
/// echo route, which decodes the query the way Node's `qs` and Rails' Rack do and echoes the
/// structure (`queryTree`) and the cookies it read: exact round trips of objects, maps, unions,
/// JSON text and cookies, as a Stripe-like server would read them.
@Suite("Structured, content and cookie parameters against the fixture server", .timeLimit(.minutes(1)))
struct ParametersFixtureTests {
    static func client(apiKey: String? = "k3y") throws -> ParametersClient {
        let base = try FixtureServer.shared().scenarioURL(FixtureServer.newScenario()).appendingPathComponent("echo")
        return ParametersClient(configuration: ClientConfiguration(baseURL: base, apiKeys: { _ in apiKey }))
    }

    static func tree(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    @Test func stripeShapesInDeepObjectStyleReachTheServerAsTheirStructure() async throws {
        let shipping = Shipping(
            name: "Ann & Bo", address: ShippingAddress(city: "Oslo", lines: ["Main 1", "c/o 2"]),
            items: [ShippingItemsItem(price: "p1", quantity: 2), ShippingItemsItem(price: "p=2", quantity: 1)])
        let echo = try await Self.client().charges.listCharges(
            created: .rangeQuery(RangeQuery(gte: 1_700_000_000, lt: 1_800_000_000)),
            metadata: ["order": "6735", "note": "a&b=c d+e"], expand: ["customer", "invoice.lines"],
            shipping: shipping, limit: 3)
        let expected = try Self.tree(
            """
            {"created": {"gte": "1700000000", "lt": "1800000000"},
             "metadata": {"note": "a&b=c d+e", "order": "6735"},
             "expand": ["customer", "invoice.lines"],
             "shipping": {"name": "Ann & Bo", "address": {"city": "Oslo", "lines": ["Main 1", "c/o 2"]},
                          "items": [{"price": "p1", "quantity": "2"}, {"price": "p=2", "quantity": "1"}]},
             "limit": "3"}
            """)
        #expect(echo.queryTree == expected)
    }

    @Test func aUnionSendsTheAlternativeItHoldsAndOmittedParametersAreNotSent() async throws {
        let echo = try await Self.client().charges.listCharges(
            created: .int(1_700_000_000), metadata: [:], expand: nil, shipping: nil, limit: 10)
        #expect(echo.queryTree == .object(["created": .string("1700000000"), "limit": .string("10")]))
        #expect(echo.query == "created=1700000000&limit=10")
    }

    @Test func objectsInEveryFormStyle() async throws {
        let echo = try await Self.client().colors.listColors(
            exploded: Color(r: 100, g: 200, b: 150), joined: Color(r: 1, g: 2, b: 3), piped: Color(r: 4, g: 5, b: 6),
            tags: ["a", "b,c"])
        #expect(
            echo.queryTree
                == .object([
                    "B": .string("150"), "G": .string("200"), "R": .string("100"), "joined": .string("B,3,G,2,R,1"),
                    "piped": .string("B|6|G|5|R|4"), "tags": .string("a,b,c")
                ]))
    }

    @Test func jsonTextInThePathTheQueryAndAHeaderAndObjectsInHeaders() async throws {
        let selector = Selector(kind: "a/b?c", ids: [1, 2])
        let echo = try await Self.client().search.search(
            selector: selector, where: Shipping(name: "x", address: nil, items: nil),
            xFilter: Selector(kind: "a, b", ids: nil), xColor: Color(r: 1, g: 2, b: 3),
            xPlainColor: Color(r: 4, g: 5, b: 6))
        let path = try #require(echo.path?.removingPercentEncoding)
        #expect(path.hasSuffix(#"/echo/search/{"ids":[1,2],"kind":"a/b?c"}"#), "\(path)")
        #expect(echo.queryTree == .object(["where": .string(#"{"name":"x"}"#)]))
        #expect(echo.headers?["x-filter"] == #"{"kind":"a, b"}"#)
        #expect(echo.headers?["x-color"] == "B=3,G=2,R=1")
        #expect(echo.headers?["x-plain-color"] == "B,6,G,5,R,4")
    }

    /// `allowReserved: true`: the reserved characters a query may hold reach the server as they
    /// are (`%XX` triples too); `#`, `[`, `]`, spaces, a lone `%` and non-ASCII are still encoded,
    /// and a parameter without the flag encodes every reserved character.
    @Test func allowReservedSendsReservedCharactersAsTheyAre() async throws {
        let echo = try await Self.client().reserved.readReserved(
            path: "/a/b:c?d=e&f+g@h!$'()*,;%2F", fields: ["x/y", "z:w"], plain: "/a:b?c")
        #expect(echo.query == "path=/a/b:c?d=e&f+g@h!$'()*,;%2F&fields=x/y,z:w&plain=%2Fa%3Ab%3Fc", "\(echo)")
        let encoded = try await Self.client().reserved.readReserved(
            path: "a b#c[d]100%é", fields: nil, plain: nil)
        #expect(encoded.query == "path=a%20b%23c%5Bd%5D100%25%C3%A9", "\(encoded)")
    }

    /// Each of OpenAPI's path styles reaches the server as RFC 6570 expands it: separators
    /// literal, every reserved character inside a value (`,` `;` `=` `/` space) percent-encoded.
    @Test func pathParametersInEveryStyleReachTheServerAsRFC6570ExpandsThem() async throws {
        let color = Color(r: 1, g: 2, b: 3)
        let echo = try await Self.client().styles.readStyles(
            plain: "a b/c", label: 5, labelArray: ["x", "y,z"], labelObject: color, matrix: "blue;x=1",
            matrixArray: ["a", "b"], matrixObject: color, simpleArray: ["p", "q r"], simpleObject: color, ext: "json")
        let path = try #require(echo.path)
        let expected =
            "/styles/a%20b%2Fc/.5/.x.y%2Cz/.B,3,G,2,R,1/;matrix=blue%3Bx%3D1/;matrixArray=a;matrixArray=b"
            + "/;B=3;G=2;R=1/p,q%20r/B=3,G=2,R=1/file.json"
        #expect(path.hasSuffix(expected), "\(path)")
    }

    @Test func cookieParametersAndTheAPIKeyShareOneCookieHeader() async throws {
        let echo = try await Self.client().session.readSession(
            sessionId: "abc", theme: .dark, panels: [1, 2], prefs: Selector(kind: "k", ids: [3]))
        #expect(
            echo.cookies == [
                ["session_id", "abc"], ["theme", "dark"], ["panels", "1,2"], ["prefs", #"{"ids":[3],"kind":"k"}"#],
                ["api_key", "k3y"]
            ])
        let omitted = try await Self.client().session.readSession(sessionId: "abc", theme: nil, panels: [], prefs: nil)
        #expect(omitted.cookies == [["session_id", "abc"], ["panels", ""], ["api_key", "k3y"]])
    }

    @Test func aCookieValueThatWouldInjectAHeaderIsRefusedBeforeAnythingIsSent() async throws {
        let error = await #expect(throws: SpecwrightError.self) {
            try await Self.client().session.readSession(
                sessionId: "abc\r\nX-Admin: 1", theme: nil, panels: nil, prefs: nil)
        }
        guard case .invalidRequest? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        await #expect(throws: SpecwrightError.self) {
            try await Self.client().session.readSession(sessionId: "a; admin=1", theme: nil, panels: nil, prefs: nil)
        }
    }
}
