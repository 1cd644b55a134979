// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime

// The Swift samples of README.md, verbatim, compiled against the client the plugin generates
// from specs/bookstore.yaml. `ReadmeSampleTests` checks that every sample still appears here.

/// Stands in for the app's token storage in the README's first sample.
actor TokenStore {
    var current: String? = "token-0"

    func refresh() async throws -> String {
        current = "token-1"
        return "token-1"
    }
}

enum ReadmeSamples {
    static func tour(tokens: TokenStore, cacheFile: URL, ids: [UUID]) async throws -> [Book] {
        let client = BookstoreClient(configuration: ClientConfiguration(
            tokenProvider: TokenProvider(
                token: { await tokens.current },
                refresh: { _ in try await tokens.refresh() }),
            dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: cacheFile))))

        let books = try await client.books.list(q: "dune")    // page: 1, size: 20 from the spec
        let book = try await client.books.get(id: books[0].id)
        let draft = BookDraft(title: "Solaris", genre: .fiction)
        let created = try await client.books.create(body: draft)   // retried safely: Idempotency-Key
        let many = try await client.books.byIds(ids: ids)          // batches of 100, two at a time
        return [book, created] + many
    }

    static func logging() -> BookstoreClient {
        let logged = BookstoreClient(configuration: ClientConfiguration(
            logging: LoggingConfiguration(isEnabled: true)))   // os.Logger on Apple platforms, stderr on Linux
        return logged
    }

    static func localServer() -> BookstoreClient {
        let local = BookstoreClient(configuration: ClientConfiguration(
            baseURL: URL(string: "http://127.0.0.1:8080")))
        return local
    }

    static func errors(client: BookstoreClient, id: UUID) async throws {
        do {
            _ = try await client.books.get(id: id)
        } catch let error as SpecwrightError {
            if let notFound = error.typedBody(as: NotFound.self) {
                print(notFound.message)
            } else if error.isOffline {
                print("offline: showing saved data")
            }
        }
    }
}

struct FakeBooks: BooksAPI {
    func list(page: Int, size: Int, q: String?) async throws -> [Book] { [] }
    func get(id: UUID) async throws -> Book { Book(id: id, title: "Fake", genre: .poetry, ratings: [:]) }
    func create(body: BookDraft, xRequestId: String?) async throws -> Book { try await get(id: UUID()) }
    func delete(id: UUID) async throws {}
    func byIds(ids: [UUID]) async throws -> [Book] { [] }
}
