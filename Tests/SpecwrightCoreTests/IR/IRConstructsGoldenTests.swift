import Foundation
import SpecwrightCore
import Testing

/// The hand-built IR of ``IRConstructsFixture`` renders to the committed reference output,
/// which `GeneratedConstructsClientTests` compiles. `Scripts/regenerate-golden.sh` rewrites it
/// by running this suite with `SPECWRIGHT_REGENERATE_GOLDEN=1`.
@Suite struct IRConstructsGoldenTests {
    static let directory = repositoryRoot.appendingPathComponent(
        "Tests/Generated/GeneratedConstructsClientTests/Generated/constructs")

    @Test func theIROnlyConstructsRenderToTheReferenceOutput() throws {
        let files = try SwiftClientRenderer(templates: try TemplateSet.defaults()).render(IRConstructsFixture.api)
        if ProcessInfo.processInfo.environment["SPECWRIGHT_REGENERATE_GOLDEN"] == "1" {
            try OutputWriter(directory: Self.directory).write(files).forEach { _ in }
        }
        for file in files {
            let committed = FileManager.default.contents(atPath: Self.directory.appendingPathComponent(file.name).path)
            #expect(
                committed.map { String(decoding: $0, as: UTF8.self) } == file.contents,
                "\(file.name) is stale: run Scripts/regenerate-golden.sh")
            #expect(!file.contents.contains("\n\n\n"))
        }
    }
}
