import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The client imported from the OAI petstore document, end to end against the fixture server on
/// 127.0.0.1 (`Tests/Fixtures/petstore_fixture.py`): list, get by id, create, typed error bodies.
@Suite("Imported petstore client against the fixture server", .timeLimit(.minutes(1)))
struct PetstoreFixtureTests {
    static func client(sid: String = FixtureServer.newScenario(), cache: HTTPCache? = nil) throws
        -> SwaggerPetstoreClient
    {
        let server = try FixtureServer.shared()
        let base = server.scenarioURL(sid).appendingPathComponent("petstore")
        // The document's server is plain http://; loopback is allowed without the opt-in.
        return SwaggerPetstoreClient(
            configuration: ClientConfiguration(baseURL: base, dataLayer: DataLayerConfiguration(cache: cache)))
    }

    /// The requests the server saw for `path` below the scenario's petstore (query included).
    static func requests(_ sid: String, _ path: String) async throws -> [FixtureServer.Stats.Request] {
        try await FixtureServer.shared().stats(sid).requests.filter { $0.path == "/\(sid)/petstore" + path }
    }

    /// Issue #12 point 5: an imported client uses a configured cache by default (`CachePolicy.http`),
    /// as the server's headers say — `max-age` is served without asking, `no-cache` is revalidated
    /// with the ETag, and a POST to the list's URL drops the stored list (RFC 9111 §4.4).
    @Test func withACacheGetResponsesAreStoredAndRevalidatedAsTheServerSays() async throws {
        let sid = FixtureServer.newScenario()
        let pets = try Self.client(sid: sid, cache: HTTPCache()).pets
        #expect(try await pets.showPetById(petId: "2") == Pet(id: 2, name: "Tom"))
        #expect(try await pets.showPetById(petId: "2") == Pet(id: 2, name: "Tom"))
        #expect(try await Self.requests(sid, "/pets/2").count == 1, "max-age=60: the second read is the stored copy")

        let first = try await pets.listPetsResponse()
        let second = try await pets.listPetsResponse()
        #expect(first.value == second.value)
        #expect(second.metadata.cacheStatus == .revalidated)
        let lists = try await Self.requests(sid, "/pets")
        #expect(lists.count == 2, "no-cache: every read asks the server")
        #expect(lists.first?.headers["if-none-match"] == nil)
        #expect(lists.last?.headers["if-none-match"]?.isEmpty == false, "the stored copy is revalidated with its ETag")

        try await pets.createPets(body: Pet(id: 3, name: "Nemo", tag: "fish"))
        #expect(try await pets.listPets().count == 3)
        let afterWrite = try await Self.requests(sid, "/pets").filter { $0.method == "GET" }
        #expect(afterWrite.count == 3)
        #expect(afterWrite.last?.headers["if-none-match"] == nil, "the POST to /pets removed the stored list")
    }

    /// Without a cache the same client asks the server every time.
    @Test func withoutACacheEveryReadReachesTheServer() async throws {
        let sid = FixtureServer.newScenario()
        let pets = try Self.client(sid: sid).pets
        _ = try await pets.showPetById(petId: "1")
        _ = try await pets.showPetById(petId: "1")
        #expect(try await Self.requests(sid, "/pets/1").count == 2)
    }

    @Test func listsGetsAndCreatesPets() async throws {
        let pets = try Self.client().pets
        #expect(try await pets.listPets() == [Pet(id: 1, name: "Rex", tag: "dog"), Pet(id: 2, name: "Tom")])
        #expect(try await pets.listPets(limit: 1).count == 1)
        #expect(try await pets.showPetById(petId: "2") == Pet(id: 2, name: "Tom"))
        try await pets.createPets(body: Pet(id: 3, name: "Nemo", tag: "fish"))
        #expect(try await pets.showPetById(petId: "3").tag == "fish")
        #expect(try await pets.listPets().count == 3)
    }

    @Test func errorResponsesCarryTheDocumentsErrorBody() async throws {
        let pets = try Self.client().pets
        do {
            _ = try await pets.showPetById(petId: "99")
            Issue.record("a missing pet was found")
        } catch let error as SpecwrightError {
            #expect(error.status == 404)
            #expect(error.typedBody(as: ErrorModel.self) == ErrorModel(code: 404, message: "no pet 99"))
        }
        do {
            try await pets.createPets(body: Pet(id: 1, name: "Rex again"))
            Issue.record("a taken id was accepted")
        } catch let error as SpecwrightError {
            #expect(error.status == 409)
            #expect(error.typedBody(as: ErrorModel.self)?.message == "pet 1 exists")
        }
    }
}
