import Foundation
import SpecwrightCore
import Testing

/// Rows 1–3 and 9 of issue 17, and the spellings and chains around them: a cycle of references
/// with no object in between is a located error at its first `$ref`; recursion through an
/// object keeps working.
@Suite("OpenAPI reference cycles")
struct ReferenceCycleTests {
    private let aliasCycle = """
            A: { $ref: '#/components/schemas/B' }
            B: { $ref: '#/components/schemas/A' }
        """

    @Test("row 1: an alias cycle used by a query parameter is an error at its first $ref")
    func aliasCycleUsedByQueryParameter() throws {
        let text = OpenAPISupport.document(
            paths: """
                  /things:
                    get:
                      operationId: list
                      parameters:
                        - { name: filter, in: query, schema: { $ref: '#/components/schemas/A' } }
                      responses:
                        '204': { description: ok }
                """, schemas: aliasCycle)
        let output = try OpenAPISupport.generate(text)
        #expect(!output.succeeded)
        let expected = try Robustness.location(of: "$ref: '#/components/schemas/B'", in: text)
        #expect(
            Robustness.errors(output).contains { $0.hasPrefix(expected + ": error: schema 'A' is an alias of itself") })
    }

    @Test("row 2: an alias cycle used by a multipart field is an error at its first $ref")
    func aliasCycleUsedByMultipartField() throws {
        let text = OpenAPISupport.document(
            paths: """
                  /upload:
                    post:
                      operationId: upload
                      requestBody:
                        content:
                          multipart/form-data:
                            schema:
                              type: object
                              properties:
                                field: { $ref: '#/components/schemas/A' }
                      responses:
                        '204': { description: ok }
                """, schemas: aliasCycle)
        let output = try OpenAPISupport.generate(text)
        #expect(!output.succeeded)
        let expected = try Robustness.location(of: "$ref: '#/components/schemas/B'", in: text)
        #expect(Robustness.errors(output).contains { $0.hasPrefix(expected + ": error:") })
    }

    @Test("row 3: an allOf that includes itself through a percent-encoded pointer is an error at that $ref")
    func percentEncodedSelfComposition() throws {
        let text = OpenAPISupport.document(
            schemas: """
                    A: { allOf: [ { $ref: '#/components/schema%73/A' } ], properties: { p: { type: string } } }
                """)
        let output = try OpenAPISupport.generate(text)
        #expect(!output.succeeded)
        let expected = try Robustness.location(of: "$ref", in: text)
        #expect(Robustness.errors(output).contains { $0.hasPrefix(expected + ": error: 'allOf' includes") })
    }

    @Test("row 9: an alias cycle nothing uses is still an error (typealias A = B; typealias B = A cannot compile)")
    func unusedAliasCycle() throws {
        let text = OpenAPISupport.document(schemas: aliasCycle)
        let output = try OpenAPISupport.generate(text)
        #expect(!output.succeeded)
        #expect(output.files.isEmpty)
        let expected = try Robustness.location(of: "$ref: '#/components/schemas/B'", in: text)
        #expect(
            Robustness.errors(output) == [
                "\(expected): error: schema 'A' is an alias of itself ('A' → 'B' → 'A'): a cycle of references with no object in between has no Swift type"
            ])
    }

    @Test(
        "cycles through items, additionalProperties, one-member oneOf/anyOf/allOf and self-references are errors",
        arguments: [
            "A: { type: array, items: { $ref: '#/components/schemas/A' } }",
            "A: { type: object, additionalProperties: { $ref: '#/components/schemas/B' } }\n    B: { type: array, items: { $ref: '#/components/schemas/A' } }",
            "A: { oneOf: [ { $ref: '#/components/schemas/B' } ] }\n    B: { anyOf: [ { $ref: '#/components/schemas/C' } ] }\n    C: { allOf: [ { $ref: '#/components/schemas/A' } ] }",
            "A: { $ref: '#/components/schemas/A' }",
            "A: { type: array, items: { $ref: '#/components/schemas/A/items' } }",
            "A: { allOf: [ { $ref: '#/components/schemas/B' } ], properties: { a: { type: string } } }\n    B: { allOf: [ { $ref: '#/components/schemas/A' } ], properties: { b: { type: string } } }"
        ])
    func cyclesWithoutAnObject(schemas: String) throws {
        let text = OpenAPISupport.document(schemas: "    " + schemas + "\n")
        let output = try OpenAPISupport.generate(text)
        #expect(!output.succeeded)
        let expected = try Robustness.location(of: "$ref", in: text)
        #expect(Robustness.errors(output).first?.hasPrefix(expected + ": error:") == true, "\(output.diagnostics)")
    }

    @Test("every spelling of a pointer names the same schema: percent-encoding, ~0/~1, the document's own file name")
    func pointerSpellings() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Pet:
                          type: object
                          properties:
                            a: { $ref: '#/components/schemas/Tag~1Name' }
                            b: { $ref: '#/components/schem%61s/Tag~1Name' }
                            c: { $ref: '#/components/schemas/Tag%7E1Name' }
                            d: { $ref: 'api.yaml#/components/schemas/Tilde~0Name' }
                            e: { $ref: './api.yaml#/components/schemas/Tag~1Name/properties/id' }
                            parent: { $ref: '#%2Fcomponents%2Fschemas%2FPet' }
                        Tag/Name:
                          type: object
                          properties:
                            id: { type: integer }
                        Tilde~Name:
                          type: object
                          properties:
                            id: { type: string }
                    """))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.contains("public let a: TagName?\n"))
        #expect(output.types.contains("public let b: TagName?\n"))
        #expect(output.types.contains("public let c: TagName?\n"))
        #expect(output.types.contains("public let d: TildeName?\n"))
        #expect(output.types.contains("public let e: Int?\n"))
        // Recursion through an object is legal: the property is boxed.
        #expect(output.types.contains("public let parent: IndirectPet?\n"))
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    }

    @Test("recursion through objects and unions, and diamonds of allOf, stay legal in any spelling")
    func legalRecursion() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Node:
                          type: object
                          required: [next]
                          properties:
                            next: { $ref: '#/components/schem%61s/Node' }
                            children: { type: array, items: { $ref: '#/components/schemas/Node' } }
                        Tree:
                          oneOf:
                            - { $ref: '#/components/schemas/Node' }
                            - { type: array, items: { $ref: '#/components/schemas/Tree' } }
                        Base: { type: object, properties: { id: { type: string } } }
                        Left: { allOf: [ { $ref: '#/components/schemas/Base' } ], properties: { l: { type: string } } }
                        Right: { allOf: [ { $ref: '#/components/schem%61s/Base' } ], properties: { r: { type: string } } }
                        Both: { allOf: [ { $ref: '#/components/schemas/Left' }, { $ref: '#/components/schemas/Right' } ] }
                    """))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.contains("public let next: IndirectNode\n"))
        let both = try #require(output.types.range(of: "public struct Both"))
        let body = output.types[both.lowerBound...].prefix(2000)
        #expect(
            body.contains("public let id: String?") && body.contains("public let l: String?")
                && body.contains("public let r: String?"))
        let names = Robustness.declaredTypeNames(output.types)
        #expect(Set(names).count == names.count)
    }

    @Test("a chain of 20,000 aliases ending in an enum is a query parameter type (no recursion per alias)")
    func longAliasChain() throws {
        let count = 20_000
        var schemas = ""
        for index in 0..<count {
            schemas += "    A\(index): { $ref: '#/components/schemas/A\(index + 1)' }\n"
        }
        schemas += "    A\(count): { type: string, enum: [x, y] }\n"
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /things/{id}:
                        get:
                          operationId: list
                          parameters:
                            - { name: kind, in: query, schema: { $ref: '#/components/schemas/A0' } }
                            - { name: id, in: path, required: true, schema: { $ref: '#/components/schemas/A0' } }
                          responses:
                            '204': { description: ok }
                    """, schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics.prefix(3))")
        #expect(output.endpoints.contains("kind"))
        #expect(!output.diagnostics.contains { $0.contains("is not sent") })
    }
}
