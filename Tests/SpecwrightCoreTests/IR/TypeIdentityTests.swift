import SpecwrightCore
import SpecwrightYAML
import Testing

/// Every declared type has an identity (`IR.TypeID`: where its definition is) besides its Swift
/// name; declarations and references carry both, and the passes key types by identity, so a
/// rename changes what is written and nothing else.
@Suite struct TypeIdentityTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Zoo, version: '1' }
        paths:
          /errors:
            get:
              operationId: listErrors
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { type: array, items: { $ref: '#/components/schemas/Error' } }
          /nodes:
            get:
              operationId: listNodes
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { type: array, items: { $ref: '#/components/schemas/Node' } }
        components:
          schemas:
            Error:
              type: object
              properties:
                status: { type: string, enum: [open, closed] }
            Node:
              type: object
              properties:
                next: { $ref: '#/components/schemas/Node' }
        """

    static func api(through stage: GenerationPipeline.Stage, filter: OperationFilter = .all) throws -> IR.API {
        var input = GenerationInput(bytes: Array(document.utf8), file: "zoo.yaml")
        input.filter = filter
        return try #require(GenerationPipeline.run(input, through: stage).api)
    }

    static func declaration(_ name: String, in api: IR.API) throws -> IR.TypeDeclaration {
        try #require(api.types.first { $0.name.name == name })
    }

    @Test func aRenamedSchemaKeepsTheIdentityOfItsDefinitionInDeclarationAndReferences() throws {
        let api = try Self.api(through: .frontEnd)
        let error = try Self.declaration("ErrorModel", in: api)
        #expect(error.id == IR.TypeID("#/components/schemas/Error"))
        let list = try #require(api.groups.flatMap(\.endpoints).first { $0.name.name == "listErrors" })
        guard case .json(.array(.named(let element))) = list.response else {
            Issue.record("listErrors returns \(list.response)")
            return
        }
        #expect(element.id == error.id && element.name == "ErrorModel")
    }

    @Test func anInlineSchemaIsIdentifiedByWhereItIsWritten() throws {
        let api = try Self.api(through: .frontEnd)
        guard case .structure(let error) = try Self.declaration("ErrorModel", in: api),
            case .named(let status)? = error.properties.first?.type.nonOptional
        else {
            Issue.record("ErrorModel has no named status property")
            return
        }
        let lines = Self.document.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("status: {") })
        let column = try #require(lines[line].firstIndex(of: "{")).utf16Offset(in: lines[line]) + 1
        #expect(status.name == "ErrorModelStatus")
        #expect(status.id == IR.TypeID("zoo.yaml:\(line + 1):\(column)"))
        #expect(try Self.declaration("ErrorModelStatus", in: api).id == status.id)
    }

    @Test func aRecursionBoxIsIdentifiedByTheTypeItHolds() throws {
        let api = try Self.api(through: .passes)
        let box = try Self.declaration("IndirectNode", in: api)
        #expect(box.id == IR.TypeID("#/components/schemas/Node#indirect"))
    }

    @Test func theFilterKeepsASchemaByItsDocumentNameThroughItsIdentity() throws {
        let location = SourceLocation(file: "c.yaml", line: 1, column: 1)
        let nodes = OperationFilter.Entry("listNodes", at: location)
        let withError = try Self.api(
            through: .passes, filter: OperationFilter(operations: [nodes], schemas: [.init("Error", at: location)]))
        #expect(Set(withError.types.map(\.name.name)) == ["ErrorModel", "ErrorModelStatus", "Node", "IndirectNode"])
        let without = try Self.api(through: .passes, filter: OperationFilter(operations: [nodes]))
        #expect(Set(without.types.map(\.name.name)) == ["Node", "IndirectNode"])
    }

    @Test func aSpecTypeIsIdentifiedByItsPathInTheSpec() throws {
        let spec = GenerationSupport.spec(
            types: """
                  Book:
                    properties: { title: String, problem: Error? }
                  Error:
                    properties: { message: String }
                """)
        let result = GenerationPipeline.run(
            GenerationInput(bytes: Array(spec.utf8), file: "s.yaml"), through: .frontEnd)
        let types = try #require(result.api?.types)
        #expect(types.map(\.name.name) == ["Book", "ErrorModel"])
        #expect(types.map(\.id) == [IR.TypeID("#/types/Book"), IR.TypeID("#/types/Error")])
        guard case .structure(let book) = types[0], case .named(let problem)? = book.properties.last?.type.nonOptional
        else {
            Issue.record("Book has no named problem property")
            return
        }
        #expect(problem.id == types[1].id)
    }

    @Test func aPointerEscapesEachToken() {
        #expect(IR.TypeID.pointer("components", "schemas", "a/b~c").path == "#/components/schemas/a~1b~0c")
    }
}
