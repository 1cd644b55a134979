import Foundation
@testable import SpecwrightCore
import SpecwrightYAML
import Testing

/// Schemas nested as deep as the parsers allow (`YAMLLimits.maxDepth` collections), in JSON and
/// in YAML, end in one located error when they nest deeper than the import goes (256 schemas), and
/// are generated otherwise — on the main thread's stack and on a 512 KiB secondary thread's (apps
/// and plugins may run the generator off the main thread), in a debug build. Every stage that
/// recurses over schemas (structure check, reader, importer) has its own bound, and the import
/// runs on a thread with a stack for that bound (``ImportThread``).
@Suite("OpenAPI schemas nested as deep as the parser allows")
struct DeepNestingTests {
    /// How a schema nests in the next one.
    enum Nesting: String, CaseIterable, CustomTestStringConvertible {
        case items, properties, allOf, additionalProperties, oneOf

        var testDescription: String { rawValue }

        /// Collections each level adds.
        var collectionsPerLevel: Int { self == .items || self == .additionalProperties ? 1 : 2 }

        func open(json: Bool) -> String {
            switch self {
            case .items: json ? #"{"type": "array", "items": "# : "{type: array, items: "
            case .additionalProperties: json ? #"{"additionalProperties": "# : "{additionalProperties: "
            case .properties: json ? #"{"properties": {"p": "# : "{properties: {p: "
            case .allOf: json ? #"{"allOf": ["# : "{allOf: ["
            case .oneOf: json ? #"{"oneOf": [{"type": "string"}, "# : "{oneOf: [{type: string}, "
            }
        }

        var close: String {
            switch self {
            case .items, .additionalProperties: "}"
            case .properties: "}}"
            case .allOf, .oneOf: "]}"
            }
        }
    }

    /// A document whose one component schema nests `levels` deep (the schema in flow style).
    static func document(_ nesting: Nesting, levels: Int, json: Bool) -> String {
        let leaf = json ? #"{"type": "string"}"# : "{type: string}"
        let schema =
            String(repeating: nesting.open(json: json), count: levels) + leaf
            + String(repeating: nesting.close, count: levels)
        return json
            ? #"{"openapi": "3.1.0", "info": {"title": "Deep", "version": "1"}, "paths": {}, "components": {"schemas": {"Deep": \#(schema)}}}"#
            : "openapi: 3.1.0\ninfo: {title: Deep, version: '1'}\npaths: {}\ncomponents: {schemas: {Deep: \(schema)}}\n"
    }

    /// The deepest nesting the parser accepts (the document's own levels aside).
    static func deepestLevels(_ nesting: Nesting) -> Int {
        (YAMLLimits().maxDepth - 4) / nesting.collectionsPerLevel
    }

    /// Runs the pipeline on `text` up to `stage` on a thread with a stack of `stackSize` bytes.
    static func frontEnd(
        _ text: String, file: String, stackSize: Int, through stage: GenerationPipeline.Stage = .frontEnd
    ) -> [String] {
        let box = DiagnosticsBox()
        let thread = Thread {
            var input = GenerationInput(bytes: Array(text.utf8), file: file)
            input.templates = try? TemplateSet.defaults()
            let result = GenerationPipeline.run(input, through: stage)
            box.diagnostics = result.diagnostics.map(\.description) + (result.files.isEmpty ? [] : ["generated"])
            box.done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        box.done.wait()
        return box.diagnostics
    }

    @Test(
        "the deepest document the parser accepts is refused with one located depth error, or generated, on a 512 KiB thread",
        arguments: Nesting.allCases, [false, true])
    func deepestDocumentOnASmallStack(_ nesting: Nesting, json: Bool) {
        let file = json ? "deep.json" : "deep.yaml"
        let levels = Self.deepestLevels(nesting)
        let text = Self.document(nesting, levels: levels, json: json)
        let diagnostics = Self.frontEnd(text, file: file, stackSize: 512 << 10, through: .render)
        let errors = diagnostics.filter { $0.contains(": error: ") }
        guard levels > OpenAPIReader.maxSchemaDepth else {
            // Two collections a level: the parser's limit comes first, and the document is valid.
            #expect(errors.isEmpty, "\(errors.prefix(3))")
            #expect(diagnostics.last == "generated")
            return
        }
        #expect(errors.count == 1, "\(diagnostics.prefix(3))")
        #expect(errors.first?.hasPrefix(file + (json ? ":1:" : ":4:")) == true, "\(errors)")
        #expect(errors.first?.contains("schemas nest deeper than 256 levels") == true, "\(errors)")
    }

    @Test(
        "a document nested just below the limit is generated on a 512 KiB thread",
        arguments: [Nesting.items, .properties, .allOf], [false, true])
    func justBelowTheLimitOnASmallStack(_ nesting: Nesting, json: Bool) {
        let text = Self.document(nesting, levels: OpenAPIReader.maxSchemaDepth - 8, json: json)
        let diagnostics = Self.frontEnd(text, file: "deep", stackSize: 512 << 10, through: .render)
        #expect(!diagnostics.contains { $0.contains(": error: ") }, "\(diagnostics.prefix(3))")
        #expect(diagnostics.last == "generated")
    }

    @Test(
        "the deepest document the parser accepts ends in a located depth error on the main stack",
        arguments: [false, true])
    func deepestDocumentOnTheMainStack(json: Bool) throws {
        let file = json ? "deep.json" : "deep.yaml"
        let text = Self.document(.items, levels: Self.deepestLevels(.items), json: json)
        let result = GenerationPipeline.run(GenerationInput(bytes: Array(text.utf8), file: file), through: .frontEnd)
        let errors = result.diagnostics.filter(\.isError).map(\.description)
        #expect(errors.count == 1 && errors[0].contains("schemas nest deeper than"), "\(errors)")
    }
}

/// What the thread found; written before `done` is signalled and read after it is waited for
/// (the semaphore orders the two), hence `@unchecked Sendable`.
private final class DiagnosticsBox: @unchecked Sendable {
    var diagnostics: [String] = []
    let done = DispatchSemaphore(value: 0)
}
