import Foundation
import SpecwrightCore
import Testing

/// The committed client for the OpenAPI petstore (compiled and exercised by the
/// `GeneratedOpenAPIClientTests` target) is exactly what the importer produces now.
@Suite("OpenAPI reference output")
struct OpenAPIGoldenTests {
    /// Document → reference directory; keep in sync with `Scripts/regenerate-golden.sh`.
    static let references: [(document: String, directory: String)] = [
        ("Tests/Fixtures/openapi/petstore.yaml", "Tests/Generated/GeneratedOpenAPIClientTests/Generated/petstore"),
        (
            "Tests/Fixtures/openapi/petstore3.yaml",
            "Tests/Generated/GeneratedOpenAPIPetstore3ClientTests/Generated/petstore3"
        ),
        ("Tests/Fixtures/openapi/shapes.yaml", "Tests/Generated/GeneratedOpenAPIShapesClientTests/Generated/shapes"),
        (
            "Tests/Fixtures/openapi/parameters.yaml",
            "Tests/Generated/GeneratedOpenAPIParametersClientTests/Generated/parameters"
        ),
        (
            "Tests/Fixtures/openapi/transfers.yaml",
            "Tests/Generated/GeneratedOpenAPITransfersClientTests/Generated/transfers"
        )
    ]

    @Test("the committed reference output matches the importer", arguments: references.map(\.document))
    func referenceOutputMatches(document: String) throws {
        let directory = try #require(Self.references.first { $0.document == document }?.directory)
        let url = repositoryRoot.appendingPathComponent(document)
        let bytes = Array(try #require(FileManager.default.contents(atPath: url.path)))
        let output = try OpenAPISupport.generate(bytes: bytes, file: document)
        #expect(output.succeeded)
        for (name, contents) in output.files {
            let path = repositoryRoot.appendingPathComponent(directory).appendingPathComponent(name).path
            let committed = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            #expect(committed == contents, "\(path) is stale: run Scripts/regenerate-golden.sh")
        }
    }
}
