import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The client imported from the OAI petstore document, end to end against the fixture server on
/// 127.0.0.1 (`Tests/Fixtures/petstore_fixture.py`): list, get by id, create, typed error bodies.
@Suite("Imported petstore client against the fixture server", .timeLimit(.minutes(1)))
struct PetstoreFixtureTests {
    static func client() throws -> SwaggerPetstoreClient {
        let server = try FixtureServer.shared()
        let base = server.scenarioURL(FixtureServer.newScenario()).appendingPathComponent("petstore")
        // The document's server is plain http://; loopback is allowed without the opt-in.
        return SwaggerPetstoreClient(configuration: ClientConfiguration(baseURL: base))
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
            #expect(error.typedBody(as: Error2.self) == Error2(code: 404, message: "no pet 99"))
        }
        do {
            try await pets.createPets(body: Pet(id: 1, name: "Rex again"))
            Issue.record("a taken id was accepted")
        } catch let error as SpecwrightError {
            #expect(error.status == 409)
            #expect(error.typedBody(as: Error2.self)?.message == "pet 1 exists")
        }
    }
}
