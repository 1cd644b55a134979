import Testing

@testable import SpecwrightCore

/// A type renamed by identity (`IR.API.renamingTypes`) is renamed wherever it is used: in its
/// declaration, in references, and inside default and fixed-value expressions, which hold the
/// type's identity rather than its name as text (the step a naming pass resolves names with).
@Suite struct TypeRenamingTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Zoo, version: '1' }
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - { name: kind, in: query, schema: { $ref: '#/components/schemas/PetKind', default: cat } }
                - { name: level, in: query, schema: { $ref: '#/components/schemas/Level', default: 2 } }
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        components:
          schemas:
            PetKind: { type: string, enum: [cat, dog] }
            Level: { type: integer, enum: [1, 2] }
            Window:
              type: object
              required: [start]
              properties:
                start: { type: integer }
                kind: { $ref: '#/components/schemas/PetKind' }
            Pet:
              type: object
              properties:
                fixedKind: { $ref: '#/components/schemas/PetKind', const: dog }
                window: { $ref: '#/components/schemas/Window', default: { start: 1, kind: dog } }
                windows:
                  type: array
                  items: { $ref: '#/components/schemas/Window' }
                  default: [{ start: 2 }, { start: 3, kind: cat }]
                byName:
                  type: object
                  additionalProperties: { $ref: '#/components/schemas/Window' }
                  default: { a: { start: 4 } }
        """

    static let renames: [IR.TypeID: IR.Identifier] = [
        .pointer("components", "schemas", "PetKind"): NameScope.standalone("Species"),
        .pointer("components", "schemas", "Window"): NameScope.standalone("Frame"),
        .pointer("components", "schemas", "Level"): NameScope.standalone("Rank")
    ]

    static func generated(renamed: Bool) throws -> String {
        let input = GenerationInput(bytes: Array(document.utf8), file: "zoo.yaml")
        let result = GenerationPipeline.run(input, through: .passes)
        var api = try #require(result.api, "\(result.diagnostics)")
        if renamed { api = api.renamingTypes(renames) }
        let files = try SwiftClientRenderer(templates: try TemplateSet.defaults()).render(api)
        return files.map(\.contents).joined(separator: "\n")
    }

    static func words(_ text: String) -> Set<Substring> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") })
    }

    @Test func theDocumentUsesItsTypesInDefaultsAndFixedValues() throws {
        let code = try Self.generated(renamed: false)
        #expect(code.contains("Window(start: 1, kind: .dog)"))
        #expect(code.contains("[Window(start: 2), Window(start: 3, kind: .cat)]"))
        #expect(code.contains("[\"a\": Window(start: 4)]"))
        #expect(code.contains("PetKind.dog"))
    }

    @Test func aRenamedTypeIsRenamedInDeclarationsReferencesAndExpressions() throws {
        let code = try Self.generated(renamed: true)
        let words = Self.words(code)
        for old in ["PetKind", "Window", "Level"] {
            #expect(!words.contains(Substring(old)), "\(old) is still written")
        }
        #expect(code.contains("Frame(start: 1, kind: .dog)"))
        #expect(code.contains("[Frame(start: 2), Frame(start: 3, kind: .cat)]"))
        #expect(code.contains("[\"a\": Frame(start: 4)]"))
        #expect(code.contains("Species.dog"))
        #expect(code.contains("struct Frame"))
        #expect(code.contains("enum Species"))
        #expect(code.contains("enum Rank"))
    }

    @Test func anExpressionWritesTheCurrentNameOfTheTypeItHolds() {
        let old = IR.TypeName(id: .pointer("types", "Window"), identifier: NameScope.standalone("Window"))
        let expression =
            IR.Expression(type: old) + "("
            + IR.Expression.joined(
                [IR.Expression(code: "start: 1"), "end: " + IR.Expression(type: old) + ".max"], separator: ", ") + ")"
        #expect(expression.code == "Window(start: 1, end: Window.max)")
        let renamed = expression.renamingTypes { IR.TypeName(id: $0.id, identifier: NameScope.standalone("Frame")) }
        #expect(renamed.code == "Frame(start: 1, end: Frame.max)")
        #expect(renamed.typeNames.map(\.id) == [old.id, old.id])
    }
}
