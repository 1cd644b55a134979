import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A value-type error of the app's.
private struct OfflineModeOn: Error, Equatable {
    var reason: String
}

/// A reference-type error of the app's: the caller must get this very instance (`===`).
private final class CertificateRejected: Error, Sendable {
    let host: String
    init(host: String) { self.host = host }
}

/// Throws `error` for requests whose path contains `pathPart` (every request when empty), before
/// sending or, with `onResponse`, after the response arrived.
private struct AppRule: Interceptor {
    let error: any Error & Sendable
    var pathPart = ""
    var onResponse = false

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        if !onResponse, applies(to: request) { throw error }
        return request
    }

    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        if onResponse, applies(to: request) { throw error }
        return .proceed
    }

    private func applies(to request: HTTPRequest) -> Bool {
        pathPart.isEmpty || request.url.path.contains(pathPart)
    }
}

/// The app's error of the docs/runtime.md sample.
struct NoAccountSelected: Error {
    var screen: String
}

// The error-handling sample of docs/runtime.md ("Errors"), verbatim: compiled and run here; the
// test checks the document still shows exactly these lines.
func bookTitle(_ id: UUID, in api: BookstoreClient) async -> String {
    do {
        return try await api.books.get(id: id).title
    } catch let error as NoAccountSelected {  // the app's interceptor threw it: this very value
        return "Choose an account for \(error.screen)"
    } catch let error as SpecwrightError {  // the runtime's: kind, category, status, typed body
        return error.localizedDescription
    } catch {
        return "\(error)"
    }
}

/// A custom transport that sends over URLSession and then applies the app's own check.
private struct CheckedTransport: HTTPTransport {
    let base = URLSessionTransport()
    let rejected: CertificateRejected

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        if request.url.path.contains("/bookstore/books") { throw rejected }
        return response
    }
}

/// The boundary rule through a generated client (#14 item 8): what the app's own code throws —
/// an interceptor, a token provider, a custom transport — comes out of `api.books.get(id:)` exactly
/// as thrown, so `catch let error as MyError` works; against the bookstore fixture (envelope, config
/// gate, bearer auth), hits counted server-side.
@Suite("Generated client: the app's own errors reach the caller unchanged")
struct BookstoreErrorBoundaryTests {
    private static let dune = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

    @Test(.timeLimit(.minutes(1)))
    func aStructAnInterceptorThrowsComesOutOfTheGeneratedMethodEqual() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let api = BookstoreFixture.client(
            server, sid: sid,
            interceptors: [AppRule(error: OfflineModeOn(reason: "user"), pathPart: "/bookstore/books")])
        do {
            _ = try await api.books.get(id: Self.dune)
            Issue.record("expected the app's error")
        } catch let error as OfflineModeOn {
            #expect(error == OfflineModeOn(reason: "user"))
        }
        #expect(try await BookstoreFixture.hits(server, sid: sid, "GET /books/{id}") == 0)
        #expect(try await BookstoreFixture.hits(server, sid: sid, "GET /config") == 1)
        // A batch method (the runtime's batch loader) gives it back the same way.
        await #expect(throws: OfflineModeOn(reason: "user")) { try await api.books.byIds(ids: [Self.dune]) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aClassInstanceThrownOnTheResponseKeepsItsIdentityAndIsNotRetried() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let thrown = CertificateRejected(host: "127.0.0.1")
        let api = BookstoreFixture.client(
            server, sid: sid, interceptors: [AppRule(error: thrown, pathPart: "/bookstore/books", onResponse: true)])
        do {
            _ = try await api.books.list(page: 1, size: 2, q: nil)
            Issue.record("expected the app's error")
        } catch let error as CertificateRejected {
            #expect(error === thrown)
        }
        #expect(try await BookstoreFixture.hits(server, sid: sid, "GET /books") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func anErrorTheGateCallMeetsReachesTheWaitingCallerUnchanged() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        // Every request fails with the app's error, the config gate's call included.
        let api = BookstoreFixture.client(
            server, sid: sid, interceptors: [AppRule(error: OfflineModeOn(reason: "all"))])
        await #expect(throws: OfflineModeOn(reason: "all")) { try await api.books.get(id: Self.dune) }
        await #expect(throws: OfflineModeOn(reason: "all")) { try await api.config.fetch() }
    }

    @Test(.timeLimit(.minutes(1)))
    func aTokenProvidersErrorComesOutOfTheGeneratedMethodUnchanged() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let thrown = CertificateRejected(host: "keychain")
        let api = BookstoreFixture.client(server, sid: sid, token: { throw thrown })
        do {
            _ = try await api.books.get(id: Self.dune)
            Issue.record("expected the provider's error")
        } catch let error as CertificateRejected {
            #expect(error === thrown)
        }
        #expect(try await BookstoreFixture.hits(server, sid: sid, "GET /books/{id}") == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCustomTransportsErrorComesOutOfTheGeneratedMethodUnchanged() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let thrown = CertificateRejected(host: "127.0.0.1")
        let api = BookstoreFixture.client(server, sid: sid, transport: CheckedTransport(rejected: thrown))
        do {
            try await api.books.delete(id: Self.dune)
            Issue.record("expected the transport's error")
        } catch let error as CertificateRejected {
            #expect(error === thrown)
        }
        #expect(try await BookstoreFixture.hits(server, sid: sid, "DELETE /books/{id}") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func theDocumentsSampleBranchesOnTheAppsErrorAndTheRuntimes() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let refusing = BookstoreFixture.client(
            server, sid: sid,
            interceptors: [AppRule(error: NoAccountSelected(screen: "cart"), pathPart: "/bookstore/books")])
        #expect(await bookTitle(Self.dune, in: refusing) == "Choose an account for cart")
        let api = BookstoreFixture.client(server, sid: sid)
        #expect(await bookTitle(Self.dune, in: api) == "Dune")
        let missing = UUID(uuidString: "00000000-0000-0000-0000-0000000000FF")!
        #expect(await bookTitle(missing, in: api) == "The server refused the request (HTTP 404).")

        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path),
            root.pathComponents.count > 1
        {
            root.deleteLastPathComponent()
        }
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
            .components(separatedBy: "\n")
        let sample = source.drop { !$0.hasPrefix("func bookTitle(") }.prefix(11)
        #expect(sample.count == 11)
        for line in sample {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theRuntimesOwnErrorsStaySpecwrightErrors() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let api = BookstoreFixture.client(server, sid: sid)
        let error = await #expect(throws: SpecwrightError.self) {
            try await api.books.get(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000FF")!)
        }
        #expect(error?.status == 404 && error?.typedBody(as: NotFound.self) != nil)
    }
}
