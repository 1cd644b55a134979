import Foundation
import Testing

/// SwiftPM plugins cannot depend on a library target, so both plugins compile one shared file,
/// `Plugins/Shared/SpecFileNaming.swift`, through a symbolic link in their folders (and this test
/// target through one more). Every plugin folder that names `SpecFileNaming` holds that file, and
/// it is the shared one byte for byte, so the plugins' naming rules cannot drift apart (a checkout
/// that turns links into copies still passes, one that edits a copy does not).
/// `PluginShardNamingTests` checks the shared rules against the generator's `ShardLayout`.
@Suite struct PluginSharedFileTests {
    static let plugins = repositoryRoot.appendingPathComponent("Plugins")
    static let shared = "Shared/SpecFileNaming.swift"

    @Test func everyPluginCompilesTheSharedNamingFile() throws {
        let original = try Data(contentsOf: Self.plugins.appendingPathComponent(Self.shared))
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.plugins.path).filter { $0 != "Shared" }
        #expect(folders.count >= 2)
        for folder in folders.sorted() {
            let directory = Self.plugins.appendingPathComponent(folder)
            let sources = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            let usesNaming = try sources.filter { $0.hasSuffix(".swift") && $0 != "SpecFileNaming.swift" }.contains {
                try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8).contains(
                    "SpecFileNaming.")
            }
            guard usesNaming else { continue }
            let copy = directory.appendingPathComponent("SpecFileNaming.swift")
            #expect(
                sources.contains("SpecFileNaming.swift"), "Plugins/\(folder) uses SpecFileNaming but lacks the link")
            #expect(
                (try? Data(contentsOf: copy)) == original,
                "Plugins/\(folder)/SpecFileNaming.swift differs from \(Self.shared)")
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: copy.path)
            #expect(
                target == nil || target == "../\(Self.shared)",
                "Plugins/\(folder)/SpecFileNaming.swift links to \(target ?? "")")
        }
        // No plugin keeps naming rules of its own in another file.
        let declaring = try Self.pluginSources().filter { $0.text.contains("enum SpecFileNaming") }.map(\.path)
        #expect(declaring.contains(Self.shared))
        #expect(declaring.allSatisfy { $0.hasSuffix("SpecFileNaming.swift") }, "\(declaring)")
    }

    /// The Swift files under `Plugins/` that are not links, with their text.
    static func pluginSources() throws -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(atPath: plugins.path) else { return [] }
        var result: [(String, String)] = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let url = plugins.appendingPathComponent(path)
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == nil else { continue }
            result.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return result
    }
}
