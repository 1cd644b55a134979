import SpecwrightYAML
import Testing

@testable import SpecwrightCore

/// The Schema Object's keywords are part of the one key table (``OpenAPIKey/Schema``, #13): the
/// reader, the structure check and shared shapes all read them from there.
@Suite("OpenAPI schema keywords in the key table")
struct OpenAPISchemaKeyTableTests {
    @Test func keywordsAreSpelledAsJSONSchemaAndTheExtensionsWriteThem() {
        let spellings = [
            "$ref", "$defs", "$comment", "x-enum-varnames", "x-enumNames", "x-specwright-name", "if", "else"
        ]
        for spelling in spellings {
            #expect(OpenAPIKey.Schema(rawValue: spelling)?.rawValue == spelling)
        }
        #expect(OpenAPIKey.Schema(rawValue: "minLength") == nil)
    }

    /// The structure check checks nested schemas, `$ref` and the discriminator, in this order.
    @Test func structureCheckChecksTheNestedSchemasInTableOrder() {
        #expect(
            OpenAPIKey.Schema.checked.map(\.rawValue) == [
                "$ref", "items", "not", "additionalProperties", "contains", "propertyNames", "if", "then", "else",
                "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "allOf", "oneOf",
                "anyOf", "prefixItems", "discriminator"
            ])
        #expect(OpenAPIKey.Schema.checked.allSatisfy { $0.field.client })
    }

    @Test func sharedShapesIgnoreTheKeywordsOfOneUse() {
        let oneUse = Set(OpenAPIKey.Schema.allCases.filter(\.describesOneUse).map(\.rawValue))
        #expect(
            oneUse == [
                "description", "example", "examples", "default", "deprecated", "readOnly", "writeOnly", "$comment",
                "externalDocs"
            ])
    }

    @Test func firstOfARepeatedKeywordWinsAndUnknownKeysAreSkipped() {
        func at(_ column: Int) -> SpecwrightYAML.SourceLocation {
            SpecwrightYAML.SourceLocation(file: "api.yaml", line: 1, column: column)
        }
        func text(_ value: String, _ column: Int) -> Node {
            Node(kind: .scalar(Scalar(text: value, style: .plain, value: .string(value))), location: at(column))
        }
        let schema = Node(
            kind: .mapping([
                MappingEntry(key: text("pattern", 1), value: text("^a", 2)),
                MappingEntry(key: text("type", 3), value: text("string", 4)),
                MappingEntry(key: text("$ref", 5), value: text("#/a", 6)),
                MappingEntry(key: text("type", 7), value: text("integer", 8))
            ]), location: at(0))
        let keywords = SchemaKeywordNodes(schema)
        #expect(keywords[.type]?.openAPIText == "string")
        #expect(keywords.keyLocation(.reference) == at(5))
        #expect(keywords[.reference]?.location == at(6))
        #expect(keywords[.format] == nil)
        #expect(keywords.describesType)
        #expect(!SchemaKeywordNodes(text("string", 1)).describesType)
    }

    /// Every checked keyword of the wrong shape is found, as before the table drove the check.
    @Test func wrongShapesOfEveryCheckedKeywordAreErrors() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                Bad:
                  $ref: [x]
                  items: 1
                  not: [a]
                  additionalProperties: false
                  if: x
                  properties: [a]
                  $defs: 3
                  allOf: {}
                  prefixItems: [1]
                  discriminator: x
                  type: [string, 'null']
                  format: { a: 1 }
            """
        let root = try SourceDocument.parse(Array(text.utf8), file: "api.yaml").get()
        let findings = OpenAPIStructureCheck.check(root).findings
        #expect(
            findings.map { finding in
                let severity = finding.error ? "error" : "warning"
                return "\(finding.location.line):\(finding.location.column): \(severity): \(finding.message)"
            } == [
                "7:13: error: '$ref' must be a string, found an array",
                "8:14: error: 'items' must be a Schema object (a mapping), found a number",
                "9:12: error: 'not' must be a Schema object (a mapping), found an array",
                "11:11: error: 'if' must be a Schema object (a mapping), found a string",
                "12:19: error: 'properties' must be a mapping of names to Schema objects, found an array",
                "13:14: error: '$defs' must be a mapping of names to Schema objects, found a number",
                "14:14: error: 'allOf' must be an array of Schema objects, found a mapping",
                "15:21: error: an element of 'prefixItems' must be a Schema object (a mapping), found a number",
                "16:22: error: 'discriminator' must be a Discriminator object, found a string"
            ])
    }
}
