import Foundation
@testable import SpecwrightCore
import SpecwrightYAML
import Testing

/// Rows 4–8 of issue 17: inputs sized so that exponential or quadratic processing would take
/// minutes (the table's timings, scaled); linear processing takes a moment. The time itself is
/// measured by `specwright-bench scaling`, not asserted here.
@Suite("OpenAPI documents of hostile size")
struct HostileSizeTests {
    @Test(
        "row 4: allOf fan-out, 16 levels of three references to the next level in several spellings (3^16 merges if not remembered)"
    )
    func allOfFanOut() throws {
        let levels = 16
        let spellings = ["#/components/schemas/L%d", "#/components/schem%%61s/L%d", "#%%2Fcomponents%%2Fschemas%%2FL%d"]
        var schemas = ""
        for level in 0..<levels {
            let members = spellings.map { "{ $ref: '\(String(format: $0, level + 1))' }" }.joined(separator: ", ")
            schemas += "    L\(level): { allOf: [ \(members) ], properties: { p\(level): { type: string } } }\n"
        }
        schemas += "    L\(levels): { type: object, properties: { leaf: { type: integer } } }\n"
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics.prefix(3))")
        let root = try #require(output.types.range(of: "public struct L0"))
        let body = output.types[root.lowerBound...].prefix(20_000)
        #expect(body.contains("public let p15: String?") && body.contains("public let leaf: Int?"))
    }

    @Test("row 4, other pointers: fan-out through references into other schemas' members is merged once each")
    func allOfFanOutThroughMembers() throws {
        let levels = 18
        var schemas = ""
        for level in 0..<levels {
            let next = "#/components/schemas/L\(level + 1)/allOf/0"
            schemas +=
                "    L\(level): { allOf: [ { properties: { p\(level): { type: string } }, allOf: [ { $ref: '\(next)' }, { $ref: '\(next)' }, { $ref: '\(next)' } ] } ] , properties: { q: { type: string } } }\n"
        }
        schemas +=
            "    L\(levels): { allOf: [ { properties: { leaf: { type: integer } } } ], properties: { q: { type: string } } }\n"
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics.prefix(3))")
        #expect(output.types.contains("public let leaf: Int?"))
    }

    @Test("row 5: 32 reference hops, each through ~500 nested items, end in a located error, not a stack overflow")
    func deepReferenceChains() throws {
        let hops = 32
        let nesting = 500
        var schemas: [String] = []
        for hop in 0..<hops {
            let target =
                hop + 1 < hops ? "#/components/schemas/S\(hop + 1)" + String(repeating: "/items", count: 1) : nil
            let inner = target.map { #"{"$ref": "\#($0)"}"# } ?? #"{"type": "string"}"#
            schemas.append(
                #""S\#(hop)": "# + String(repeating: #"{"type": "array", "items": "#, count: nesting) + inner
                    + String(repeating: "}", count: nesting))
        }
        let text = Robustness.jsonDocument(schemas: "{" + schemas.joined(separator: ", ") + "}")
        let output = try OpenAPISupport.generate(text, file: "deep.json")
        #expect(!output.succeeded)
        #expect(
            Robustness.errors(output).contains {
                $0.hasPrefix("deep.json:1:") && $0.contains("error: schemas nest deeper than 256 levels")
            })
    }

    @Test("row 7: 50,000 enum values that all become the same Swift name get distinct names (words, then digits)")
    func collidingEnumValues() throws {
        let count = 50_000
        var values: [String] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            // "a" followed by one CJK character: the character is dropped, every value is `a`.
            values.append(
                "\"a\(Character(Unicode.Scalar(0x4E00 + index % 20_000)!))\(String(repeating: "!", count: index / 20_000))\""
            )
        }
        let text = Robustness.jsonDocument(
            schemas: #"{"Kind": {"type": "string", "enum": [\#(values.joined(separator: ", "))]}}"#)
        let output = try OpenAPISupport.generate(text, file: "enum.json")
        #expect(output.succeeded, "\(output.diagnostics.prefix(3))")
        #expect(output.types.contains("case a\n") || output.types.contains("case a "))
        // Words first (`aValue`, `aField`, `aValueField`, `aFieldValue`), then digits for the rest.
        #expect(output.types.contains("case aFieldValue\n"))
        #expect(output.types.contains("a49996"))
        #expect(!output.types.contains("a49997"))
    }

    @Test("row 7: 200,000 claims of one name in a scope get the words, then the suffixes 2 … in order")
    func collidingClaims() {
        var scope = NameScope(reserved: ["value5"])
        var claimed: [String] = []
        for _ in 0..<200_000 {
            claimed.append(scope.claim("value").name)
        }
        #expect(
            Array(claimed.prefix(8)) == [
                "value", "valueValue", "valueField", "valueValueField", "valueFieldValue", "value2", "value3", "value4"
            ])
        #expect(claimed[8] == "value6")
        #expect(claimed.last == "value199997")
        #expect(scope.claim("value2").name == "value2Value")
    }

    @Test("row 7: 20,000 operations sharing one operationId are refused, each duplicate located, the report bounded")
    func collidingOperationIds() throws {
        let count = 20_000
        var paths: [String] = []
        for index in 0..<count {
            paths.append(
                #""/p\#(index)": {"get": {"tags": ["things"], "operationId": "same", "responses": {"204": {"description": "ok"}}}}"#
            )
        }
        let text =
            #"{"openapi": "3.0.3", "info": {"title": "Big", "version": "1"}, "paths": {\#(paths.joined(separator: ", "))}}"#
        let output = try OpenAPISupport.generate(text, file: "ops.json")
        #expect(!output.succeeded)
        #expect(
            output.diagnostics.first
                == "ops.json:1:231: error: duplicate operationId 'same' (first declared at 1:125); operationIds must be unique"
        )
        #expect(output.diagnostics.count <= 1001)
    }

    @Test("row 8: an object with 150,000 properties is imported (the merge and the member names stay linear)")
    func wideObject() throws {
        let count = 150_000
        var properties: [String] = []
        properties.reserveCapacity(count)
        for index in 0..<count {
            properties.append(#""p\#(index)": {"type": "integer"}"#)
        }
        // Half of the names repeat in an allOf member, so merging replaces as well as appends.
        let half = properties.prefix(count / 2).joined(separator: ", ")
        let text = Robustness.jsonDocument(
            schemas:
                #"{"Wide": {"allOf": [{"properties": {\#(half)}}], "properties": {\#(properties.joined(separator: ", "))}}}"#
        )
        let api = try #require(try Robustness.importDocument(text, file: "wide.json").api)
        guard case .structure(let wide)? = api.types.first else {
            Issue.record("no struct")
            return
        }
        #expect(wide.properties.count == count)
        #expect(wide.properties.last?.name.name == "p\(count - 1)")
    }

    @Test("row 8: an operation with 50,000 parameters (path-item and operation lists merged by name)")
    func manyParameters() throws {
        let count = 50_000
        let shared = (0..<count).map { #"{"name": "q\#($0)", "in": "query", "schema": {"type": "string"}}"# }.joined(
            separator: ", ")
        let own = (0..<count).map { #"{"name": "q\#($0)", "in": "query", "schema": {"type": "integer"}}"# }.joined(
            separator: ", ")
        let text =
            #"{"openapi": "3.0.3", "info": {"title": "Big", "version": "1"}, "paths": {"/p": {"parameters": [\#(shared)], "get": {"operationId": "get", "parameters": [\#(own)], "responses": {"204": {"description": "ok"}}}}}}"#
        let api = try #require(try Robustness.importDocument(text, file: "params.json").api)
        let endpoint = try #require(api.groups.first?.endpoints.first)
        #expect(endpoint.parameters.count == count)
        #expect(endpoint.parameters.allSatisfy { $0.type == .optional(.builtin(.int)) })
    }
}
