import Foundation
import SpecwrightCore
import Testing

/// OAS 3.1 names places with JSON Schema 2020-12's `$anchor`, `$id` and `$dynamicAnchor` as well
/// as with JSON pointers: a `$ref` to an anchor or an `$id` is followed like a pointer, and a
/// `$dynamicRef` is resolved statically where the document decides it (the generic list pattern),
/// else it is a `JSONValue` with a located warning — never silently.
@Suite struct OpenAPIAnchorTests {
    private static func generate(_ schemas: String) throws -> OpenAPISupport.Output {
        try OpenAPISupport.generate(OpenAPISupport.document(schemas: schemas, version: "3.1.0"))
    }

    @Test("a $ref to an $anchor names the schema that declares it; one to a component is that component's type")
    func anchorReferences() throws {
        let output = try Self.generate(
            """
                Pet:
                  $anchor: pet
                  type: object
                  properties: { name: { type: string } }
                Owner:
                  type: object
                  properties:
                    pet: { $ref: '#pet' }
                    address: { $ref: '#address' }
                  $defs:
                    address: { $anchor: address, type: object, properties: { city: { type: string } } }
            """)
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(output.types.contains("public let pet: Pet?"))
        #expect(output.types.contains("public let address: OwnerAddress?"))
        #expect(output.types.contains("public let city: String?"))
    }

    @Test("a $ref to an anchor nothing declares is a located error")
    func missingAnchor() throws {
        let output = try Self.generate(
            """
                Owner:
                  type: object
                  properties: { pet: { $ref: '#nowhere' } }
            """)
        #expect(!output.succeeded)
        #expect(output.diagnostics.contains { $0.contains("api.yaml:") && $0.contains("'#nowhere' names nothing") })
    }

    @Test("a $ref to a schema's $id (and to a pointer or anchor inside it) is followed")
    func identifierReferences() throws {
        let output = try Self.generate(
            """
                Tag:
                  $id: https://example.com/schemas/tag
                  type: object
                  properties: { label: { type: string }, colour: { $anchor: colour, type: string, format: uuid } }
                Post:
                  type: object
                  properties:
                    tag: { $ref: 'https://example.com/schemas/tag' }
                    label: { $ref: 'https://example.com/schemas/tag#/properties/label' }
                    colour: { $ref: 'https://example.com/schemas/tag#colour' }
            """)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(output.types.contains("public let tag: Tag?"))
        #expect(output.types.contains("public let label: String?"))
        #expect(output.types.contains("public let colour: UUID?"))
    }

    /// The generic data structure of the OpenAPI 3.1 specification's Schema Object examples.
    @Test("the generic array pattern: each component binding the $dynamicAnchor gets its own element type")
    func genericArray() throws {
        let output = try Self.generate(
            """
                GenericArray:
                  $id: fully_generic_array
                  type: array
                  items: { $dynamicRef: '#generic-array' }
                  $defs:
                    allowAll: true
                    generic-array: { $dynamicAnchor: generic-array }
                NumberArray:
                  $id: array_of_numbers
                  $ref: fully_generic_array
                  $defs:
                    numbersOnly: { $dynamicAnchor: generic-array, type: number }
                StringArray:
                  $ref: '#/components/schemas/GenericArray'
                  $defs:
                    stringsOnly: { $dynamicAnchor: generic-array, type: string }
            """)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(output.types.contains("public typealias GenericArray = [JSONValue]"))
        #expect(output.types.contains("public typealias NumberArray = [Double]"))
        #expect(output.types.contains("public typealias StringArray = [String]"))
    }

    @Test("a generic object is specialised under the binding component's name; the tree pattern binds itself")
    func genericObjectAndTree() throws {
        let output = try Self.generate(
            """
                Page:
                  type: object
                  required: [items]
                  properties:
                    items: { type: array, items: { $dynamicRef: '#item' } }
                    next: { type: string }
                  $defs:
                    item: { $dynamicAnchor: item }
                Pet: { type: object, properties: { name: { type: string } } }
                PetPage:
                  $ref: '#/components/schemas/Page'
                  $defs:
                    pet: { $dynamicAnchor: item, $ref: '#/components/schemas/Pet' }
                Tree:
                  $dynamicAnchor: node
                  type: object
                  properties:
                    children: { type: array, items: { $dynamicRef: '#node' } }
            """)
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(output.types.contains("public struct Page:"))
        #expect(output.types.contains("public let items: [JSONValue]"))
        #expect(output.types.contains("public struct PetPage:"))
        #expect(output.types.contains("public let items: [Pet]"))
        #expect(output.types.contains("public let children: [Tree]?"))
    }

    @Test("a $dynamicRef the document does not decide is a JSONValue with a located warning")
    func undecidedDynamicReference() throws {
        let output = try Self.generate(
            """
                A:
                  $defs: { t: { $dynamicAnchor: t, type: string } }
                  type: object
                B:
                  $defs: { t: { $dynamicAnchor: t, type: integer } }
                  type: object
                Holder:
                  type: object
                  properties: { value: { $dynamicRef: '#t' } }
            """)
        #expect(output.succeeded)
        #expect(output.types.contains("public let value: JSONValue?"))
        #expect(
            output.diagnostics.contains {
                $0.contains("api.yaml:") && $0.contains("warning: '$dynamicRef: #t' cannot be resolved statically")
            }, "\(output.diagnostics)")
    }
}
