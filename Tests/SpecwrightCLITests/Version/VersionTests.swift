import Foundation
import SpecwrightCore
import SpecwrightPackageInfo
import Testing

/// `specwright --version`, generated headers and the runtime report one version, written once.
@Suite struct VersionTests {
    @Test func versionPrintsThePackageVersion() {
        let run = runCLI(["--version"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == "\(SpecwrightPackageVersion.current)\n")
        #expect(SpecwrightVersion.current == SpecwrightPackageVersion.current)
    }

    @Test func thePackageVersionIsSemanticVersioningAsSwiftPMResolvesTags() {
        let parts = SpecwrightPackageVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(
            parts.allSatisfy {
                !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && ($0 == "0" || $0.first != "0")
            })
    }

    @Test func noOtherSourceFileWritesTheVersion() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let literal = "\"\(SpecwrightPackageVersion.current)\""
        var writers: [String] = []
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains(literal) {
                writers.append(url.path.replacingOccurrences(of: sources.path + "/", with: ""))
            }
        }
        #expect(writers == ["SpecwrightPackageInfo/SpecwrightPackageVersion.swift"])
    }
}
