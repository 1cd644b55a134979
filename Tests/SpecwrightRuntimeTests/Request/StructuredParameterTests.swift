import Foundation
import SpecwrightRuntime
import Testing

/// Objects, maps, unions and JSON text in the query, headers and path, and cookie parameters:
/// how generated endpoints write the parameters OpenAPI lets a document declare that way.
@Suite struct StructuredParameterTests {
    struct Range: Encodable, Sendable {
        var gte: Int?
        var lt: Int?
    }

    struct Shipping: Encodable, Sendable {
        struct Item: Encodable, Sendable {
            var price: String
            var quantity: Int
        }
        var city: String
        var lines: [String]
        var items: [Item]
    }

    enum Created: Encodable, Sendable {
        case range(Range)
        case timestamp(Int)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .range(let range): try range.encode(to: encoder)
            case .timestamp(let value): try value.encode(to: encoder)
            }
        }
    }

    static func items(_ query: QueryParameters) -> [String] {
        query.items.map { item in
            guard case .string(let text) = item.value else { return item.name + "=?" }
            return item.name + "=" + text
        }
    }

    @Test func deepObjectNestsPropertiesAndWritesScalarArraysWithEmptyBrackets() {
        var query = QueryParameters()
        query.append("created", encoding: Created.range(Range(gte: 1, lt: 5)), style: .deepObject, dates: .iso8601)
        query.append("metadata", encoding: ["order": "6735", "note": "a&b"], style: .deepObject, dates: .iso8601)
        query.append("expand", encoding: ["customer", "invoice"], style: .deepObject, dates: .iso8601)
        query.append(
            "shipping",
            encoding: Shipping(city: "Oslo", lines: ["a", "b"], items: [.init(price: "p1", quantity: 2)]),
            style: .deepObject, dates: .iso8601)
        query.append("missing", encoding: [String: String]?.none, style: .deepObject, dates: .iso8601)
        #expect(
            Self.items(query) == [
                "created[gte]=1", "created[lt]=5", "metadata[note]=a&b", "metadata[order]=6735",
                "expand[]=customer", "expand[]=invoice", "shipping[city]=Oslo", "shipping[items][0][price]=p1",
                "shipping[items][0][quantity]=2", "shipping[lines][]=a", "shipping[lines][]=b"
            ])
    }

    @Test func aUnionWhoseValueIsAScalarIsOneItemInEveryStyle() {
        var query = QueryParameters()
        query.append("created", encoding: Created.timestamp(1_700_000_000), style: .deepObject, dates: .iso8601)
        query.append("since", encoding: Created.timestamp(7), dates: .iso8601)
        query.append("until", encoding: Created.timestamp(8), joinedBy: ",", dates: .iso8601)
        #expect(Self.items(query) == ["created=1700000000", "since=7", "until=8"])
    }

    @Test func formStyleSpreadsThePropertiesOrJoinsThemWhenNotExploded() {
        var query = QueryParameters()
        query.append("color", encoding: ["R": 100, "G": 200, "B": 150], dates: .iso8601)
        query.append("joined", encoding: ["R": 100, "G": 200, "B": 150], joinedBy: ",", dates: .iso8601)
        query.append("piped", encoding: ["R": 1, "G": 2], joinedBy: "|", dates: .iso8601)
        query.append("empty", encoding: [String: Int](), joinedBy: ",", dates: .iso8601)
        #expect(Self.items(query) == ["B=150", "G=200", "R=100", "joined=B,150,G,200,R,100", "piped=G|2|R|1", "empty="])
    }

    @Test func contentParametersAreTheirJSONText() {
        var query = QueryParameters()
        query.append("where", json: Range(gte: 1, lt: nil), dates: .iso8601)
        query.append("text", json: "a b", dates: .iso8601)
        query.append("none", json: Range?.none, dates: .iso8601)
        #expect(Self.items(query) == [#"where={"gte":1}"#, #"text="a b""#])
        #expect(ParameterText.json(["b": [1, 2], "a": [3]], dates: .iso8601) == #"{"a":[3],"b":[1,2]}"#)
    }

    @Test func headerAndPathObjectsUseTheSimpleStyle() {
        let color = ["R": 100, "G": 200]
        #expect(ParameterText.simple(color, explode: false, dates: .iso8601) == "G,200,R,100")
        #expect(ParameterText.simple(color, explode: true, dates: .iso8601) == "G=200,R=100")
        #expect(ParameterText.simple([3, 4], explode: false, dates: .iso8601) == "3,4")
        #expect(ParameterText.simple(Created.timestamp(9), explode: true, dates: .iso8601) == "9")
    }

    @Test func deepObjectQueriesArePercentEncodedWhenTheURLIsBuilt() async throws {
        var query = QueryParameters()
        query.append("metadata", encoding: ["note": "a&b=c d"], style: .deepObject, dates: .iso8601)
        query.append("where", json: ["k": "v"], dates: .iso8601)
        let request = try await Self.firstRequest(TestEndpoint(["x"], query: query))
        #expect(
            request.url.absoluteString
                == "https://api.example.com/v1/x?metadata%5Bnote%5D=a%26b%3Dc%20d&where=%7B%22k%22%3A%22v%22%7D")
    }

    @Test func cookiesAreOneHeaderAfterTheHeadersCookieAndBeforeTheAPIKey() async throws {
        var endpoint = TestEndpoint(
            ["x"], headers: [HTTPHeader("Cookie", "tracking=1")],
            options: EndpointOptions(auth: .anyOf([[.apiKeyCookie("api_key")]])))
        endpoint.cookies.append("session_id", "abc")
        endpoint.cookies.append("panels", [1, 2], joinedBy: ",")
        endpoint.cookies.append("theme", String?.none)
        endpoint.cookies.append("prefs", json: ["kind": "a"], dates: .iso8601)
        let request = try await Self.firstRequest(endpoint) { $0.apiKeys = { _ in "k3y" } }
        #expect(
            request.headers.filter { $0.name.lowercased() == "cookie" }.map(\.value)
                == [#"tracking=1; session_id=abc; panels=1,2; prefs={"kind":"a"}; api_key=k3y"#])
    }

    @Test(arguments: ["a;b=c", "a\r\nX-Injected: 1", "a\nb", "nul\u{0}", "tab\tbed"])
    func aCookieValueThatCouldSplitTheHeaderIsATypedError(value: String) async throws {
        var endpoint = TestEndpoint(["x"])
        endpoint.cookies.append("session_id", value)
        let error = await #expect(throws: SpecwrightError.self) { try await Self.firstRequest(endpoint) }
        guard case .invalidRequest(let message)? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains("cookie 'session_id'"))
        #expect(!message.contains(value), "the value is never shown")
    }

    @Test func aCookieNameThatIsNoTokenIsATypedError() async throws {
        var endpoint = TestEndpoint(["x"])
        endpoint.cookies.append("a=b", "1")
        await #expect(throws: SpecwrightError.self) { try await Self.firstRequest(endpoint) }
    }

    static func firstRequest(
        _ endpoint: TestEndpoint, configure: (inout ClientConfiguration) -> Void = { _ in }
    ) async throws -> HTTPRequest {
        let stub = StubTransport(json: Data("{}".utf8))
        var configuration = ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock())
        configure(&configuration)
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com/v1/")))
        try await APIClient(service: service, configuration: configuration).send(endpoint)
        return try #require(stub.requests.first)
    }
}
