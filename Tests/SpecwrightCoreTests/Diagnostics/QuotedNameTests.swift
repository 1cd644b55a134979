import Foundation
import SpecwrightTestSupport
import SpecwrightYAML
import Testing

@testable import SpecwrightCore

/// Diagnostics quote the names the output has: a message written before the naming pass holds
/// the types it quotes by identity (``DiagnosticText``), and the pipeline quotes their final
/// names. Over the corpora, every Swift name a warning quotes exists in the generated output.
@Suite("Diagnostics quote final names", .timeLimit(.minutes(20)))
struct QuotedNameTests {
    /// Two operations; `Item` is used only by the first, `item` (`ItemModel` after `Item`) only by
    /// the second, and `item` has warnings that quote it: a renamed property, an integer enum
    /// value that is no integer (in `ItemModelLevel`), a default that is none of its enum's values;
    /// and a renamed enum case (`init` in `ItemModelKind`).
    static let document = """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        servers: [{ url: 'https://shop.example' }]
        paths:
          /a/items:
            get:
              operationId: listA
              responses:
                '200':
                  description: ok
                  content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } }
          /b/items:
            get:
              operationId: listB
              responses:
                '200':
                  description: ok
                  content: { application/json: { schema: { $ref: '#/components/schemas/item' } } }
        components:
          schemas:
            Item:
              type: object
              properties: { id: { type: string } }
            item:
              type: object
              properties:
                self: { type: string }
                kind: { type: string, enum: [init, open] }
                level: { type: integer, enum: [1, 2, 2.5] }
                status: { type: string, enum: [open, closed], default: pending }

        """

    static func run(paths: [String], document: String = document, file: String = "shop.yaml") throws
        -> GenerationResult
    {
        let location = SourceLocation(file: "config.yaml", line: 1, column: 1)
        return GenerationPipeline.run(
            GenerationInput(
                bytes: Array(document.utf8), file: file,
                filter: OperationFilter(paths: paths.map { OperationFilter.Entry($0, at: location) }),
                templates: try TemplateSet.defaults()))
    }

    @Test func withAFilterWarningsQuoteTheTypesFinalNames() throws {
        let unfiltered = try Self.run(paths: [])
        let before = unfiltered.diagnostics.map(\.message)
        #expect(before.contains { $0.hasPrefix("property 'self' of 'ItemModel' is generated as 'selfValue'") })
        #expect(before.contains { $0.hasPrefix("enum value 2.5 of 'ItemModelLevel' is not an integer") })
        #expect(before.contains { $0.contains("is not one of the values of 'ItemModelStatus'") })
        #expect(before.contains { $0.hasPrefix("enum value 'init' is generated as 'initValue'") })

        // Only `/b/items`: `item` is the only item type left, and is named `Item`.
        let filtered = try Self.run(paths: ["/b/items"])
        #expect(filtered.succeeded)
        let after = filtered.diagnostics.map(\.message)
        #expect(after.contains { $0.hasPrefix("property 'self' of 'Item' is generated as 'selfValue'") })
        #expect(after.contains { $0.hasPrefix("enum value 2.5 of 'ItemLevel' is not an integer") })
        #expect(after.contains { $0.contains("is not one of the values of 'ItemStatus'") })
        #expect(after.contains { $0.hasPrefix("enum value 'init' is generated as 'initValue'") })
        #expect(!after.contains { $0.contains("ItemModel") }, "\(after)")
        try Self.expectQuotedNamesExist(in: filtered, document: "shop.yaml (filtered)")
    }

