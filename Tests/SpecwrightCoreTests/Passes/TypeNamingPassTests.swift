import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// The naming pass (`Passes/TypeNaming.swift`): type names are assigned after the filter, so a
/// kept type does not yield its name to a type the filter left out.
@Suite("Type naming pass")
struct TypeNamingPassTests {
    /// Six groups (`a` … `f`) with an operation named `listItems` (FastAPI-style ids), each with
    /// response headers: translated in order, the sixth struct is `ListItemsResponseHeaders2`.
    /// `Item` is used only by group `a`, `item` (`ItemModel` after `Item`) only by `f`, and `item`
    /// has an inline `status` enum whose name continues its own.
    static let groups = ["a", "b", "c", "d", "e", "f"]

    static let document =
        """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        servers: [{ url: 'https://shop.example' }]
        paths:

        """
        + groups.map { group in
            """
              /\(group)/items:
                get:
                  operationId: list_items_\(group)_items_get
                  tags: [\(group)]
                  responses:
                    '200':
                      description: ok
                      headers: { X-Total: { schema: { type: integer } } }
                      content: { application/json: { schema: { $ref: '#/components/schemas/\(group == "f" ? "item" : "Item")' } } }

            """
        }.joined()
            + """
            components:
              schemas:
                Item:
                  type: object
                  properties: { id: { type: string } }
                item:
                  type: object
                  properties:
                    status: { type: string, enum: [open, closed] }

            """

    static let configLocation = SourceLocation(file: "config.yaml", line: 1, column: 1)

    static func run(paths: [String], through stage: GenerationPipeline.Stage = .passes) throws -> GenerationResult {
        GenerationPipeline.run(
            GenerationInput(
                bytes: Array(document.utf8), file: "shop.yaml",
                filter: OperationFilter(paths: paths.map { OperationFilter.Entry($0, at: configLocation) }),
                templates: try TemplateSet.defaults()),
            through: stage)
    }

    static func typeNames(_ api: IR.API?) -> [String] {
        func names(_ declarations: [IR.TypeDeclaration]) -> [String] {
            declarations.flatMap { declaration -> [String] in
                guard case .structure(let structure) = declaration else { return [declaration.name.name] }
                return [structure.name.name] + names(structure.nestedTypes)
            }
        }
        return names(api?.types ?? []).sorted()
    }

    @Test func withoutAFilterTheFirstComerKeepsEachName() throws {
        let result = try Self.run(paths: [])
        let api = try #require(result.api)
        #expect(Self.typeNames(api) == ["Item", "ItemModel", "ItemModelStatus"])
        let headers = api.groups.flatMap(\.endpoints).compactMap(\.responseHeadersName?.name)
        let stem = "ListItemsResponseHeaders"
        #expect(headers == ["", "Model", "Schema", "ModelSchema", "SchemaModel", "2"].map { stem + $0 })
        #expect(
            result.diagnostics.map(\.message).contains { $0.hasPrefix("schema 'item' is generated as 'ItemModel'") })
    }

    @Test func aKeptTypeDoesNotYieldToATypeTheFilterLeftOut() throws {
        let result = try Self.run(paths: ["/f/items"])
        let api = try #require(result.api)
        // Named while translating, they were `ItemModel`, `ItemModelStatus` and `ListItemsResponseHeaders2`.
        #expect(Self.typeNames(api) == ["Item", "ItemStatus"])
        let endpoint = try #require(api.groups.first?.endpoints.first)
        #expect(endpoint.responseHeadersName?.name == "ListItemsResponseHeaders")
        guard case .json(.named(let response)) = endpoint.response else {
            Issue.record("expected a JSON response, got \(endpoint.response)")
            return
        }
        #expect(response.name == "Item")
        // The rename warning of `item` no longer holds: it is withdrawn, and the summary agrees.
        #expect(!result.diagnostics.contains { $0.message.contains("is generated as") })
        guard case .openAPI(let summary)? = result.summary else {
            Issue.record("expected an OpenAPI summary")
            return
        }
        #expect(summary.skipped[.naming] == nil)
    }

    @Test func theGeneratedCodeUsesTheFinalNames() throws {
        let result = try Self.run(paths: ["/f/items"], through: .render)
        let code = result.files.map(\.contents).joined(separator: "\n")
        #expect(code.contains("struct Item:") || code.contains("struct Item "))
        #expect(code.contains("ItemStatus") && code.contains("ListItemsResponseHeaders"))
        #expect(!code.contains("ItemModel") && !code.contains("ListItemsResponseHeaders2"))
        #expect(!code.contains("ResponseHeadersModel") && !code.contains("ResponseHeadersSchema"))
    }
}
