import Foundation
import SpecwrightRuntime
import Testing

/// Exercises the committed client generated from the OpenAPI petstore document
/// (`Tests/Fixtures/openapi/petstore.yaml`) through the real runtime pipeline, with an
/// in-memory transport standing in for the server.
@Suite struct PetstoreGeneratedClientTests {
    /// The document's server is plain `http://`, which the runtime refuses unless allowed.
    static func client(_ stub: StubTransport) -> SwaggerPetstoreClient {
        var configuration = ClientConfiguration(transport: stub)
        configuration.allowsInsecureHTTP = true
        return SwaggerPetstoreClient(
            client: APIClient(service: SwaggerPetstoreClient.service, configuration: configuration))
    }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8))
    }

    @Test func extraPropertiesRoundTripNextToTheDeclaredOnes() throws {
        let labels = try JSONDecoder().decode(
            PetLabels.self, from: Data(#"{"petId": 7, "color": "brown", "size": "s"}"#.utf8))
        #expect(labels == PetLabels(petId: 7, additionalProperties: ["color": "brown", "size": "s"]))
        #expect(labels.since == CalendarDate(year: 2024, month: 2, day: 29))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(labels), as: UTF8.self)
                == #"{"color":"brown","petId":7,"since":"2024-02-29","size":"s"}"#)
    }

    @Test func theServiceUsesTheFirstServerURL() {
        #expect(SwaggerPetstoreClient.service.baseURL.absoluteString == "http://petstore.swagger.io/v1")
        #expect(SwaggerPetstoreClient.service.auth == .none)
    }

    @Test(.timeLimit(.minutes(1)))
    func listSendsTheLimitAndDecodesTheNamedArrayType() async throws {
        let stub = StubTransport { _ in Self.json(#"[{"id":1,"name":"Rex","tag":"dog"},{"id":2,"name":"Tom"}]"#) }
        let pets: Pets = try await Self.client(stub).pets.listPets(limit: 2)
        #expect(pets == [Pet(id: 1, name: "Rex", tag: "dog"), Pet(id: 2, name: "Tom")])
        let request = try #require(stub.requests.first)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "http://petstore.swagger.io/v1/pets?limit=2")
    }

    @Test(.timeLimit(.minutes(1)))
    func anExplodeFalseArrayIsOneCommaJoinedItem() async throws {
        let stub = StubTransport { _ in Self.json("[]") }
        _ = try await Self.client(stub).pets.listPets(limit: 5, tags: ["dog", "small cat"])
        let request = try #require(stub.requests.first)
        #expect(request.url.absoluteString == "http://petstore.swagger.io/v1/pets?limit=5&tags=dog%2Csmall%20cat")
    }

    @Test(.timeLimit(.minutes(1)))
    func getByIdPutsTheIdIntoThePath() async throws {
        let stub = StubTransport { _ in Self.json(#"{"id":7,"name":"Rex"}"#) }
        let pet = try await Self.client(stub).pets.showPetById(petId: "7")
        #expect(pet.name == "Rex")
        #expect(stub.requests.first?.url.path == "/v1/pets/7")
    }

    @Test(.timeLimit(.minutes(1)))
    func createPostsTheJSONBody() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 201, headers: [:], body: Data()) }
        try await Self.client(stub).pets.createPets(body: Pet(id: 3, name: "Kit"))
        let request = try #require(stub.requests.first)
        #expect(request.method == .post)
        let body = try #require(request.body)
        #expect(try JSONDecoder().decode(Pet.self, from: body) == Pet(id: 3, name: "Kit"))
    }

    @Test(.timeLimit(.minutes(1)))
    func anErrorResponseCarriesTheDefaultTypedBody() async throws {
        let stub = StubTransport { _ in Self.json(#"{"code":404,"message":"no such pet"}"#, status: 404) }
        do {
            _ = try await Self.client(stub).pets.showPetById(petId: "9")
            Issue.record("expected an error")
        } catch let error as SpecwrightError {
            #expect(error.status == 404)
            #expect(error.typedBody(as: ErrorModel.self)?.message == "no such pet")
        } catch {
            Issue.record("expected a SpecwrightError, got \(error)")
        }
    }
}
