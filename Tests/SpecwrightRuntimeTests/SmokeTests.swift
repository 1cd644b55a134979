import Foundation
import SpecwrightRuntime
import Testing

private struct Book: Codable, Sendable, Hashable {
    var id: Int
    var title: String
}

private enum BooksEndpoint: Endpoint {
    case get(id: String)

    var operationName: String { "books.get" }
    var method: HTTPMethod { .get }
    var pathSegments: [String] {
        switch self {
        case .get(let id): return ["books", id]
        }
    }
}

@Test func aStubbedCallDecodesTheBodyAndReportsOneAttempt() async throws {
    let stub = StubTransport(json: Data(#"{"id":1,"title":"Dune"}"#.utf8))
    let service = ServiceDescription(name: "Books", baseURL: URL(string: "https://api.example.com/v1")!)
    let client = APIClient(service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled))
    let response = try await client.response(BooksEndpoint.get(id: "a/b c"), as: Book.self)
    #expect(response.value == Book(id: 1, title: "Dune"))
    #expect(response.attempts == 1)
    #expect(stub.requests.first?.url.absoluteString == "https://api.example.com/v1/books/a%2Fb%20c")
}
