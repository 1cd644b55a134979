import Foundation
import SpecwrightCore
import Testing

/// A form field holding an array whose `encoding` says `style: deepObject` (how Stripe's form
/// bodies declare `expand` and every other list: `expand[]=a&expand[]=b`) is sent under
/// its name, not dropped.
@Suite("OpenAPI deepObject form arrays")
struct OpenAPIFormDeepObjectArrayTests {
    static let document = OpenAPISupport.document(
        paths: """
              /charges:
                post:
                  operationId: createCharge
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            expand: { type: array, items: { type: string, maxLength: 5000 } }
                            amounts: { type: array, items: { type: integer } }
                            tags: { type: array, items: { type: string } }
                        encoding:
                          expand: { style: deepObject, explode: true }
                          amounts: { style: deepObject }
                          tags: { style: deepObject, explode: false }
                  responses:
                    '204': { description: ok }
            """)

    @Test("deepObject arrays are written field by field in deepObject style; explode false still warns")
    func deepObjectArraysAreIndexed() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded)
        #expect(output.endpoints.contains(#"formFields.append("expand", encoding: expand, style: .deepObject)"#))
        #expect(output.endpoints.contains(#"formFields.append("amounts", encoding: amounts, style: .deepObject)"#))
        #expect(output.client.contains("expand: [String]?"))
        #expect(!output.endpoints.contains(#""tags""#))
        #expect(output.diagnostics.count == 1, "\(output.diagnostics)")
        #expect(
            output.diagnostics.first?.contains("form field 'tags' is not sent: style 'deepObject' does not apply")
                == true)
    }
}
