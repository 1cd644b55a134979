import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// The one generation pipeline: every command runs it, and stopping early is the only difference.
@Suite struct GenerationPipelineTests {
    @Test func aRunStoppedAfterTheFrontEndOrThePassesRendersNothing() throws {
        let bytes = Array(GenerationSupport.spec().utf8)
        let frontEnd = GenerationPipeline.run(GenerationInput(bytes: bytes, file: "s.yaml"), through: .frontEnd)
        let passes = GenerationPipeline.run(GenerationInput(bytes: bytes, file: "s.yaml"), through: .passes)
        let rendered = GenerationPipeline.run(GenerationInput(bytes: bytes, file: "s.yaml"))
        #expect(frontEnd.stage == .frontEnd && frontEnd.succeeded && frontEnd.files.isEmpty)
        #expect(passes.stage == .passes && passes.succeeded && passes.files.isEmpty)
        #expect(rendered.stage == .render && rendered.succeeded)
        #expect(rendered.files.map(\.name) == ["Types.swift", "Endpoints.swift", "Client.swift"])
        #expect(frontEnd.api == rendered.api)
    }

    @Test func bothFrontEndsCarryTheirOperationsSourceIdentityIntoTheIR() throws {
        let spec = GenerationPipeline.run(
            GenerationInput(bytes: Array(GenerationSupport.spec().utf8), file: "s.yaml"), through: .frontEnd)
        let ping = try #require(spec.api?.groups.first?.endpoints.first)
        #expect(ping.source == IR.EndpointSource(names: ["ping", "misc.ping"], tags: ["misc"], pathTemplate: "/ping"))
        let document = OpenAPISupport.document(
            paths: """
                  /pets/{petId}:
                    get:
                      operationId: showPet
                      tags: [pets, animals]
                      parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]
                      responses: { '204': { description: ok } }
                """)
        let openAPI = GenerationPipeline.run(
            GenerationInput(bytes: Array(document.utf8), file: "a.yaml"), through: .frontEnd)
        let show = try #require(openAPI.api?.groups.first?.endpoints.first)
        #expect(
            show.source
                == IR.EndpointSource(names: ["showPet"], tags: ["pets", "animals"], pathTemplate: "/pets/{petId}"))
    }

    @Test func aSpecTypeThatContainsItselfIsBoxedLikeAnOpenAPISchema() throws {
        let spec = GenerationSupport.spec(
            types: """
                  Category:
                    properties: { parent: Category?, children: "[Category]" }
                  Person:
                    properties: { employer: Company }
                  Company:
                    properties: { owner: Person? }
                """)
        let output = try GenerationSupport.generate(spec)
        #expect(output.diagnostics.isEmpty)
        let types = try #require(output.files["Types.swift"])
        #expect(types.contains("public let parent: IndirectCategory?"))
        #expect(types.contains("public let children: [Category]\n"))
        #expect(
            types.contains(
                "public indirect enum IndirectCategory: Codable, Hashable, Sendable {\n    case value(Category)"))
        #expect(
            types.contains("public let employer: IndirectCompany\n")
                && types.contains("public let owner: IndirectPerson?"))
    }

    @Test func aCycleThroughTwoThousandSpecTypesIsBoxedWithoutExhaustingTheStack() throws {
        let url = repositoryRoot.appendingPathComponent(
            "Tests/SpecwrightCoreTests/Fixtures/long-recursive-chain.yaml")
        let bytes = Array(try #require(FileManager.default.contents(atPath: url.path)))
        let result = GenerationPipeline.run(GenerationInput(bytes: bytes, file: "chain.yaml"), through: .passes)
        #expect(result.succeeded)
        #expect(result.api?.types.count == 4000)
    }

    /// Two operations; `withCookie` has an XML `content` query parameter (skipped with a warning).
    static let twoOperations = OpenAPISupport.document(
        paths: """
              /a:
                get:
                  operationId: withCookie
                  parameters: [{ name: doc, in: query, content: { application/xml: { schema: { type: string } } } }]
                  responses: { '204': { description: ok } }
              /b:
                get:
                  operationId: plain
                  responses: { '204': { description: ok } }
            """)

    @Test func theFilterPassWithdrawsWhatAnOperationItLeavesOutReported() throws {
        func filter(_ name: String) -> OperationFilter {
            OperationFilter(operations: [.init(name, at: SourceLocation(file: "c.yaml", line: 1, column: 1))])
        }
        let all = try OpenAPISupport.generate(Self.twoOperations)
        #expect(all.diagnostics.count == 1 && all.diagnostics[0].contains("[parameter-style]"))
        #expect(all.summary?.description == "2 operations, 0 schemas, 1 skipped (parameter-style: 1)")
        let plain = try OpenAPISupport.generate(Self.twoOperations, filter: filter("plain"))
        #expect(plain.succeeded && plain.diagnostics.isEmpty)
        #expect(plain.summary?.description == "1 operations, 0 schemas, 0 skipped, 1 operations left out by the filter")
        let cookie = try OpenAPISupport.generate(Self.twoOperations, filter: filter("withCookie"))
        #expect(cookie.diagnostics == all.diagnostics)
        #expect(
            cookie.summary?.description
                == "1 operations, 0 schemas, 1 skipped (parameter-style: 1), 1 operations left out by the filter")
    }
}
