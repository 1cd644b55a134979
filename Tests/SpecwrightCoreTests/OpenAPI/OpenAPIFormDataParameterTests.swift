import Foundation
import SpecwrightCore
import Testing

/// OpenAPI 2's `in: formData` in an OpenAPI 3 document (flask-smorest writes a `form` argument next to
/// a `files` one so): a field of the operation's form, sent in its form or multipart body with a
/// located warning; an error where the body is no form, since the field could not be sent.
@Suite("OpenAPI formData parameters")
struct OpenAPIFormDataParameterTests {
    static func document(body: String) -> String {
        OpenAPISupport.document(
            paths: """
                  /files:
                    post:
                      operationId: upload
                      parameters:
                        - { in: formData, name: description, required: true, schema: { type: string } }
                        - { in: formData, name: copies, schema: { type: integer } }
                        - { in: query, name: dryRun, schema: { type: boolean } }
                \(body)
                      responses:
                        '204': { description: ok }
                """, version: "3.0.3")
    }

    static let multipartBody = """
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [document]
                      properties:
                        document: { type: string, format: binary }
        """

    @Test func aFormDataParameterNextToAMultipartBodyIsOneOfItsParts() throws {
        let output = try OpenAPISupport.generate(Self.document(body: Self.multipartBody))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("func upload(document: FilePart, description: String, copies: Int?"))
        #expect(output.endpoints.contains(#"MultipartPart(name: "description", data: Data(description.utf8))"#))
        #expect(output.endpoints.contains(#"MultipartPart(name: "copies", data: Data(String(copies).utf8))"#))
        let warnings = output.diagnostics.filter { $0.contains("'formData'") }
        #expect(warnings.count == 2, "\(output.diagnostics)")
        #expect(
            warnings.first?.hasSuffix(
                "warning: parameter 'description' is in 'formData', OpenAPI 2's location of a form field; "
                    + "it is sent as a field of the operation's multipart body [structure]") == true,
            "\(warnings)")
        #expect(!output.diagnostics.contains { $0.contains("error:") }, "\(output.diagnostics)")
    }

    @Test func formDataParametersWithoutABodyAreAFormOfTheirOwn() throws {
        let output = try OpenAPISupport.generate(Self.document(body: ""))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("func upload(description: String, copies: Int?"))
        #expect(output.endpoints.contains(#"formFields.append("description", description)"#))
        #expect(output.endpoints.contains("return .formURLEncoded(formFields.fields)"))
    }

    @Test func aFormDataParameterNextToAJSONBodyIsAnError() throws {
        let output = try OpenAPISupport.generate(
            Self.document(
                body: """
                          requestBody:
                            content:
                              application/json:
                                schema: { type: object, properties: { a: { type: string } } }
                    """))
        #expect(!output.succeeded)
        #expect(
            output.diagnostics.contains {
                $0.hasSuffix(
                    "error: parameter 'description' is in 'formData', OpenAPI 2's location of a form field, "
                        + "but the operation's request body is no form: it cannot be sent")
            }, "\(output.diagnostics)")
    }
}
