import Testing
import SpecwrightYAML
@testable import SpecwrightCore

@Suite struct SpecBookstoreDecodingTests {
    let document: SpecDocument

    init() throws {
        let result = SpecLoader.load(bytes: try repositoryFile("specs/bookstore.yaml"), file: "specs/bookstore.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        document = try #require(result.document)
    }

    @Test func topLevelSettingsAreDecoded() {
        #expect(document.formatVersion == 1)
        #expect(document.name.value == "Bookstore")
        #expect(document.name.location == SourceLocation(file: "specs/bookstore.yaml", line: 2, column: 7))
        #expect(document.description == "Catalog and orders of a small bookstore.")
        #expect(document.baseURL.value == "https://api.bookstore.example/v1")
        #expect(document.headers.map(\.name) == ["Accept"])
        #expect(document.headers.map(\.value) == ["application/json"])
        #expect(document.auth == .bearer)
        #expect(document.jsonKeys == .snakeCase)
        #expect(document.dates == .iso8601)
    }

    @Test func envelopeAndDefaultsAreDecoded() throws {
        let envelope = try #require(document.envelope)
        #expect(envelope.codeKey == "code")
        #expect(envelope.messageKey == "message")
        #expect(envelope.dataKey == "data")
        #expect(envelope.successCodes == [0])
        #expect(envelope.sessionExpiredCodes == [40101, 40102])
        #expect(
            document.defaults
                == EndpointDefaults(
                    timeout: 30, retry: RetrySetting(maxRetries: 3, baseDelay: 0.5, maxDelay: 8), cache: .none))
    }

    @Test func typesKeepSpecOrderAndEveryPropertyForm() throws {
        #expect(document.types.map(\.name) == ["Book", "Genre", "BookDraft", "NotFound", "AppConfig"])
        let book = try #require(document.type(named: "Book"))
        #expect(book.description == "A book in the catalog.")
        #expect(book.properties.map(\.name) == ["id", "title", "isbn", "publishedAt", "tags", "genre", "ratings"])
        #expect(
            book.properties.map(\.type.expression) == [
                .primitive(.uuid), .primitive(.string), .optional(.primitive(.string)), .optional(.primitive(.date)),
                .array(.primitive(.string)), .named("Genre"), .dictionary(.primitive(.int))
            ])
        let isbn = book.properties[2]
        #expect(isbn.key == "isbn_13")
        #expect(isbn.description == "ISBN-13")
        #expect(isbn.jsonKey(style: document.jsonKeys) == "isbn_13")
        #expect(book.properties[3].jsonKey(style: document.jsonKeys) == "published_at")
        #expect(book.properties[4].defaultValue?.value == .array([]))
        #expect(book.properties[5].type.references.map(\.value) == ["Genre"])
        #expect(
            book.properties[5].type.references.first?.location
                == SourceLocation(file: "specs/bookstore.yaml", line: 30, column: 14))
    }

    @Test func enumsKeepTheirRawValuesInOrder() throws {
        let genre = try #require(document.type(named: "Genre"))
        #expect(genre.isEnum)
        #expect(genre.enumCases.map(\.value) == ["fiction", "non_fiction", "poetry"])
    }

    @Test func groupsAndEndpointsKeepSpecOrder() {
        #expect(document.groups.map(\.name) == ["books", "config"])
        #expect(document.groups[0].endpoints.map(\.name) == ["list", "get", "create", "delete", "byIds"])
        #expect(
            document.allEndpoints.map(\.operationName) == [
                "books.list", "books.get", "books.create", "books.delete", "books.byIds", "config.fetch"
            ])
        #expect(document.allEndpoints.map(\.method) == [.get, .get, .post, .delete, .get, .get])
    }

    @Test func listEndpointHasQueryDefaultsAndACacheOverride() throws {
        let list = try #require(document.groups.first?.endpoints.first)
        #expect(list.path.value.text == "/books")
        #expect(list.summary == "Lists books, newest first.")
        #expect(list.queryParameters.map(\.name) == ["page", "size", "q"])
        #expect(list.queryParameters.map(\.defaultValue?.value) == [.int(1), .int(20), nil])
        #expect(list.queryParameters.map(\.isRequired) == [false, false, false])
        #expect(list.response?.expression == .array(.named("Book")))
        #expect(list.cache == .staleWhileRevalidate(ttl: 60))
        #expect(list.retry == nil)
        #expect(list.isIdempotent)
    }

    @Test func pathParametersFollowThePathAndErrorsAreTyped() throws {
        let get = document.groups[0].endpoints[1]
        #expect(get.path.value.parts == [.literal("/books/"), .parameter("id")])
        #expect(get.path.value.segments == [[.literal("books")], [.parameter("id")]])
        #expect(get.pathParameters.map(\.name) == ["id"])
        #expect(get.pathParameters.first?.type.expression == .primitive(.uuid))
        #expect(get.pathParameters.first?.isDeclared == true)
        #expect(get.errors.map(\.status) == [404])
        #expect(get.errors.first?.type.expression == .named("NotFound"))
    }

    @Test func createEndpointHasBodyHeadersAndExplicitIdempotency() {
        let create = document.groups[0].endpoints[2]
        #expect(create.body?.expression == .named("BookDraft"))
        #expect(create.headerParameters.map(\.name) == ["X-Request-Id"])
        #expect(create.headerParameters.first?.type.expression == .optional(.primitive(.string)))
        #expect(create.idempotent == true)
        #expect(create.isIdempotent)
    }

    @Test func deleteEndpointReturnsNothing() {
        let delete = document.groups[0].endpoints[3]
        #expect(delete.response == nil)
        #expect(delete.method.token == "DELETE")
    }

    @Test func batchAndGateAreDecoded() throws {
        let byIds = document.groups[0].endpoints[4]
        let batch = try #require(byIds.batch)
        #expect(batch.parameter.value == "ids")
        #expect(batch.size == 100)
        #expect(batch.concurrency == 2)
        let fetch = document.groups[1].endpoints[0]
        #expect(fetch.isGate)
        #expect(fetch.auth == AuthSetting.none)
        #expect(document.allEndpoints.filter(\.isGate).count == 1)
    }
}
