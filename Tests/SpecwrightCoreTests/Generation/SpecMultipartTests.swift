import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// The spec format's `multipart:` bodies and `FilePart` fields (#19 point 5, #12 point 2): what
/// they generate, what is refused with a located error, and that `export-openapi` keeps them.
@Suite("Spec multipart bodies")
struct SpecMultipartTests {
    static let upload = GenerationSupport.spec(
        types: "  Meta:\n    properties: { tags: \"[String]\" }\n",
        endpoints: """
              media:
                upload:
                  post: /media
                  multipart:
                    title: String
                    photo: { type: FilePart, contentType: image/png, description: The picture. }
                    scans: "[FilePart]?"
                    raw: Data?
                    meta: { type: Meta?, contentType: application/json }
                  response: Meta

            """)

    @Test func filePartFieldsAreFilesAndOtherFieldsKeepTheirPartKind() throws {
        let (files, diagnostics) = try GenerationSupport.generate(Self.upload)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let client = files["Client.swift"] ?? ""
        let endpoints = files["Endpoints.swift"] ?? ""
        #expect(client.contains("photo: FilePart,"), "\(client)")
        #expect(client.contains("scans: [FilePart]? = nil,"))
        #expect(client.contains("- Parameter photo: The picture."))
        #expect(
            endpoints.contains(#"multipartParts.append(MultipartPart(name: "title", data: Data(title.utf8)))"#),
            "\(endpoints)")
        // Statements too long for one line are laid out by the printer (one item per line).
        #expect(
            endpoints.contains(
                """
                            multipartParts.append(
                                MultipartPart(name: "photo", file: photo, defaultContentType: "image/png")
                            )
                """))
        #expect(
            endpoints.contains(
                """
                            if let scans {
                                for element in scans { multipartParts.append(MultipartPart(name: "scans", file: element)) }
                            }
                """)
                || endpoints.contains(
                    """
                                if let scans {
                                    for element in scans {
                                        multipartParts.append(MultipartPart(name: "scans", file: element))
                                    }
                                }
                    """),
            "\(endpoints)")
        #expect(endpoints.contains(#"if let raw { multipartParts.append(MultipartPart(name: "raw", data: raw)) }"#))
        #expect(
            endpoints.contains(#"name: "meta","#) && endpoints.contains(#"contentType: "application/json","#)
                && endpoints.contains("json: meta,") && endpoints.contains("dates: DateCoding.iso8601"), "\(endpoints)")
    }

    @Test(arguments: [
        (
            "  Meta:\n    properties: { file: FilePart }\n", "  misc:\n    ping: { get: /ping }\n",
            "'FilePart' cannot be the type of a property"
        ),
        (
            "", "  misc:\n    ping: { get: /ping, query: { f: FilePart? } }\n",
            "query parameter 'f' has type 'FilePart?'"
        ),
        ("", "  misc:\n    ping: { post: /ping, body: \"[FilePart]?\" }\n", "a file body is one 'FilePart'"),
        (
            "", "  misc:\n    ping: { get: /ping, response: \"[FilePart]\" }\n",
            "'FilePart' cannot be the type of 'response'"
        ),
        (
            "", "  misc:\n    ping: { post: /ping, multipart: { f: \"[String: FilePart]\" } }\n",
            "'FilePart' cannot be the type of a multipart part other than"
        ),
        (
            "", "  misc:\n    ping: { post: /ping, multipart: { f: \"[[FilePart]]\" } }\n",
            "'FilePart' cannot be the type of a multipart part other than"
        )
    ])
    func filePartAnywhereElseIsALocatedError(types: String, endpoints: String, message: String) throws {
        let (_, diagnostics) = try GenerationSupport.generate(
            GenerationSupport.spec(types: types, endpoints: endpoints))
        let errors = diagnostics.filter { $0.contains(": error:") }
        #expect(errors.count == 1, "\(diagnostics)")
        #expect(errors.first?.contains(message) == true, "\(errors)")
        #expect(errors.first?.hasPrefix("snippet.yaml:") == true)
    }

    @Test func bodyAndMultipartTogetherAndABadContentTypeAreErrors() throws {
        let both = try GenerationSupport.generate(
            GenerationSupport.spec(
                endpoints: "  misc:\n    ping: { post: /ping, body: String, multipart: { a: String } }\n")
        ).diagnostics
        #expect(both.contains { $0.contains("error: ") && $0.contains("has both 'body' and 'multipart'") }, "\(both)")
        let badType = try GenerationSupport.generate(
            GenerationSupport.spec(
                endpoints:
                    "  misc:\n    ping: { post: /ping, multipart: { a: { type: FilePart, contentType: \"image/png\\r\\nX: y\" } } }\n"
            )
        ).diagnostics
        #expect(badType.contains { $0.contains("error: 'contentType' must be one media type") }, "\(badType)")
        let unknownKey = try GenerationSupport.generate(
            GenerationSupport.spec(
                endpoints: "  misc:\n    ping: { post: /ping, multipart: { a: { type: FilePart, filename: x } } }\n")
        ).diagnostics
        #expect(unknownKey.contains { $0.contains("error: ") && $0.contains("'filename'") }, "\(unknownKey)")
    }

    @Test func theExportedDocumentImportsToTheSameMultipartParameters() throws {
        let loaded = SpecLoader.load(bytes: Array(Self.upload.utf8), file: "upload.yaml")
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        let original = try #require(SpecLowering.lower(document).api)
        let yaml = OpenAPIExporter(document: document).export().yaml
        #expect(yaml.contains("multipart/form-data"), "\(yaml)")
        let imported = OpenAPIImporter.importDocument(
            try YAMLParser.parseDocument(Array(yaml.utf8), file: "export.yaml"), file: "export.yaml")
        let api = try #require(imported.api, "\(imported.diagnostics)")
        let parameters = { (api: IR.API) in
            api.groups.flatMap(\.endpoints).flatMap(\.parameters).map {
                "\($0.name.name): \($0.type.code) @ \($0.location)"
            }
        }
        // A `Data` part (bytes without a file name) is exported as binary, which an OpenAPI
        // importer reads as a file; every other part comes back as it was.
        #expect(
            parameters(api)
                == parameters(original).map { $0.replacingOccurrences(of: "raw: Data?", with: "raw: FilePart?") })
        #expect(api.groups.first?.endpoints.first?.body == .multipart)
    }
}
