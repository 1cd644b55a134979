import Foundation
import SpecwrightCore
import Testing

/// A path parameter whose schema admits `null` — `nullable: true`, `type: [T, "null"]`, an enum
/// listing `null`, a `$ref` to a nullable schema (FastAPI writes `anyOf: [{type: integer},
/// {type: "null"}]` for `int | None`) — is its non-null type, with a located warning: a path
/// segment always has a value. Found by `Scripts/fuzz-documents.py` (seed 7): the parameter was
/// generated optional, and `["items", id]` of a `String?` (or `id.rawValue` of an optional enum,
/// `String(id)` of a `Bool?`) did not compile. Our own spec format refuses an optional path
/// parameter with an error; an OpenAPI document is generated.
@Suite("OpenAPI nullable path parameters")
struct OpenAPINullablePathParameterTests {
    @Test func aNullablePathParameterIsItsNonNullTypeWithAWarning() throws {
        let document = OpenAPISupport.document(
            paths: """
                  /items/{id}/{kind}/{ref}/{flag}:
                    get:
                      operationId: getItem
                      parameters:
                        - { name: id, in: path, required: true, schema: { type: string, format: uuid, nullable: true } }
                        - { name: kind, in: path, required: true, schema: { type: integer, enum: [1, 2, null] } }
                        - { name: ref, in: path, required: true, schema: { $ref: '#/components/schemas/Ref' } }
                        - { name: flag, in: path, required: true, schema: { type: boolean, nullable: true } }
                      responses:
                        '204': { description: done }
                """,
            schemas: """
                    Ref: { type: string, nullable: true }
                """)
        let output = try OpenAPISupport.generate(document)
        #expect(output.succeeded)
        #expect(output.endpoints.contains("case getItem(id: UUID, kind: GetItemKind, ref: Ref, flag: Bool)"))
        let warnings = output.diagnostics.filter { $0.contains("a path segment always has a value") }
        #expect(warnings.count == 4, "\(output.diagnostics)")
        #expect(warnings.allSatisfy { $0.hasPrefix("api.yaml:") && $0.hasSuffix("[schema]") })
    }

    /// OpenAPI 3.1: `type: [string, "null"]` and `anyOf` with `{type: "null"}`.
    @Test func aThreeOneNullablePathParameterIsItsNonNullType() throws {
        let document = OpenAPISupport.document(
            paths: """
                  /items/{id}/{page}:
                    get:
                      operationId: getItem
                      parameters:
                        - { name: id, in: path, required: true, schema: { type: [string, "null"] } }
                        - { name: page, in: path, required: true, schema: { anyOf: [{ type: integer }, { type: "null" }] } }
                      responses:
                        '204': { description: done }
                """, version: "3.1.0")
        let output = try OpenAPISupport.generate(document)
        #expect(output.succeeded)
        #expect(output.endpoints.contains("case getItem(id: String, page: Int)"), "\(output.endpoints)")
    }
}
