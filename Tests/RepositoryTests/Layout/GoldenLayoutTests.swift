import Foundation
import Testing

/// Where the committed generator output lives (#13): every target that compiles a golden client
/// sits under `Tests/Generated/<Target>/` with its output in a `Generated/` folder of its own,
/// and `Scripts/regenerate-golden.sh` rewrites each of those folders; the `Tests/` root holds
/// the module test targets, shared support and fixtures only.
@Suite struct GoldenLayoutTests {
    static let root = repositoryRoot
    static let generatedTargets = root.appendingPathComponent("Tests/Generated")

    static func folders(_ url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            let path = url.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    @Test func noGeneratedClientTargetIsLeftAtTheTestsRoot() {
        let atRoot = Self.folders(Self.root.appendingPathComponent("Tests")).filter {
            $0.hasPrefix("Generated") && $0 != "Generated"
        }
        #expect(atRoot.isEmpty, "move \(atRoot) under Tests/Generated/ (Package.swift `path:`)")
    }

    @Test func everyGoldenFolderIsRegeneratedByTheScript() throws {
        let script = String(decoding: try repositoryFile("Scripts/regenerate-golden.sh"), as: UTF8.self)
        let targets = Self.folders(Self.generatedTargets)
        #expect(targets.count >= 6)
        for target in targets {
            let golden = Self.folders(Self.generatedTargets.appendingPathComponent("\(target)/Generated"))
            #expect(!golden.isEmpty, "Tests/Generated/\(target) has no Generated/ output folder")
            for folder in golden {
                #expect(
                    script.contains("Tests/Generated/\(target)/Generated/\(folder)"),
                    "Scripts/regenerate-golden.sh does not write Tests/Generated/\(target)/Generated/\(folder)")
            }
        }
    }

    /// The package manifest points each golden target at its folder.
    @Test func thePackageDeclaresEveryTargetAtItsPath() throws {
        let manifest = String(decoding: try repositoryFile("Package.swift"), as: UTF8.self)
        for target in Self.folders(Self.generatedTargets) {
            #expect(manifest.contains("path: \"Tests/Generated/\(target)\""), "Package.swift: \(target) has no path")
        }
    }
}
