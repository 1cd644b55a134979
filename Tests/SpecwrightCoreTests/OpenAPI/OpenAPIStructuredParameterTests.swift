import Foundation
import SpecwrightCore
import Testing

/// Query parameters that are objects, maps and unions (in every OpenAPI style), `content`
/// parameters (JSON text) in the query, a header and the path, objects in headers, and cookie
/// parameters are sent, not skipped (issue #12: Stripe's document had 352 such query parameters).
@Suite("OpenAPI structured, content and cookie parameters")
struct OpenAPIStructuredParameterTests {
    static let document = OpenAPISupport.document(
        paths: """
              /charges/{selector}:
                get:
                  operationId: listCharges
                  parameters:
                    - name: selector
                      in: path
                      required: true
                      content: { application/json: { schema: { $ref: '#/components/schemas/Range' } } }
                    - name: created
                      in: query
                      style: deepObject
                      explode: true
                      schema: { anyOf: [{ $ref: '#/components/schemas/Range' }, { type: integer }] }
                    - { name: metadata, in: query, style: deepObject, schema: { type: object, additionalProperties: { type: string } } }
                    - { name: exploded, in: query, schema: { $ref: '#/components/schemas/Range' } }
                    - { name: joined, in: query, explode: false, schema: { $ref: '#/components/schemas/Range' } }
                    - { name: where, in: query, content: { application/json: { schema: { $ref: '#/components/schemas/Range' } } } }
                    - { name: note, in: query, content: { text/plain: { schema: { type: string } } } }
                    - { name: doc, in: query, content: { application/xml: { schema: { type: string } } } }
                    - { name: bare, in: query }
                    - { name: X-Range, in: header, explode: true, schema: { $ref: '#/components/schemas/Range' } }
                    - { name: X-Filter, in: header, content: { application/json: { schema: { $ref: '#/components/schemas/Range' } } } }
                    - { name: session, in: cookie, required: true, schema: { type: string } }
                    - { name: panels, in: cookie, explode: false, schema: { type: array, items: { type: integer } } }
                    - { name: deep, in: cookie, style: deepObject, schema: { $ref: '#/components/schemas/Range' } }
                  responses:
                    '204': { description: ok }
            """,
        schemas: """
                Range:
                  type: object
                  properties:
                    gte: { type: integer }
                    lt: { type: integer }
            """)

    @Test("query objects, maps and unions are written in their style; content parameters as JSON text")
    func queryParameters() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let lines = [
            #"queryItems.append("created", encoding: created, style: .deepObject, dates: DateCoding.iso8601)"#,
            #"queryItems.append("metadata", encoding: metadata, style: .deepObject, dates: DateCoding.iso8601)"#,
            #"queryItems.append("exploded", encoding: exploded, dates: DateCoding.iso8601)"#,
            #"queryItems.append("joined", encoding: joined, joinedBy: ",", dates: DateCoding.iso8601)"#,
            #"queryItems.append("where", json: `where`, dates: DateCoding.iso8601)"#,
            #"queryItems.append("note", note)"#
        ]
        for line in lines { #expect(output.endpoints.joinedLayout.contains(line), "\(line)") }
        #expect(output.client.contains("metadata: [String: String]?"))
        #expect(!output.endpoints.contains(#""doc""#))
        #expect(!output.endpoints.contains(#""bare""#))
    }

    @Test("path and header values in the simple style or as JSON text; cookies in the endpoint's cookies")
    func pathHeaderAndCookieParameters() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(
            output.endpoints.joinedLayout.contains(
                "[\"charges\", ParameterText.json(selector, dates: DateCoding.iso8601)]"))
        #expect(
            output.endpoints.joinedLayout.contains(
                #"headerFields.append(HTTPHeader("X-Range", ParameterText.simple(xRange, explode: true, dates: DateCoding.iso8601)))"#
            ))
        #expect(
            output.endpoints.joinedLayout.contains(
                #"headerFields.append(HTTPHeader("X-Filter", ParameterText.json(xFilter, dates: DateCoding.iso8601)))"#)
        )
        #expect(output.endpoints.contains(#"cookieItems.append("session", session)"#))
        #expect(output.endpoints.contains(#"cookieItems.append("panels", panels, joinedBy: ",")"#))
        #expect(!output.endpoints.contains(#""deep""#))
    }

    @Test("what cannot be sent is a located warning of its kind")
    func warnings() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.summary?.skipped[.parameterStyle] == 2, "\(output.diagnostics)")
        #expect(output.summary?.skipped[.cookieParameter] == 1)
        let expected = [
            "query parameter 'doc' is not sent: its content media type 'application/xml' is neither JSON nor text",
            "query parameter 'bare' has neither 'schema' nor 'content'; it is not sent",
            "cookie parameter 'deep' is not sent: style 'deepObject' does not apply to a cookie"
        ]
        for message in expected {
            #expect(output.diagnostics.contains { $0.hasPrefix("api.yaml:") && $0.contains(message) }, "\(message)")
        }
    }

    @Test("allowReserved is honoured for query scalars and arrays, and warned about for an object")
    func allowReserved() throws {
        let paths = """
                  /files:
                    get:
                      operationId: listFiles
                      parameters:
                        - { name: path, in: query, allowReserved: true, schema: { type: string } }
                        - { name: ids, in: query, explode: false, allowReserved: true, schema: { type: array, items: { type: integer } } }
                        - { name: range, in: query, allowReserved: true, schema: { $ref: '#/components/schemas/Range' } }
                      responses: { '204': { description: ok } }
            """
        let schemas = """
                    Range: { type: object, properties: { gte: { type: integer } } }
            """
        let output = try OpenAPISupport.generate(OpenAPISupport.document(paths: paths, schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(
            output.endpoints.contains(#"queryItems.append("path", path, allowingReserved: true)"#),
            "\(output.endpoints)")
        #expect(output.endpoints.contains(#"queryItems.append("ids", ids, joinedBy: ",", allowingReserved: true)"#))
        #expect(output.endpoints.contains(#"queryItems.append("range", encoding: range, dates: "#))
        #expect(
            output.diagnostics.contains {
                $0.hasPrefix("api.yaml:")
                    && $0.contains("query parameter 'range' is sent with its reserved characters percent-encoded")
            }, "\(output.diagnostics)")
    }
}
