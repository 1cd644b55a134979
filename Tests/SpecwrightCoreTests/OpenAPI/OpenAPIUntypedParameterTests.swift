import Foundation
import SpecwrightCore
import Testing

/// Parameters whose schema says nothing of its type (`{}`, or only `title`/`description`: what
/// FastAPI writes for a parameter annotated `Any`, as Airflow's REST API does for `dag_id`) are
/// sent as text, without a warning, in a path, a query and a header alike.
@Suite("OpenAPI untyped parameters")
struct OpenAPIUntypedParameterTests {
    static let document = OpenAPISupport.document(
        paths: """
              /dags/{dag_id}/runs:
                get:
                  operationId: listRuns
                  parameters:
                    - { name: dag_id, in: path, required: true, schema: { title: Dag Id } }
                    - { name: q, in: query, schema: { title: Q } }
                    - { name: limit, in: query, schema: { default: 10 } }
                    - { name: X-Trace, in: header, required: true, schema: {} }
                  responses:
                    '204': { description: done }
            """)

    @Test("an untyped path, query or header parameter is a String, sent, with no warning")
    func untypedParametersAreText() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        #expect(output.client.contains("func listRuns(dagId: String, q: String?, limit: String, xTrace: String)"))
        #expect(output.client.contains("q: String? = nil,"))
        #expect(output.client.contains(#"limit: String = "10","#))
        #expect(output.endpoints.contains(#"queryItems.append("q", q)"#))
        #expect(output.endpoints.contains(#"queryItems.append("limit", limit)"#))
        #expect(output.endpoints.contains(#"HTTPHeader("X-Trace", xTrace)"#))
        #expect(output.summary?.skipped.isEmpty == true)
    }
}
