import Foundation
@_spi(Generated) import SpecwrightRuntime
import Testing

/// Read-only fields (OpenAPI `readOnly: true`, `fields.readOnly(…)` in a generated field list): part
/// of `==` and `hash(into:)`, encoded by any encoder, left out by one whose `userInfo` marks it as
/// writing a request (`CodingUserInfoKey.specwrightRequest`), which the client's encoders are: a
/// value fetched with GET is sent back with PUT without the server's fields (marshmallow answers
/// 422 "Unknown field." to one), in a JSON body and in a query alike, at any depth.
@Suite struct ReadOnlyFieldTests {
    struct Pet: Codable, Hashable, Sendable, _GeneratedObject {
        let id: Int?
        let name: String
        let owner: Owner?

        init(id: Int? = nil, name: String, owner: Owner? = nil) {
            self.id = id
            self.name = name
            self.owner = owner
        }

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            self.init(id: fields.optional("id"), name: try fields.required("name"), owner: fields.optional("owner"))
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.readOnly("id", lhs.id, rhs.id)
            fields.field("name", lhs.name, rhs.name)
            fields.field("owner", lhs.owner, rhs.owner)
        }
    }

    struct Owner: Codable, Hashable, Sendable, _GeneratedObject {
        let created: String?
        let email: String

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            created = fields.optional("created")
            email = try fields.required("email")
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.readOnly("created", lhs.created, rhs.created)
            fields.field("email", lhs.email, rhs.email)
        }
    }

    static let fetched = #"{"id":7,"name":"Rex","owner":{"created":"2026-01-01","email":"ann@example.com"}}"#

    private func fetched() throws -> Pet {
        try JSONDecoder().decode(Pet.self, from: Data(Self.fetched.utf8))
    }

    private func encode(_ value: some Encodable, request: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if request { encoder.userInfo[.specwrightRequest] = true }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func anEncoderThatWritesNoRequestKeepsReadOnlyFields() throws {
        #expect(try encode(try fetched(), request: false) == Self.fetched)
    }

    @Test func aRequestLeavesReadOnlyFieldsOutAtAnyDepth() throws {
        #expect(try encode(try fetched(), request: true) == #"{"name":"Rex","owner":{"email":"ann@example.com"}}"#)
        #expect(try encode([try fetched()], request: true) == #"[{"name":"Rex","owner":{"email":"ann@example.com"}}]"#)
    }

    @Test func readOnlyFieldsTakePartInEqualityAndHashing() throws {
        let pet = try fetched()
        let other = Pet(id: 8, name: pet.name, owner: pet.owner)
        #expect(pet != other)
        #expect(Set([pet, other, pet]).count == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func theClientLeavesThemOutOfBodiesAndQueries() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 204) }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled))
        var query = QueryParameters()
        query.append("pet", encoding: try fetched(), style: .deepObject, dates: .iso8601)
        try await client.send(TestEndpoint(["pets", "7"], method: .put, query: query, body: .json(try fetched())))
        let request = try #require(stub.requests.first)
        let body = String(decoding: try #require(request.body), as: UTF8.self)
        #expect(!body.contains("\"id\"") && !body.contains("created") && body.contains("ann@example.com"), "\(body)")
        let url = request.url.absoluteString.removingPercentEncoding ?? ""
        #expect(url.contains("pet[name]=Rex") && !url.contains("pet[id]") && !url.contains("created"), "\(url)")
    }

    @Test(.timeLimit(.minutes(1)))
    func anAppsOwnEncoderIsMarkedToo() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 204) }
        let encoder = JSONEncoder()
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled, encoder: encoder))
        try await client.send(TestEndpoint(["pets"], method: .post, body: .json(try fetched())))
        let body = String(decoding: try #require(stub.requests.first?.body), as: UTF8.self)
        #expect(!body.contains("\"id\""), "\(body)")
    }
}
