import Foundation
import SpecwrightRuntime
import Testing

/// Exercises the committed output for `specs/bookstore.yaml` against the real runtime.
@Suite struct BookstoreGeneratedClientTests {
    static let bookJSON = #"""
        {"id":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","title":"Dune","isbn_13":"9780441013593",
         "published_at":"1965-08-01T00:00:00Z","genre":"science_fiction","ratings":{"alice":5}}
        """#

    /// A client whose transport is `stub`. The envelope and the config gate are switched off:
    /// both are the runtime's job (tested there and end to end); these tests are about the
    /// generated code.
    static func client(_ stub: StubTransport) -> BookstoreClient {
        var service = BookstoreClient.service
        service.envelope = nil
        service.gateEndpoint = nil
        return BookstoreClient(client: APIClient(service: service, configuration: ClientConfiguration(transport: stub)))
    }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8))
    }

    @Test func aBookDecodesWithExplicitKeysDefaultsAndAnUnknownGenre() throws {
        let book = try JSONDecoder.iso8601.decode(Book.self, from: Data(Self.bookJSON.utf8))
        #expect(book.title == "Dune")
        #expect(book.isbn == "9780441013593")
        #expect(book.tags == [])
        #expect(book.genre == .unknown("science_fiction"))
        #expect(book.ratings == ["alice": 5])
        #expect(book.publishedAt == ISO8601DateFormatter().date(from: "1965-08-01T00:00:00Z"))
    }

    @Test func aBookRoundTripsThroughJSONKeepingTheUnknownGenre() throws {
        let book = try JSONDecoder.iso8601.decode(Book.self, from: Data(Self.bookJSON.utf8))
        let encoded = try JSONEncoder.iso8601.encode(book)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["genre"] as? String == "science_fiction")
        #expect(object["isbn_13"] as? String == "9780441013593")
        #expect(object["published_at"] != nil)
        #expect(try JSONDecoder.iso8601.decode(Book.self, from: encoded) == book)
    }

    @Test func datesDecodeWithAndWithoutFractionalSeconds() throws {
        for date in ["2024-05-01T10:00:00Z", "2024-05-01T10:00:00.250Z"] {
            let json =
                #"{"id":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","title":"T","published_at":"\#(date)","genre":"poetry","ratings":{}}"#
            let book = try JSONDecoder.iso8601.decode(Book.self, from: Data(json.utf8))
            #expect(book.publishedAt != nil)
        }
    }

    @Test func knownGenresRoundTripTheirWireValues() throws {
        for genre in [Genre.fiction, .nonFiction, .poetry, .unknown("")] {
            let data = try JSONEncoder().encode([genre])
            #expect(try JSONDecoder().decode([Genre].self, from: data) == [genre])
        }
        #expect(Genre(rawValue: "non_fiction") == .nonFiction)
        #expect(Genre.nonFiction.rawValue == "non_fiction")
    }

    @Test func theServiceDescriptionCarriesTheSpecSettings() {
        let service = BookstoreClient.service
        #expect(service.name == "Bookstore")
        #expect(service.baseURL.absoluteString == "https://api.bookstore.example/v1")
        #expect(service.headers == [HTTPHeader("Accept", "application/json")])
        #expect(service.auth == .bearer)
        #expect(service.envelope != nil)
        #expect(service.timeout == 30)
        #expect(service.cache == .networkOnly)
    }

    @Test func endpointsDescribeMethodPathQueryAndOptions() {
        let id = UUID()
        let list = BooksEndpoint.list(page: 2, size: 20, q: nil)
        #expect(list.method == .get)
        #expect(list.operationName == "books.list")
        #expect(list.pathSegments == ["books"])
        #expect(list.query.items.map(\.name) == ["page", "size"])
        #expect(list.options.cache == .staleWhileRevalidate(ttl: 60))
        #expect(BooksEndpoint.get(id: id).pathSegments == ["books", id.uuidString])
        #expect(BooksEndpoint.get(id: id).errorBodies.count == 1)
        #expect(BooksEndpoint.delete(id: id).method == .delete)
        #expect(BooksEndpoint.byIds(ids: [id, id]).query.items.count == 2)
        #expect(ConfigEndpoint.fetch.options.isGate)
        #expect(BookstoreClient.service.gateEndpoint?.operationName == "config.fetch")
        #expect(ConfigEndpoint.fetch.options.auth == .none)
    }

    @Test func createSendsAJSONBodyTheRequestIdHeaderAndIsIdempotent() throws {
        let endpoint = BooksEndpoint.create(body: BookDraft(title: "New", genre: .poetry), xRequestId: "r-1")
        #expect(endpoint.method == .post)
        #expect(endpoint.headers == [HTTPHeader("X-Request-Id", "r-1")])
        #expect(endpoint.options.isIdempotent)
        guard case .json(let body)? = endpoint.body else {
            Issue.record("expected a JSON body")
            return
        }
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(body)) as? [String: Any]
        #expect(object?["title"] as? String == "New")
        #expect(object?["genre"] as? String == "poetry")
        #expect(BooksEndpoint.create(body: BookDraft(title: "x"), xRequestId: nil).headers.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func theClientSendsTheRequestWithTheSpecDefaultsAndDecodesTheResponse() async throws {
        let stub = StubTransport { _ in Self.json("[\(Self.bookJSON)]") }
        let client = Self.client(stub)
        let books = try await client.books.list(q: "dune")
        #expect(books.map(\.title) == ["Dune"])
        let request = try #require(stub.requests.first)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "https://api.bookstore.example/v1/books?page=1&size=20&q=dune")
        #expect(request.headers.value(for: "Accept") == "application/json")
    }

    @Test(.timeLimit(.minutes(1)))
    func aNotFoundResponseCarriesTheTypedErrorBody() async throws {
        let stub = StubTransport { _ in Self.json(#"{"message":"no such book"}"#, status: 404) }
        let client = Self.client(stub)
        do {
            _ = try await client.books.get(id: UUID())
            Issue.record("expected an error")
        } catch let error as SpecwrightError {
            #expect(error.status == 404)
            #expect(error.typedBody(as: NotFound.self)?.message == "no such book")
        } catch {
            Issue.record("expected a SpecwrightError, got \(error)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func batchedLookupsAreSplitIntoChunksOfTheSpecSize() async throws {
        let stub = StubTransport { _ in Self.json("[\(Self.bookJSON)]") }
        let client = Self.client(stub)
        let ids = (0..<250).map { _ in UUID() }
        let books = try await client.books.byIds(ids: ids)
        #expect(books.count == 3)
        #expect(stub.requests.count == 3)
        #expect(stub.requests.allSatisfy { $0.url.path.hasSuffix("/books/batch") })
    }

    @Test func appCodeCanSubstituteAFakeForAGroup() async throws {
        struct FakeBooks: BooksAPI {
            func list(page: Int, size: Int, q: String?) async throws -> [Book] { [] }
            func get(id: UUID) async throws -> Book {
                Book(id: id, title: "Fake", genre: .fiction, ratings: [:])
            }
            func create(body: BookDraft, xRequestId: String?) async throws -> Book {
                Book(id: UUID(), title: body.title, genre: body.genre ?? .fiction, ratings: [:])
            }
            func delete(id: UUID) async throws {}
            func byIds(ids: [UUID]) async throws -> [Book] { [] }
        }
        let books: any BooksAPI = FakeBooks()
        #expect(try await books.list().isEmpty)
        #expect(try await books.create(body: BookDraft(title: "T")).title == "T")
    }
}

extension JSONDecoder {
    /// A decoder matching the bookstore's `dates: iso8601`.
    static var iso8601: JSONDecoder { DateCoding.iso8601.makeDecoder() }
}

extension JSONEncoder {
    /// An encoder matching the bookstore's `dates: iso8601`.
    static var iso8601: JSONEncoder { DateCoding.iso8601.makeEncoder() }
}

/// `==` and hashing of generated objects: field by field and reflexive.
@Suite struct BookstoreGeneratedEqualityTests {
    static let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!

    @Test func everyObjectEqualsItselfAndItsCopyAndDiffersByAnyField() {
        let book = Book(id: Self.id, title: "Dune", isbn: "1", tags: ["sf"], genre: .unknown("sf"), ratings: ["a": 5])
        #expect(book == book)
        #expect(
            Set([
                book,
                Book(id: Self.id, title: "Dune", isbn: "1", tags: ["sf"], genre: .unknown("sf"), ratings: ["a": 5])
            ]).count == 1)
        #expect(
            book != Book(id: Self.id, title: "Dune", isbn: "2", tags: ["sf"], genre: .unknown("sf"), ratings: ["a": 5]))
        #expect(
            book != Book(id: Self.id, title: "Dune", isbn: "1", tags: ["sf"], genre: .unknown("sf"), ratings: ["a": 4]))
        #expect(BookDraft(title: "A", genre: .poetry) == BookDraft(title: "A", genre: .poetry))
        #expect(BookDraft(title: "A", genre: .poetry) != BookDraft(title: "A"))
        #expect(NotFound(message: "x") == NotFound(message: "x"))
        #expect(
            AppConfig(featureFlags: ["f": true], minimumVersion: "1")
                != AppConfig(featureFlags: ["f": false], minimumVersion: "1"))
        // An open enum's catch-all holding a known value equals that case, as on the wire.
        #expect(BookDraft(title: "A", genre: .unknown("poetry")) == BookDraft(title: "A", genre: .poetry))
        #expect(
            BookDraft(title: "A", genre: .unknown("poetry")).hashValue
                == BookDraft(title: "A", genre: .poetry).hashValue)
    }
}