    @Test func withAFilterWarningsAboutTypesLeftOutAreWithdrawn() throws {
        // Only `/a/items`: `item` is not generated, and nothing is said about it.
        let filtered = try Self.run(paths: ["/a/items"])
        #expect(filtered.succeeded)
        let messages = filtered.diagnostics.map(\.message)
        #expect(
            !messages.contains { $0.contains("ItemModel") || $0.contains("'self'") || $0.contains("'init'") },
            "\(messages)")
        let skipped = filtered.summary?.importSummary?.skipped ?? [:]
        #expect(skipped[.naming] == nil && skipped[.structure] == nil, "\(skipped)")
        try Self.expectQuotedNamesExist(in: filtered, document: "shop.yaml (filtered)")
    }

    /// Every Swift name `result`'s warnings quote exists in its output: each type a warning quotes
    /// by identity is declared, under the name the message gives, and each name a rename warning
    /// says something is generated as is written in the generated files.
    static func expectQuotedNamesExist(in result: GenerationResult, document: String) throws {
        guard let api = result.api, !result.files.isEmpty else { return }
        var declared: [IR.TypeID: String] = [:]
        func add(_ declarations: [IR.TypeDeclaration]) {
            for declaration in declarations {
                declared[declaration.id] = declaration.name.name
                if case .structure(let structure) = declaration { add(structure.nestedTypes) }
            }
        }
        add(api.types)
        let words = Self.words(in: result.files.map(\.contents))
        for diagnostic in result.diagnostics where diagnostic.severity == .warning {
            for type in diagnostic.quotedTypes where type.id != .runtime(type.name) {
                let name = try #require(
                    declared[type.id], "\(document): \(diagnostic) quotes '\(type.name)', which is not generated")
                let quoted = diagnostic.message.contains("'\(name)'")
                #expect(quoted, "\(document): \(diagnostic) does not quote '\(name)'")
                let written = words.contains(name)
                #expect(written, "\(document): '\(name)' is not in the output")
            }
            if let given = Self.givenName(diagnostic.message) {
                let written = words.contains(given)
                #expect(written, "\(document): \(diagnostic): '\(given)' is not in the output")
            }
        }
    }

    /// The name a rename warning says something is generated as.
    static func givenName(_ message: String) -> String? {
        guard let range = message.range(of: " is generated as '") else { return nil }
        let rest = message[range.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    /// The identifiers written in `files` (backticks dropped).
    static func words(in files: [String]) -> Set<String> {
        var words: Set<String> = []
        for file in files {
            var current = ""
            for scalar in file.unicodeScalars {
                if scalar == "_" || (scalar.isASCII && CharacterSet.alphanumerics.contains(scalar)) {
                    current.unicodeScalars.append(scalar)
                } else if !current.isEmpty {
                    words.insert(current)
                    current = ""
                }
            }
            if !current.isEmpty { words.insert(current) }
        }
        return words
    }

    /// The documents of `../shared/data/openapi`, `../shared/data/openapi-edge` (whatever is
    /// present), the example specs (`specs/`) and the fixtures of the golden output
    /// (`Tests/Fixtures`, `Tests/Fixtures/openapi`), as paths.
    static var corpus: [String] {
        var paths: [String] = []
        for folder in ["openapi", "openapi-edge"] {
            let root = OpenAPISupport.dataRoot.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let path = enumerator?.nextObject() as? String {
                guard [".yaml", ".yml", ".json"].contains(where: path.hasSuffix) else { continue }
                paths.append(root.appendingPathComponent(path).path)
            }
        }
        for folder in ["specs", "Tests/Fixtures", "Tests/Fixtures/openapi"] {
            let directory = repositoryRoot.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where name.hasSuffix(".yaml") {
                paths.append(directory.appendingPathComponent(name).path)
            }
        }
        return paths.sorted()
    }

    /// Each document as a whole, and with a filter that keeps only its first operation's path
    /// (so types are left out and others renamed).
    @Test("every Swift name a warning quotes exists in the output", arguments: corpus)
    func corpusWarningsQuoteGeneratedNames(path: String) async throws {
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        let file = URL(fileURLWithPath: path).lastPathComponent
        // Both generations off the concurrency pool (offThePool), the checks here.
        let runs = try await offThePool { () throws -> (GenerationResult, GenerationResult?, String?) in
            let templates = try TemplateSet.defaults()
            let result = GenerationPipeline.run(GenerationInput(bytes: bytes, file: file, templates: templates))
            guard let first = result.api?.groups.first?.endpoints.first?.source.pathTemplate else {
                return (result, nil, nil)
            }
            let location = SourceLocation(file: "config.yaml", line: 1, column: 1)
            let filter = OperationFilter(paths: [OperationFilter.Entry(first, at: location)])
            let filtered = GenerationPipeline.run(
                GenerationInput(bytes: bytes, file: file, filter: filter, templates: templates))
            return (result, filtered, first)
        }
        try Self.expectQuotedNamesExist(in: runs.0, document: path)
        guard let filtered = runs.1, let first = runs.2 else { return }
        try Self.expectQuotedNamesExist(in: filtered, document: path + " (filter: \(first))")
    }
}
