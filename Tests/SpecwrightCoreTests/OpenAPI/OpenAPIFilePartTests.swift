import Foundation
import SpecwrightCore
import Testing

/// #12 point 2, generator side: every way a document spells a file in a multipart body becomes
/// the runtime's `FilePart` (arrays of files `[FilePart]`), whose file name and content type the
/// caller chooses; text and structured parts stay as they are.
@Suite("OpenAPI file parts")
struct OpenAPIFilePartTests {
    static func upload(_ properties: String, encoding: String = "", version: String = "3.1.0", schemas: String = "")
        -> String
    {
        OpenAPISupport.document(
            paths: """
                  /upload:
                    post:
                      operationId: upload
                      requestBody:
                        content:
                          multipart/form-data:
                            schema:
                              type: object
                              required: [a]
                              properties:
                \(properties)
                \(encoding)
                      responses:
                        '204': { description: ok }
                """, schemas: schemas, version: version)
    }

    @Test(arguments: [
        ("3.0.3", "{ type: string, format: binary }", ""),
        ("3.0.3", "{ type: string, format: byte }", ""),
        ("3.1.0", "{ type: string, contentMediaType: application/octet-stream }", ""),
        ("3.1.0", "{ type: string, contentMediaType: image/png }", ""),
        ("3.1.0", "{ type: string, contentEncoding: base64 }", ""),
        (
            "3.0.3", "{ type: string }",
            "            encoding:\n              a: { contentType: application/pdf }\n              b: { contentType: image/png }"
        ),
        ("3.0.3", "{ $ref: '#/components/schemas/Blob' }", "")
    ])
    func everyBinarySpellingOfAMultipartFieldIsAFilePart(version: String, schema: String, encoding: String) throws {
        let output = try OpenAPISupport.generate(
            Self.upload(
                "                a: \(schema)\n                b: { type: array, items: \(schema) }",
                encoding: encoding, version: version,
                schemas: "    Blob: { type: string, format: binary }\n"))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("a: FilePart"), "\(output.client)")
        #expect(output.client.contains("b: [FilePart]? = nil"), "\(output.client)")
        #expect(
            output.endpoints.joinedLayout.contains(#"multipartParts.append(MultipartPart(name: "a", file: a"#),
            "\(output.endpoints)")
        #expect(
            output.endpoints.joinedLayout.contains(
                #"if let b { for element in b { multipartParts.append(MultipartPart(name: "b", file: element"#))
        #expect(!output.endpoints.contains("filename:"), "the file name is the caller's")
    }

    @Test func theDeclaredContentTypeIsTheDefaultOnlyWhenItNamesOneType() throws {
        let properties = [
            "a: { type: string, format: binary }", "b: { type: string, format: binary }",
            "c: { type: string, format: binary }",
            "d: { type: object, properties: { x: { type: string } } }", "e: { type: string }"
        ]
        let encodings = [
            "a: { contentType: image/png }", "b: { contentType: 'image/png, image/jpeg' }",
            "c: { contentType: 'image/*' }",
            "d: { contentType: application/json }", "e: { contentType: text/plain }"
        ]
        let output = try OpenAPISupport.generate(
            Self.upload(
                properties.map { String(repeating: " ", count: 16) + $0 }.joined(separator: "\n"),
                encoding: "            encoding:\n"
                    + encodings.map { String(repeating: " ", count: 14) + $0 }.joined(separator: "\n")))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.endpoints.contains(#"MultipartPart(name: "a", file: a, defaultContentType: "image/png")"#))
        #expect(output.endpoints.contains(#"MultipartPart(name: "b", file: b)"#))
        #expect(output.endpoints.contains(#"MultipartPart(name: "c", file: c)"#))
        #expect(
            output.endpoints.joinedLayout.contains(
                #"MultipartPart(name: "d", contentType: "application/json", json: d"#))
        #expect(output.endpoints.contains(#"MultipartPart(name: "e", contentType: "text/plain", data: Data(e.utf8))"#))
        #expect(output.client.contains("e: String?"))
    }

    /// A whole request body that is not text is a `FilePart` (in memory or streamed from disk),
    /// whose content type defaults to the declared one (`application/octet-stream` for a wildcard);
    /// a text body stays `Data`, a binary response `Data`.
    @Test func aBinaryRequestBodyIsAFilePartATextOneAString() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /raw:
                        put:
                          operationId: putRaw
                          requestBody:
                            content:
                              application/octet-stream:
                                schema: { type: string, format: binary }
                          responses:
                            '200':
                              description: ok
                              content:
                                application/octet-stream:
                                  schema: { type: string, format: binary }
                      /picture:
                        put:
                          operationId: putPicture
                          requestBody:
                            content:
                              image/*:
                                schema: { type: string, contentMediaType: image/* }
                          responses:
                            '204': { description: stored }
                      /note:
                        put:
                          operationId: putNote
                          requestBody:
                            content:
                              text/plain:
                                schema: { type: string }
                          responses:
                            '204': { description: stored }
                    """, version: "3.1.0"))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("func putRaw(body: FilePart) async throws -> Data"), "\(output.client)")
        #expect(
            output.endpoints.contains(#".file(body.withDefaultContentType("application/octet-stream"))"#),
            "\(output.endpoints)")
        #expect(output.client.contains("func putPicture(body: FilePart) async throws"), "\(output.client)")
        #expect(output.endpoints.contains(#".file(body.withDefaultContentType("application/octet-stream"))"#))
        #expect(output.client.contains("func putNote(body: String) async throws"), "\(output.client)")
        #expect(
            output.endpoints.contains(#"TextBody.requestBody(body, contentType: "text/plain")"#), "\(output.endpoints)")
    }
}
