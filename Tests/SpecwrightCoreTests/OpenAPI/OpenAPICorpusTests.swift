import Foundation
import SpecwrightCore
import Testing

/// The real documents in `../shared/data/openapi` (skipped when the folder is absent).
@Suite("OpenAPI corpus")
struct OpenAPICorpusTests {
    static let folder = OpenAPISupport.dataRoot.appendingPathComponent("openapi")

    static var documents: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)))
    }

    @Test("every document imports and generates without errors", arguments: documents)
    func documentGenerates(name: String) throws {
        let output = try OpenAPISupport.generate(bytes: try Self.bytes(name), file: name)
        #expect(output.succeeded, "\(output.diagnostics.filter { $0.contains("error:") }.prefix(5))")
        // The webhook example has no paths at all: its one webhook is reported as skipped.
        #expect((output.summary?.operationsGenerated ?? 0) + (output.summary?.skipped[.webhook] ?? 0) > 0)
        #expect(
            output.diagnostics.allSatisfy { $0.hasPrefix(name + ":") }, "every diagnostic is located in the document")
    }

    @Test("Twilio's YAML and its JSON twin (with surrogate-pair escapes) give byte-identical clients")
    func twilioTwinsAreIdentical() throws {
        guard Self.documents.contains("twilio-api-v2010.json") else { return }
        // The same display name for both, so the header comment (which names the file) matches too;
        // only the input hash in the header differs (the bytes differ).
        let yaml = try OpenAPISupport.generate(bytes: try Self.bytes("twilio-api-v2010.yaml"), file: "twilio-api-v2010")
        let json = try OpenAPISupport.generate(bytes: try Self.bytes("twilio-api-v2010.json"), file: "twilio-api-v2010")
        #expect(yaml.succeeded && json.succeeded)
        #expect(yaml.files.count == 3)
        let withoutInputHash = { (files: [String: String]) in
            files.mapValues { $0.replacing(#/\(sha256 [0-9a-f]{12}, /#, with: "(sha256 …, ", maxReplacements: 1) }
        }
        #expect(withoutInputHash(yaml.files) == withoutInputHash(json.files))
        #expect(yaml.files != json.files, "the input hashes differ")
        #expect(yaml.summary == json.summary)
    }

    @Test("generation is byte-identical across runs")
    func deterministic() throws {
        guard Self.documents.contains("figma.yaml") else { return }
        let first = try OpenAPISupport.generate(bytes: try Self.bytes("figma.yaml"), file: "figma.yaml")
        let second = try OpenAPISupport.generate(bytes: try Self.bytes("figma.yaml"), file: "figma.yaml")
        #expect(first.files == second.files)
    }
}

/// The edge-case documents in `../shared/data/openapi-edge` (whatever is present): none may crash
/// or hang the importer; the ones that are valid OpenAPI generate, and every one that is refused
/// says why with an error located in the document.
@Suite("OpenAPI edge corpus", .timeLimit(.minutes(10)))
struct OpenAPIEdgeCorpusTests {
    static let folder = OpenAPISupport.dataRoot.appendingPathComponent("openapi-edge")

    /// Documents that are valid OpenAPI but refused (#12 point 6), with the start of the error.
    /// swift-openapi-generator's petstore has `RecursivePetAnyOf: {anyOf: [{$ref: RecursivePetAnyOf}, string]}`,
    /// a union whose decoding would try itself before reading anything.
    static let refused = [
        "swift-openapi-generator/petstore.yaml":
            "swift-openapi-generator/petstore.yaml:569:11: error: union 'RecursivePetAnyOf' contains itself as an alternative"
    ]

    static var documents: [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".yaml") || path.hasSuffix(".yml") || path.hasSuffix(".json") { found.append(path) }
        }
        return found.sorted()
    }

    @Test("every edge document is handled without a crash; valid ones generate", arguments: documents)
    func edgeDocument(path: String) throws {
        let bytes = Array(
            try #require(FileManager.default.contents(atPath: Self.folder.appendingPathComponent(path).path)))
        let result = GenerationPipeline.run(
            GenerationInput(bytes: bytes, file: path, templates: try TemplateSet.defaults()))
        guard result.summary?.importSummary != nil || result.summary == nil else {
            Issue.record("\(path) was not recognised as OpenAPI")
            return
        }
        if !result.succeeded {
            let errors = result.diagnostics.filter { $0.severity == .error }
            #expect(!errors.isEmpty, "\(path) was refused without an error")
            #expect(
                errors.allSatisfy { $0.location.file == path && $0.location.line > 0 && $0.location.column > 0 },
                "every error is located in the document: \(errors.map(\.description))")
        }
        if let refusal = Self.refused[path] {
            #expect(!result.succeeded)
            #expect(result.diagnostics.contains { $0.description.hasPrefix(refusal) })
            return
        }
        let expectedToFail = path.split(separator: "/").first?.hasSuffix("-fail") == true || path.contains("malformed")
        if !expectedToFail {
            #expect(result.succeeded, "\(result.diagnostics.prefix(3))")
        }
    }
}
