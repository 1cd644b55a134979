import Foundation
import SpecwrightTestSupport
import Testing

/// Faking a group protocol is the documented way to test an app. The convenience methods that
/// fill in the spec's default arguments must never complete a fake that forgets a method (the
/// forgotten method would call itself forever): the compiler has to reject it.
@Suite struct IncompleteFakeTests {
    /// The committed bookstore client, as an app would compile it.
    static func generatedSources() throws -> [String: String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Generated/bookstore")
        var sources: [String: String] = [:]
        for name in ["Client.swift", "Endpoints.swift", "Types.swift"] {
            sources[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return sources
    }

    @Test func aFakeThatForgetsAMethodWithDefaultArgumentsDoesNotCompile() throws {
        var sources = try Self.generatedSources()
        sources["Fake.swift"] = """
            import Foundation
            import SpecwrightRuntime

            struct IncompleteFake: BooksAPI {
                func get(id: UUID) async throws -> Book { throw CancellationError() }
                func create(body: BookDraft, xRequestId: String?) async throws -> Book { throw CancellationError() }
                func delete(id: UUID) async throws {}
                func byIds(ids: [UUID]) async throws -> [Book] { [] }
            }
            """
        let outcome = try SwiftTypecheck.run(sources)
        #expect(outcome.status != 0)
        #expect(
            outcome.output.contains("type 'IncompleteFake' does not conform to protocol 'BooksAPI'"),
            "\(outcome.output)")
        #expect(outcome.output.contains("list(page:size:q:)"), "\(outcome.output)")
    }

    @Test func aCompleteFakeCompilesAndIsCalledWithDefaultArguments() throws {
        var sources = try Self.generatedSources()
        sources["Fake.swift"] = """
            import Foundation
            import SpecwrightRuntime

            struct CompleteFake: BooksAPI {
                func list(page: Int, size: Int, q: String?) async throws -> [Book] { [] }
                func get(id: UUID) async throws -> Book { throw CancellationError() }
                func create(body: BookDraft, xRequestId: String?) async throws -> Book { throw CancellationError() }
                func delete(id: UUID) async throws {}
                func byIds(ids: [UUID]) async throws -> [Book] { [] }
            }

            func callers(_ api: any BooksAPI, _ concrete: BooksGroup) async throws {
                _ = try await api.list()
                _ = try await api.list(size: 5)
                _ = try await api.list(page: 2, size: 5, q: "dune")
                _ = try await concrete.list(q: "dune")
                _ = try await CompleteFake().list()
            }
            """
        let outcome = try SwiftTypecheck.run(sources)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(!outcome.output.contains("warning:"), "\(outcome.output)")
    }
}
