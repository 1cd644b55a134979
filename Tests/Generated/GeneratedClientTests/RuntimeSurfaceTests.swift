import Foundation
import SpecwrightTestSupport
import Testing

/// The helpers only generated code calls are `@_spi(Generated)`: an app that imports
/// SpecwrightRuntime plainly does not see them (nor any method added to every `Encoder`);
/// generated files, which import the SPI, do.
@Suite struct RuntimeSurfaceTests {
    static let helpers = [
        "FieldDecoder", "FieldKey", "FieldEquality", "UnionDecoding", "RequiredNullable"
    ]

    @Test func anAppThatImportsTheRuntimePlainlySeesNoneOfTheHelpers() throws {
        let app = """
            import Foundation
            import SpecwrightRuntime

            func useHelpers(_ encoder: any Encoder) throws {
            \(Self.helpers.map { "    _ = \($0).self" }.joined(separator: "\n"))
                try encoder.encodeFields(keys: [])
                _ = EncodedValue.self
                _ = JSONValue.null
            }
            """
        let outcome = try SwiftTypecheck.run(["App.swift": app])
        #expect(outcome.status != 0)
        for helper in Self.helpers + ["EncodedValue"] {
            #expect(outcome.output.contains("cannot find '\(helper)' in scope"), "\(helper): \(outcome.output)")
        }
        #expect(
            outcome.output.contains("value of type 'any Encoder' has no member 'encodeFields'"), "\(outcome.output)")
        // The public runtime API stays visible.
        #expect(!outcome.output.contains("cannot find 'JSONValue'"), "\(outcome.output)")
    }

    /// `encode(to:)`, `==` and `hash(into:)` of generated objects come from `_GeneratedObject`:
    /// public (a public type cannot conform to an SPI protocol) but underscored, so out of an
    /// app's autocomplete; its visitors are internal to the runtime.
    @Test func theFieldVisitorsStayInsideTheRuntime() throws {
        let app = """
            import SpecwrightRuntime

            func useVisitors() {
                _ = FieldComparison.self
                _ = FieldHashing.self
                _ = FieldEncoding.self
            }
            """
        let outcome = try SwiftTypecheck.run(["App.swift": app])
        #expect(outcome.status != 0)
        for visitor in ["FieldComparison", "FieldHashing", "FieldEncoding"] {
            #expect(outcome.output.contains("cannot find '\(visitor)' in scope"), "\(visitor): \(outcome.output)")
        }
    }

    @Test func anAppUsingTheGeneratedClientCompilesWithoutTheSPI() throws {
        var sources = try IncompleteFakeTests.generatedSources()
        sources["App.swift"] = """
            import Foundation
            import SpecwrightRuntime

            func useTheClient(_ books: [Book]) throws -> Int {
                let data = try JSONEncoder().encode(books)
                let decoded = try JSONDecoder().decode([Book].self, from: data)
                return Set(decoded).count + (decoded == books ? 1 : 0)
            }
            """
        let outcome = try SwiftTypecheck.run(sources)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(!outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test func generatedCodeImportsTheSPIAndSeesTheHelpersItUses() throws {
        let source = """
            import Foundation
            @_spi(Generated) import SpecwrightRuntime

            func useHelpers(_ decoder: any Decoder, _ encoder: any Encoder) throws -> Bool {
                var fields = try FieldDecoder(decoder)
                let name: String = try fields.required("name")
                try fields.finish()
                try JSONValue.string(name).encode(to: encoder)
                _ = RequiredNullable<String>(nil)
                _ = UnionDecoding.passes
                _ = FieldKey(stringValue: "name")
                return FieldEquality.same(name, name)
            }
            """
        let outcome = try SwiftTypecheck.run(["Generated.swift": source])
        #expect(outcome.status == 0, "\(outcome.output)")
    }
}
