import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// Retry shaped per endpoint in the spec (#14 item 8): `books.create` in specs/bookstore.yaml says
/// `retry: { statuses: [409, 429, 503], … }`; other endpoints keep the runtime's statuses, where
/// 409 is not one. Through the generated client, against the bookstore fixture.
@Suite("Generated client: an endpoint's retry statuses are honoured on that endpoint only")
struct BookstoreRetryShapingTests {
    private static let dune = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

    @Test func theGeneratedEndpointCarriesTheSpecsRetryShape() throws {
        let create = BooksEndpoint.create(body: BookDraft(title: "Dune", genre: .fiction), xRequestId: nil)
        let policy = try #require(create.options.retry)
        #expect(policy.retryableStatuses == [409, 429, 503])
        #expect(policy.baseDelay == 0.2 && policy.maxDelay == 2 && policy.maxRetries == 3)
        #expect(BooksEndpoint.delete(id: Self.dune).options.retry == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func a409IsRetriedOnTheEndpointThatListsItAndNotOnAnother() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let api = BookstoreFixture.client(server, sid: sid)
        _ = try await api.config.fetch()

        try await BookstoreFixture.fail(server, sid: sid, path: "/books", statuses: [409, 409])
        let book = try await api.books.create(body: BookDraft(title: "Solaris", genre: .fiction), xRequestId: nil)
        #expect(book.title == "Solaris")
        #expect(try await BookstoreFixture.hits(server, sid: sid, "POST /books") == 3)

        try await BookstoreFixture.fail(server, sid: sid, path: "/books/\(Self.dune.uuidString)", statuses: [409])
        let error = await #expect(throws: SpecwrightError.self) { try await api.books.delete(id: Self.dune) }
        #expect(error?.status == 409 && error?.attempts == 1)
        #expect(try await BookstoreFixture.hits(server, sid: sid, "DELETE /books/{id}") == 1)
    }
}
