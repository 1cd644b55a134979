import Foundation
import SpecwrightRuntime
import Testing

/// OpenAPI's path styles as RFC 6570 expands them (`PathSegmentText`), and what the request
/// builder accepts as an endpoint's percent-encoded segments.
@Suite("Request building: path styles")
struct PathStyleTests {
    struct Color: Codable, Sendable {
        var r: Int
        var g: Int
        var b: Int?
    }

    /// The OpenAPI specification's style table (`color` as `blue`, `[blue, black, brown]`,
    /// `{R: 100, G: 200, B: 150}`), keys in order, plus values that need escaping.
    @Test func expandsEveryStyleAsTheOpenAPITableSays() {
        let array = ["blue", "black", "brown"]
        let object = ["R": 100, "G": 200, "B": 150]
        let table: [(PathSegmentText.Style, Bool, String, String, String)] = [
            (.simple, false, "blue", "blue,black,brown", "B,150,G,200,R,100"),
            (.simple, true, "blue", "blue,black,brown", "B=150,G=200,R=100"),
            (.label, false, ".blue", ".blue,black,brown", ".B,150,G,200,R,100"),
            (.label, true, ".blue", ".blue.black.brown", ".B=150.G=200.R=100"),
            (.matrix, false, ";color=blue", ";color=blue,black,brown", ";color=B,150,G,200,R,100"),
            (.matrix, true, ";color=blue", ";color=blue;color=black;color=brown", ";B=150;G=200;R=100")
        ]
        for (style, explode, primitive, list, map) in table {
            func expand(_ value: some Encodable & Sendable) -> String {
                PathSegmentText.expand(value, name: "color", style: style, explode: explode, dates: .iso8601)
            }
            #expect(expand("blue") == primitive, "\(style) \(explode)")
            #expect(expand(array) == list, "\(style) \(explode)")
            #expect(expand(object) == map, "\(style) \(explode)")
        }
    }

    @Test func reservedCharactersInsideValuesAreEncodedAndEmptyValuesFollowRFC6570() {
        func expand(_ value: some Encodable & Sendable, _ style: PathSegmentText.Style, explode: Bool = false)
            -> String
        {
            PathSegmentText.expand(value, name: "k;y", style: style, explode: explode, dates: .iso8601)
        }
        #expect(expand("a,b;c=d/e f", .matrix) == ";k%3By=a%2Cb%3Bc%3Dd%2Fe%20f")
        #expect(expand(["x,y", "z"], .label, explode: true) == ".x%2Cy.z")
        #expect(expand("", .label) == ".")
        #expect(expand("", .matrix) == ";k%3By")
        #expect(expand([String](), .matrix) == "")
        #expect(expand(Color(r: 1, g: 2, b: nil), .matrix, explode: true) == ";g=2;r=1")
        #expect(expand(true, .label) == ".true")
        #expect(expand(2.5, .matrix) == ";k%3By=2.5")
    }

    struct EncodedEndpoint: Endpoint {
        var operationName: String { "test.encoded" }
        var method: HTTPMethod { .get }
        var pathSegments: [String] { PathSegmentText.decoded(percentEncodedPathSegments) }
        var percentEncodedPathSegments: [String]
    }

    private func send(_ segments: [String]) async throws -> HTTPRequest {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock())
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com/v1")))
        try await APIClient(service: service, configuration: configuration)
            .send(EncodedEndpoint(percentEncodedPathSegments: segments))
        return try #require(stub.requests.first)
    }

    @Test func percentEncodedSegmentsAreSentAsTheyAre() async throws {
        let request = try await send(["users", ";id=5;tags=a,b", ".x.y%2Cz", "a:b@c!$&'()*+"])
        #expect(request.url.absoluteString == "https://api.example.com/v1/users/;id=5;tags=a,b/.x.y%2Cz/a:b@c!$&'()*+")
    }

    @Test(arguments: ["", ".", "..", "%2e", "%2E%2e", "a/b", "a?b", "a#b", "a b", "%zz", "%4", "é", "a%"])
    func aSegmentThatWouldChangeThePathStructureIsAnInvalidRequest(segment: String) async throws {
        let error = await #expect(throws: SpecwrightError.self) { _ = try await send(["users", segment]) }
        guard case .invalidRequest = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
    }
}
