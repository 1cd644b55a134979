import Foundation
import Testing
@testable import SpecwrightYAML

/// One case of `shared/data/yaml-test-suite` as listed in its `index.tsv`.
struct SuiteCase: CustomTestStringConvertible, Sendable {
    var id: String
    var kind: String
    var libyamlVerdict: String
    var name: String
    var testDescription: String { "\(id) \(name)" }

    /// Whether libyaml 0.2.5 itself diverges from the suite on this case (the index measured it);
    /// a libyaml-backed parser cannot do better, so such cases are skipped (see docs/yaml-conformance.md).
    var libyamlDiverges: Bool { libyamlVerdict != "ok-events-match" && libyamlVerdict != "ok-rejects" }

    /// `shared/data/yaml-test-suite` in the nearest ancestor folder of the package that has it.
    static let directory: URL? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<8 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/data/yaml-test-suite")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("index.tsv").path) {
                return candidate
            }
        }
        return nil
    }()

    static let all: [SuiteCase] = {
        guard let directory,
            let index = try? String(contentsOf: directory.appendingPathComponent("index.tsv"), encoding: .utf8)
        else { return [] }
        return index.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 6, !line.hasPrefix("#"), columns[0] != "id" else { return nil }
            return SuiteCase(id: columns[0], kind: columns[1], libyamlVerdict: columns[2], name: columns[5])
        }
    }()

    static func cases(ofKind kind: String) -> [SuiteCase] { all.filter { $0.kind == kind && !$0.libyamlDiverges } }

    func bytes(_ file: String) throws -> [UInt8] {
        let directory = try #require(Self.directory)
        let data = try #require(
            FileManager.default.contents(atPath: directory.appendingPathComponent("\(id)/\(file)").path))
        return [UInt8](data)
    }
}

/// The YAML test suite parses with YAML 1.2 semantics: no merge keys.
private let suiteOptions = YAMLParseOptions(applyMergeKeys: false)

@Suite struct YAMLTestSuiteTests {
    @Test func theSuiteIsPresentAndTheSkipsAreExactlyTheLibyamlDivergences() throws {
        #expect(SuiteCase.directory != nil, "shared/data/yaml-test-suite not found beside the package")
        let all = SuiteCase.all
        #expect(all.count == 402)
        #expect(all.filter(\.libyamlDiverges).count == 72)
        #expect(SuiteCase.cases(ofKind: "json").count == 234)
        #expect(SuiteCase.cases(ofKind: "error").count == 78)
        #expect(SuiteCase.cases(ofKind: "valid-nojson").count == 18)
    }

    @Test(arguments: SuiteCase.cases(ofKind: "json"))
    func nodeTreeRendersAsTheExpectedJSON(_ suiteCase: SuiteCase) throws {
        let expected = try JSONStreamReader.values(in: try suiteCase.bytes("in.json"))
        let documents = try YAMLParser.parseStream(
            try suiteCase.bytes("in.yaml"), file: "in.yaml", options: suiteOptions)
        #expect(documents.map(JSONValue.init) == expected)
    }

    @Test(arguments: SuiteCase.cases(ofKind: "error"))
    func invalidYAMLIsRejected(_ suiteCase: SuiteCase) throws {
        let input = try suiteCase.bytes("in.yaml")
        #expect(throws: YAMLError.self) {
            try YAMLParser.parseStream(input, file: "in.yaml", options: suiteOptions)
        }
    }

    @Test(arguments: SuiteCase.cases(ofKind: "valid-nojson"))
    func validYAMLWithoutAJSONFormParses(_ suiteCase: SuiteCase) throws {
        _ = try YAMLParser.parseStream(try suiteCase.bytes("in.yaml"), file: "in.yaml", options: suiteOptions)
    }
}

/// The skipped cases are not ignored: each must still show exactly the divergence the index
/// measured for libyaml 0.2.5, so a libyaml upgrade that fixes one is noticed.
@Suite struct LibyamlDivergenceTests {
    static let divergent = SuiteCase.all.filter(\.libyamlDiverges)

    @Test(arguments: divergent)
    func skippedCaseStillDivergesAsMeasured(_ suiteCase: SuiteCase) throws {
        try #require(YAMLParser.libyamlVersion == "0.2.5", "the divergence list was measured on libyaml 0.2.5")
        let input = try suiteCase.bytes("in.yaml")
        let documents = try? YAMLParser.parseStream(input, file: "in.yaml", options: suiteOptions)
        switch suiteCase.libyamlVerdict {
        case "libyaml-rejects-valid":
            #expect(documents == nil)
        case "libyaml-accepts-invalid":
            #expect(documents != nil)
        default:
            let expected = try JSONStreamReader.values(in: try suiteCase.bytes("in.json"))
            #expect(documents.map { $0.map(JSONValue.init) } != expected)
        }
    }
}
