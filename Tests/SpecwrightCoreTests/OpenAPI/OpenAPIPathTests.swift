import Foundation
import SpecwrightCore
import Testing

/// How an operation's path becomes the endpoint's `pathSegments` and `hasTrailingSlash`.
@Suite("OpenAPI paths")
struct OpenAPIPathTests {
    static let slashed = OpenAPISupport.document(
        paths: """
              /api/catalog/:
                get:
                  tags: [catalog]
                  operationId: listEntries
                  parameters:
                    - { name: limit, in: query, schema: { type: integer } }
                  responses: { '204': { description: done } }
              /api/catalog/{entry_id}/:
                delete:
                  tags: [catalog]
                  operationId: deleteEntry
                  parameters:
                    - { name: entry_id, in: path, required: true, schema: { type: integer } }
                  responses: { '204': { description: done } }
              /api/catalog/{entry_id}:
                get:
                  tags: [catalog]
                  operationId: readEntry
                  parameters:
                    - { name: entry_id, in: path, required: true, schema: { type: integer } }
                  responses: { '204': { description: done } }
              /:
                get:
                  tags: [root]
                  operationId: root
                  responses: { '204': { description: done } }
              /health/:
                get:
                  tags: [health]
                  operationId: health
                  responses: { '204': { description: done } }
            """)

    @Test("a path that ends with '/' keeps it: the cases whose path does say so, other cases and groups say nothing")
    func trailingSlash() throws {
        let output = try OpenAPISupport.generate(Self.slashed)
        #expect(output.succeeded, "\(output.diagnostics)")
        let endpoints = output.endpoints
        #expect(endpoints.contains("case .listEntries: [\"api\", \"catalog\"]"))
        #expect(endpoints.contains("case .deleteEntry(let entryId): [\"api\", \"catalog\", String(entryId)]"))
        #expect(
            endpoints.contains(
                """
                    public var hasTrailingSlash: Bool {
                        switch self {
                        case .listEntries, .deleteEntry: true
                        default: false
                        }
                    }
                """))
        // Every path of the group ends with '/': no switch (and no unreachable `default`).
        #expect(endpoints.contains("    public var hasTrailingSlash: Bool {\n        true\n    }"))
        // The root path `/` has no segment to follow: the group keeps the protocol's default.
        #expect(endpoints.components(separatedBy: "var hasTrailingSlash").count == 3)
    }

    @Test(
        "whether a path ends with '/' after a segment",
        arguments: [
            ("/api/catalog/", true), ("/{id}/", true), ("/api/catalog", false), ("/", false), ("//", false), ("", false)
        ])
    func pathTemplateTrailingSlash(path: String, expected: Bool) {
        #expect(PathTemplate.hasTrailingSlash(path) == expected)
    }
}
