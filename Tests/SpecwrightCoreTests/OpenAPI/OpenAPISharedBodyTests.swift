import Foundation
import SpecwrightCore
import Testing

/// An inline body schema that frameworks repeat in every operation (Litestar's 400 error body,
/// a paging envelope) is one type named by what its places share; the names of the others come
/// from the cleaned operation name, and output does not depend on hash order.
@Suite struct OpenAPISharedBodyTests {
    static let errorBody = """
        { type: object, required: [status_code, detail], properties: { status_code: { type: integer }, detail: { type: string }, extra: { type: object, properties: { field: { type: string } } } } }
        """

    static func operation(_ path: String, id: String, description: String) -> String {
        """
          \(path):
            get:
              operationId: \(id)
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { type: object, properties: { \(id): { type: string } } }
                '400':
                  description: \(description)
                  content:
                    application/json:
                      schema: \(errorBody)
        """
    }

    static let document = OpenAPISupport.document(
        paths: [
            operation("/items/{item_id}", id: "ItemsItemIdReadItem", description: "Bad request"),
            operation("/items", id: "ItemsListItems", description: "Invalid"),
            operation("/health", id: "HealthHealth", description: "Bad request")
        ].joined(separator: "\n"))

    @Test("an error body repeated in every operation is one struct named by the status it answers")
    func repeatedErrorBodyIsOneType() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types
        #expect(types.components(separatedBy: "public struct Error400:").count == 2, "\(types)")
        #expect(types.components(separatedBy: "public let statusCode: Int").count == 2)
        #expect(types.contains("public struct Error400Extra:"))
        #expect(output.endpoints.components(separatedBy: ".json(Error400.self, status: 400)").count == 4)
        // The other inline types are named from the cleaned operation name, not the raw id.
        #expect(types.contains("public struct ReadItemResponse:"))
        #expect(types.contains("public struct ListItemsResponse:"))
        #expect(!types.contains("struct ItemsItemIdReadItem"))
    }

    @Test("the output is the same on every run")
    func deterministic() throws {
        let first = try OpenAPISupport.generate(Self.document).files
        for _ in 0..<3 { #expect(try OpenAPISupport.generate(Self.document).files == first) }
    }

    @Test("when the places share no words beyond a role, the first place names the type; single bodies keep theirs")
    func namesFromTheFirstPlace() throws {
        let paths = """
              /a:
                post:
                  operationId: makeA
                  requestBody: { content: { application/json: { schema: { type: object, properties: { n: { type: integer } } } } } }
                  responses: { '204': { description: ok } }
              /b:
                post:
                  operationId: makeB
                  requestBody: { content: { application/json: { schema: { type: object, properties: { n: { type: integer } } } } } }
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { type: object, properties: { m: { type: integer } } } } } }
            """
        let output = try OpenAPISupport.generate(OpenAPISupport.document(paths: paths))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.contains("public struct MakeARequest:"))
        #expect(!output.types.contains("MakeBRequest"))
        #expect(output.client.contains("func makeB(body: MakeARequest) async throws -> MakeBResponse"))
    }
}
