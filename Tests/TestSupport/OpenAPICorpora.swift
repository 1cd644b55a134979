import Foundation

/// The invalid-document corpus of issue #12 point 6:
/// `Tests/SpecwrightCoreTests/Fixtures/BrokenOpenAPI/NN-what.yaml` and, next to it,
/// `NN-what.expected` with every diagnostic the document must produce, exactly as
/// `specwright validate` prints them (file:line:col: severity: message), in order. A document
/// whose expected diagnostics hold an error is refused (no API); the others import with warnings.
public enum BrokenOpenAPICorpus {
    public static let directory = repositoryRoot.appendingPathComponent(
        "Tests/SpecwrightCoreTests/Fixtures/BrokenOpenAPI")

    /// The fixture base names (`01-servers-not-an-array`, …), sorted.
    public static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// The bytes of `name` + `suffix` (`.yaml` or `.expected`).
    public static func read(_ name: String, _ suffix: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + suffix))
    }
}

/// The official schema test suite's documents (`../shared/data/openapi-edge/oas31-schema-*`, and
/// any other `*-fail` / `*-pass` folder there). The shared data may come as a subset: tests
/// iterate whatever documents are present (YAML or JSON), and never count them.
public enum OpenAPISchemaSuite {
    public static let root = OpenAPISupport.dataRoot.appendingPathComponent("openapi-edge")

    /// `folder/name` of every YAML or JSON document in the folders of `root` whose name ends in `suffix`.
    public static func documents(inFoldersEndingWith suffix: String) -> [String] {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter {
            $0.hasSuffix(suffix)
        }
        return folders.flatMap { folder in
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return files.filter { file in [".yaml", ".yml", ".json"].contains { file.hasSuffix($0) } }.map {
                folder + "/" + $0
            }
        }.sorted()
    }

    /// The documents the schema suites say are invalid.
    public static let failing = documents(inFoldersEndingWith: "-fail")
    /// The documents the schema suites say are valid.
    public static let passing = documents(inFoldersEndingWith: "-pass")
}
