import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// The `filter` on the real documents: whatever it keeps, every type the kept API names is kept.
@Suite("OpenAPI filter on the corpus")
struct OpenAPIFilterCorpusTests {
    @Test(
        "filtering by one path leaves no reference to a type that was left out", arguments: OpenAPICorpusTests.documents
    )
    func noDanglingReferences(name: String) throws {
        let bytes = try OpenAPICorpusTests.bytes(name)
        guard case .success(let root) = SourceDocument.parse(bytes, file: name) else { return }
        let paths = (root["paths"]?.mapping ?? []).compactMap { $0.key.scalar?.text }
        let all = try #require(GenerationPipeline.run(GenerationInput(bytes: bytes, file: name), through: .passes).api)
        // Up to five paths spread over the document.
        let step = max(1, paths.count / 5)
        for path in stride(from: 0, to: paths.count, by: step).map({ paths[$0] }) {
            let filter = OperationFilter(paths: [
                OperationFilter.Entry(path, at: SourceLocation(file: "c.yaml", line: 1, column: 1))
            ])
            let imported = GenerationPipeline.run(
                GenerationInput(bytes: bytes, file: name, filter: filter), through: .passes)
            let api = try #require(imported.api, "\(name) \(path): \(imported.diagnostics.prefix(3))")
            let kept = Set(api.types.map(\.name.name))
            let missing = Self.references(in: api).subtracting(kept).subtracting(["JSONValue"])
            #expect(missing.isEmpty, "\(name) \(path): \(missing.sorted().prefix(5))")
            #expect(api.types.count <= all.types.count)
        }
    }

    /// Every type name the API's endpoints and declarations refer to (nested types excluded).
    static func references(in api: IR.API) -> Set<String> {
        var names: Set<String> = []
        func add(_ reference: IR.TypeReference) {
            switch reference {
            case .builtin: break
            case .named(let name): names.insert(name.name)
            case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): add(wrapped)
            }
        }
        var nested: Set<String> = []
        func add(_ declaration: IR.TypeDeclaration) {
            switch declaration {
            case .structure(let structure):
                structure.properties.forEach { add($0.type) }
                structure.composedOf.forEach(add)
                if let extra = structure.additionalProperties { add(extra.valueType) }
                structure.nestedTypes.forEach {
                    nested.insert($0.name.name); add($0)
                }
            case .union(let union): union.cases.forEach { add($0.type) }
            case .alias(let alias): add(alias.type)
            case .stringEnum, .integerEnum: break
            }
        }
        for endpoint in api.groups.flatMap(\.endpoints) {
            endpoint.parameters.forEach { add($0.type) }
            if case .json(let type) = endpoint.response { add(type) }
            endpoint.errors.forEach { add($0.type) }
        }
        api.types.forEach(add)
        return names.subtracting(nested)
    }
}
