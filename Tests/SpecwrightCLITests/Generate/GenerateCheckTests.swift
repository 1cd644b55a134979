import Foundation
import SpecwrightCLI
import SpecwrightCore
import Testing

/// `specwright generate --check [--diff]`: what a team that commits its generated client runs in CI.
@Suite struct GenerateCheckTests {
    typealias Support = GenerateCommandTests

    /// A directory holding the current generated bookstore client (and `out`'s path).
    static func generatedDirectory() throws -> URL {
        let directory = try Support.temporaryDirectory()
        let output = directory.appendingPathComponent("out")
        #expect(Support.run(["generate", Support.bookstore, "--output", output.path, "-q"]).code == 0)
        return directory
    }

    static func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
        }
        return files
    }

    @Test func currentFilesPassAndNothingIsWritten() throws {
        let directory = try Self.generatedDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        let before = try Self.snapshot(output)
        let types = output.appendingPathComponent("Types.swift").path
        let modified = try FileManager.default.attributesOfItem(atPath: types)[.modificationDate] as? Date

        let run = Support.run(["generate", Support.bookstore, "--output", output.path, "--check"])
        #expect(run.code == 0)
        #expect(run.out == ["3 generated files are up to date"])
        #expect(run.err == [])
        #expect(try Self.snapshot(output) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: types)[.modificationDate] as? Date == modified)
        #expect(Support.run(["generate", Support.bookstore, "--output", output.path, "--check", "-q"]).out == [])
    }

    @Test func aStaleFileFailsTheCheckAndIsNotRewritten() throws {
        let directory = try Self.generatedDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        let client = output.appendingPathComponent("Client.swift")
        try Data("// edited by hand\n".utf8).write(to: client)

        let run = Support.run(["generate", Support.bookstore, "--output", output.path, "--check"])
        #expect(run.code == 1)
        #expect(run.out == [])
        #expect(
            run.err == [
                "\(client.path): error: Client.swift is out of date (its content differs from the generated code)",
                "note: 1 of 3 generated files is out of date; run the same command without --check to update them"
            ])
        #expect(FileManager.default.contents(atPath: client.path) == Data("// edited by hand\n".utf8))
    }

    @Test func missingFilesFailTheCheckAndNoDirectoryIsCreated() throws {
        let directory = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out").path

        let run = Support.run(["generate", Support.bookstore, "--output", output, "--check", "--file-prefix", "Shop"])
        #expect(run.code == 1)
        #expect(
            run.err == ["ShopTypes", "ShopEndpoints", "ShopClient"].map {
                "\(output)/\($0).swift: error: \($0).swift is out of date (the file is missing)"
            } + ["note: 3 of 3 generated files are out of date; run the same command without --check to update them"])
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func anExtraFileInTheOutputFolderIsLeftAloneAndNotReported() throws {
        let directory = try Self.generatedDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        let extra = output.appendingPathComponent("Handwritten.swift")
        try Data("// mine\n".utf8).write(to: extra)

        let run = Support.run(["generate", Support.bookstore, "--output", output.path, "--check", "--diff"])
        #expect(run.code == 0)
        #expect(run.out == ["3 generated files are up to date"])
        #expect(run.err == [])
        #expect(FileManager.default.contents(atPath: extra.path) == Data("// mine\n".utf8))
    }

    @Test func diffPrintsAUnifiedDiffFromTheFileOnDiskToTheGeneratedCode() throws {
        let directory = try Self.generatedDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        let endpoints = output.appendingPathComponent("Endpoints.swift")
        let generated = try String(contentsOf: endpoints, encoding: .utf8)
        var lines = generated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.remove(at: 9)  // line 10 of the generated file, deleted by hand
        try Data(lines.joined(separator: "\n").utf8).write(to: endpoints)
        try FileManager.default.removeItem(at: output.appendingPathComponent("Types.swift"))

        let run = Support.run(["generate", Support.bookstore, "--output", output.path, "--check", "--diff"])
        #expect(run.code == 1)
        let original = generated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expectedEndpoints =
            ["--- a/\(endpoints.path)", "+++ b/\(endpoints.path)", "@@ -7,6 +7,7 @@"]
            + original[6...8].map { " " + $0 } + ["+" + original[9]] + original[10...12].map { " " + $0 }
        let fresh = directory.appendingPathComponent("fresh")
        #expect(Support.run(["generate", Support.bookstore, "--output", fresh.path, "-q"]).code == 0)
        let typesLines = try String(contentsOf: fresh.appendingPathComponent("Types.swift"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let typesPath = output.appendingPathComponent("Types.swift").path
        let expectedTypes =
            ["--- /dev/null", "+++ b/\(typesPath)", "@@ -0,0 +1,\(typesLines.count) @@"] + typesLines.map { "+" + $0 }
        #expect(
            run.out.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                == expectedTypes + expectedEndpoints)
        #expect(run.err.count == 3)
    }

    @Test func diffWithoutCheckIsAUsageError() {
        let run = Support.run(["generate", Support.bookstore, "--output", "/tmp/never", "--diff"])
        #expect(run.code == 2)
        #expect(run.err == ["error: --diff only goes with --check"])
    }
}
