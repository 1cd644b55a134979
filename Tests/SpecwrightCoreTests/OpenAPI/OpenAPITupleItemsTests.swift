import Foundation
import SpecwrightCore
import Testing

/// `items` written as an array of schemas (JSON Schema's tuple form before 2020-12, which pydantic
/// v1 and so FastAPI services built on it write for `Tuple[str, int]`) generates the array with
/// untyped elements and a located warning, instead of refusing the whole document.
@Suite("OpenAPI tuple items")
struct OpenAPITupleItemsTests {
    static func document(version: String) -> String {
        OpenAPISupport.document(
            paths: """
                  /pairs:
                    get:
                      operationId: listPairs
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: { $ref: '#/components/schemas/Holder' }
                """,
            schemas: """
                    Holder:
                      type: object
                      required: [pair]
                      properties:
                        pair:
                          type: array
                          items: [{ type: string, minLength: 1 }, { type: integer }]
                          minItems: 2
                """, version: version)
    }

    @Test("a tuple 'items' is [JSONValue] with a located warning, in 3.0 and 3.1", arguments: ["3.0.3", "3.1.0"])
    func tupleItemsAreUntypedElements(version: String) throws {
        let output = try OpenAPISupport.generate(Self.document(version: version))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.contains("public let pair: [JSONValue]"), "\(output.types)")
        #expect(output.diagnostics.count == 1, "\(output.diagnostics)")
        #expect(
            output.diagnostics.first?.contains("warning: 'items' is an array of schemas (a tuple; OpenAPI") == true)
        #expect(output.diagnostics.first?.hasSuffix("[structure]") == true)
    }

    @Test("the element schemas of a tuple 'items' are still checked")
    func tupleElementsAreChecked() throws {
        let text = Self.document(version: "3.0.3").replacingOccurrences(of: "{ type: integer }", with: "[oops]")
        let output = try OpenAPISupport.generate(text)
        #expect(!output.succeeded)
        #expect(output.diagnostics.contains { $0.contains("error: an element of 'items' must be a Schema object") })
    }
}
