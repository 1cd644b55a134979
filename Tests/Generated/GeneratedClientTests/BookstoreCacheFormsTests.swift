import Foundation
import SpecwrightRuntime
import Testing

/// The generated cache forms of the bookstore reads: a `cache:` policy per call, the `…Response`
/// form with metadata, and `observe…` — with the spec's default arguments intact.
@Suite struct BookstoreCacheFormsTests {
    static func client(_ stub: StubTransport) -> BookstoreClient {
        var service = BookstoreClient.service
        service.envelope = nil
        service.gateEndpoint = nil
        let configuration = ClientConfiguration(transport: stub, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        return BookstoreClient(client: APIClient(service: service, configuration: configuration))
    }

    static func bookList(_ title: String) -> HTTPResponse {
        let body = BookstoreGeneratedClientTests.bookJSON.replacingOccurrences(of: "Dune", with: title)
        return HTTPResponse(
            status: 200, headers: ["content-type": "application/json", "cache-control": "max-age=600"],
            body: Data("[\(body)]".utf8))
    }

    @Test(.timeLimit(.minutes(1)))
    func aReadTakesACachePolicyPerCallAndReturnsItsMetadataWithTheSpecDefaults() async throws {
        let sent = Locked(0)
        let stub = StubTransport { _ in Self.bookList("Dune \(sent.withLock { $0 += 1; return $0 })") }
        let client = Self.client(stub)

        await #expect { try await client.books.list(cache: .cacheOnly) } throws: {
            ($0 as? SpecwrightError)?.category == .offline
        }
        let first = try await client.books.listResponse(q: "dune")
        let cached = try await client.books.listResponse(q: "dune", cache: .cacheOnly)
        let reloaded = try await client.books.list(q: "dune", cache: .reload)

        #expect(first.metadata.cacheStatus == .miss && first.status == 200)
        #expect(cached.metadata.cacheStatus == .hit && cached.attempts == 0 && cached.metadata.cacheAge != nil)
        #expect(cached.value.map(\.title) == ["Dune 1"] && reloaded.map(\.title) == ["Dune 2"])
        #expect(
            stub.requests.map(\.url.absoluteString)
                == Array(
                    repeating: "https://api.bookstore.example/v1/books?page=1&size=20&q=dune", count: 2))
    }

    @Test(.timeLimit(.minutes(1)))
    func observeYieldsTheStoredListThenTheRefreshedOne() async throws {
        let sent = Locked(0)
        let stub = StubTransport { _ in Self.bookList("Dune \(sent.withLock { $0 += 1; return $0 })") }
        let client = Self.client(stub)
        _ = try await client.books.list()
        var titles: [[String]] = []
        for try await books in client.books.observeList() {
            titles.append(books.value.map(\.title))
            if titles.count == 2 { break }
        }
        #expect(titles == [["Dune 1"], ["Dune 2"]])
        #expect(stub.requests.count == 2)
    }
}
