import Foundation
import SpecwrightRuntime
import Testing

/// Exercises the committed client generated from the Swagger Petstore 3 document
/// (`Tests/Fixtures/openapi/petstore3.yaml`: relative server URL, OAuth2 → bearer, inline enums,
/// binary upload) through the real runtime pipeline, with an in-memory transport.
@Suite struct Petstore3GeneratedClientTests {
    /// The document's server URL is relative (`/api/v3`), so the app sets the base URL.
    static func client(_ stub: StubTransport) -> SwaggerPetstoreOpenAPI30Client {
        let configuration = ClientConfiguration(
            baseURL: URL(string: "https://petstore3.example/api/v3"), transport: stub,
            tokenProvider: TokenProvider(token: { "secret" }))
        return SwaggerPetstoreOpenAPI30Client(
            client: APIClient(service: SwaggerPetstoreOpenAPI30Client.service, configuration: configuration))
    }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8))
    }

    static let rex = #"{"id":10,"name":"Rex","photoUrls":[],"status":"available","tags":[{"id":1,"name":"dog"}]}"#

    @Test func oauth2BecomesABearerTokenOfTheOperationsThatAskForIt() {
        // The document has no top-level `security`: the service sends nothing by default.
        #expect(SwaggerPetstoreOpenAPI30Client.service.auth == .none)
        #expect(PetEndpoint.findPetsByStatus(status: .sold).options.auth == .anyOf([[.bearer]]))
        #expect(PetEndpoint.getPetById(petId: 1).options.auth == .anyOf([[.apiKeyHeader("api_key")], [.bearer]]))
        #expect(StoreEndpoint.getInventory.options.auth == .anyOf([[.apiKeyHeader("api_key")]]))
        #expect(UserEndpoint.loginUser(username: nil, password: nil).options.auth == .inherit)
    }

    @Test(.timeLimit(.minutes(1)))
    func loginUserResponseCarriesTheDeclaredHeadersTyped() async throws {
        let stub = StubTransport { _ in
            HTTPResponse(
                status: 200,
                headers: [
                    "content-type": "application/json", "X-Rate-Limit": "5000",
                    "X-Expires-After": "2026-12-01T08:00:00.25Z"
                ],
                body: Data(#""token-1""#.utf8))
        }
        let login = try await Self.client(stub).user.loginUserResponse(username: "ann", password: "pw")
        #expect(login.value == "token-1")
        #expect(login.status == 200)
        #expect(
            login.typedHeaders
                == LoginUserResponseHeaders(
                    xRateLimit: 5000, xExpiresAfter: Date(timeIntervalSince1970: 1_796_112_000.25)))
        #expect(login.headers["x-rate-limit"] == "5000")
        #expect(login.attempts == 1)
        let missing = StubTransport { _ in Self.json(#""token-2""#) }
        #expect(try await Self.client(missing).user.loginUserResponse().typedHeaders == LoginUserResponseHeaders())
    }

    @Test(.timeLimit(.minutes(1)))
    func findByStatusSendsTheEnumAndTheBearerToken() async throws {
        let stub = StubTransport { _ in Self.json("[\(Self.rex)]") }
        let pets = try await Self.client(stub).pet.findPetsByStatus(status: .sold)
        #expect(pets.first?.status == .available)
        #expect(pets.first?.tags?.first?.name == "dog")
        let request = try #require(stub.requests.first)
        #expect(request.url.absoluteString == "https://petstore3.example/api/v3/pet/findByStatus?status=sold")
        #expect(request.headers.value(for: "Authorization") == "Bearer secret")
    }

    @Test(.timeLimit(.minutes(1)))
    func getByIdCreateAndAnUnknownEnumValue() async throws {
        let stub = StubTransport { _ in Self.json(#"{"id":10,"name":"Rex","photoUrls":["a"],"status":"adopted"}"#) }
        let client = Self.client(stub)
        let pet = try await client.pet.getPetById(petId: 10)
        #expect(pet.status == .unknown("adopted"))
        let created = try await client.pet.addPet(body: Pet(name: "Rex", photoUrls: ["a"]))
        #expect(created.name == "Rex")
        #expect(stub.requests.map(\.url.path) == ["/api/v3/pet/10", "/api/v3/pet"])
        #expect(stub.requests.last?.method == .post)
    }

    @Test(.timeLimit(.minutes(1)))
    func uploadSendsRawBytesWithTheQueryMetadata() async throws {
        let stub = StubTransport { _ in Self.json(#"{"code":200,"type":"ok","message":"stored"}"#) }
        let photo = FilePart(data: Data([1, 2, 3]), filename: "photo.png", contentType: "image/png")
        let response = try await Self.client(stub).pet.uploadFile(petId: 10, body: photo, additionalMetadata: "x")
        #expect(response.message == "stored")
        let request = try #require(stub.requests.first)
        #expect(request.body == Data([1, 2, 3]))
        #expect(request.headers.value(for: "Content-Type") == "image/png", "the caller's content type wins")
        #expect(request.url.query == "additionalMetadata=x")
    }

    /// An `application/octet-stream` body is a `FilePart`: a file on disk is streamed from the
    /// file (the request carries the file, not its bytes), with the declared content type.
    @Test(.timeLimit(.minutes(1)))
    func uploadStreamsAFileFromDisk() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petstore3-upload-\(UUID().uuidString).bin")
        try Data([7, 8, 9, 10]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let stub = StubTransport { _ in Self.json(#"{"code":200,"type":"ok","message":"stored"}"#) }
        _ = try await Self.client(stub).pet.uploadFile(petId: 10, body: FilePart(fileURL: file))
        let request = try #require(stub.requests.first)
        #expect(request.streamedBody?.fileURL == file)
        #expect(try await request.streamedBody?.collect(upTo: 100) == Data([7, 8, 9, 10]))
        #expect(request.headers.value(for: "Content-Type") == "application/octet-stream", "the declared media type")
    }

    @Test(.timeLimit(.minutes(1)))
    func anErrorStatusSurfacesAsSpecwrightError() async throws {
        let stub = StubTransport { _ in Self.json(#"{"message":"no"}"#, status: 404) }
        do {
            _ = try await Self.client(stub).store.getOrderById(orderId: 1)
            Issue.record("expected an error")
        } catch let error as SpecwrightError {
            #expect(error.status == 404)
        }
    }
}
