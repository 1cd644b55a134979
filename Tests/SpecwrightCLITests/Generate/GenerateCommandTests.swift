import Foundation
import SpecwrightCLI
import SpecwrightCore
import Testing

/// `specwright generate` end to end, in process, against a temporary directory.
@Suite struct GenerateCommandTests {
    /// A tiny lock so the output closures can be `@Sendable`.
    final class Locked: @unchecked Sendable {  // guarded by `lock`
        private let lock = NSLock()
        private var storage: [String] = []
        var value: [String] { lock.withLock { storage } }
        func append(_ line: String) {
            let trimmed = line.hasSuffix("\n") ? String(line.dropLast()) : line
            lock.withLock { storage.append(trimmed) }
        }
    }

    static func run(_ arguments: [String]) -> (code: Int32, out: [String], err: [String]) {
        let out = Locked()
        let err = Locked()
        let code = CLI.run(
            arguments, output: CLIOutput(standardOutput: { out.append($0) }, standardError: { err.append($0) }))
        return (code, out.value, err.value)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let bookstore = repositoryRoot.appendingPathComponent("specs/bookstore.yaml").path

    @Test func generatingTwiceWritesOnceAndLeavesOtherFilesAlone() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let foreign = output.appendingPathComponent("Handwritten.swift")
        try Data("// mine\n".utf8).write(to: foreign)

        let first = Self.run(["generate", Self.bookstore, "--output", output.path])
        #expect(first.code == 0)
        #expect(first.out.filter { $0.hasPrefix("created: ") }.count == 3)
        let types = output.appendingPathComponent("Types.swift").path
        let written = try FileManager.default.attributesOfItem(atPath: types)[.modificationDate] as? Date

        let second = Self.run(["generate", Self.bookstore, "--output", output.path])
        #expect(second.code == 0)
        #expect(second.out.allSatisfy { $0.hasPrefix("unchanged: ") })
        #expect(try FileManager.default.attributesOfItem(atPath: types)[.modificationDate] as? Date == written)
        #expect(FileManager.default.contents(atPath: foreign.path) == Data("// mine\n".utf8))
    }

    @Test func theMutablePropertiesFlagAndConfigKeyWriteVarProperties() throws {
        let flagged = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: flagged) }
        #expect(
            Self.run(["generate", Self.bookstore, "--output", flagged.path, "--mutable-properties", "-q"]).code == 0)
        let flaggedTypes = try String(contentsOf: flagged.appendingPathComponent("Types.swift"), encoding: .utf8)
        #expect(flaggedTypes.contains("    public var title: String\n"))

        let configured = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: configured) }
        let config = configured.appendingPathComponent("api.specwright-config.yaml")
        try Data("mutableProperties: true\n".utf8).write(to: config)
        #expect(
            Self.run(["generate", Self.bookstore, "--output", configured.path, "--config", config.path, "-q"]).code == 0
        )
        let configuredTypes = try String(contentsOf: configured.appendingPathComponent("Types.swift"), encoding: .utf8)
        #expect(configuredTypes == flaggedTypes)

        let plain = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: plain) }
        #expect(Self.run(["generate", Self.bookstore, "--output", plain.path, "-q"]).code == 0)
        let plainTypes = try String(contentsOf: plain.appendingPathComponent("Types.swift"), encoding: .utf8)
        #expect(plainTypes.contains("    public let title: String\n"))
    }

    @Test func aChangedFileIsRewritten() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        _ = Self.run(["generate", Self.bookstore, "--output", output.path, "--quiet"])
        try Data("stale".utf8).write(to: output.appendingPathComponent("Client.swift"))
        let run = Self.run(["generate", Self.bookstore, "--output", output.path])
        #expect(run.out.contains("updated: " + output.appendingPathComponent("Client.swift").path))
    }

    @Test func aSpecWithErrorsExitsOneWithDiagnosticsAndWritesNothing() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let spec = output.appendingPathComponent("broken.yaml")
        try Data(
            "specwright: 1\nname: B\nbaseURL: https://b.example\ntypes:\n  A:\n    properties:\n      x: Bok\nendpoints: {}\n"
                .utf8
        ).write(to: spec)
        let run = Self.run(["generate", spec.path, "--output", output.appendingPathComponent("out").path])
        #expect(run.code == 1)
        #expect(run.err.contains { $0.contains("broken.yaml:7:10: error: unknown type 'Bok'") })
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("out").path))
    }

    @Test func usageErrorsExitTwo() {
        #expect(Self.run(["generate", Self.bookstore]).code == 2)
        #expect(Self.run(["generate", Self.bookstore, "--output", "/tmp/x", "--access", "open"]).code == 2)
    }

    @Test func aTemplatesDirectoryOverridesTemplatesByName() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("// custom header for {{specFile}}\n".utf8).write(
            to: directory.appendingPathComponent("Header.mustache"))
        let output = directory.appendingPathComponent("out")
        let run = Self.run(["generate", Self.bookstore, "--output", output.path, "--templates", directory.path, "-q"])
        #expect(run.code == 0)
        let types = FileManager.default.contents(atPath: output.appendingPathComponent("Types.swift").path)
        #expect(
            types.map {
                String(decoding: $0, as: UTF8.self).hasPrefix(
                    "// custom header for bookstore.yaml\n\n/// A book in the catalog.\npublic struct Book")
            } == true)
    }

    @Test func aMalformedOverrideTemplateIsALocatedError() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{{#types}}\n".utf8).write(to: directory.appendingPathComponent("Types.mustache"))
        let run = Self.run([
            "generate", Self.bookstore, "--output", directory.appendingPathComponent("out").path, "--templates",
            directory.path
        ])
        #expect(run.code == 1)
        #expect(run.err.contains("Types:1:1: error: section 'types' is not closed"))
    }
}

extension GenerateCommandTests {
    @Test func aConfigFilterGeneratesOnlyTheSelectedEndpointsAndTheTypesTheyUse() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let config = output.appendingPathComponent("filter.yaml")
        try Data("filter:\n  operations: [books.get]\n  tags: [config]\n  paths: [/nowhere]\n".utf8).write(to: config)
        let run = Self.run(["generate", Self.bookstore, "--output", output.path, "--config", config.path])
        #expect(run.code == 0)
        #expect(run.err == ["\(config.path):4:11: warning: filter path '/nowhere' matches nothing in the document"])
        let client = try String(contentsOf: output.appendingPathComponent("Client.swift"), encoding: .utf8)
        let types = try String(contentsOf: output.appendingPathComponent("Types.swift"), encoding: .utf8)
        #expect(client.contains("func get(id: UUID)") && client.contains("func fetch()"))
        #expect(!client.contains("func list(") && !client.contains("func create("))
        for kept in ["struct Book:", "enum Genre:", "struct NotFound:", "struct AppConfig:"] {
            #expect(types.contains(kept))
        }
        #expect(!types.contains("struct BookDraft:"))
    }
}

extension GenerateCommandTests {
    /// `generate --config` hands the config's `policies` to the pipeline; their mistakes are
    /// located in the config file and fail the run.
    @Test func configPoliciesReachTheGeneratedOptionsAndTheirMistakesFailTheRun() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let config = output.appendingPathComponent("policies.yaml")
        try Data(
            "policies:\n  - operations: [books.get]\n    cache: { policy: cacheFirst, ttl: 30, lifetime: app }\n".utf8
        ).write(to: config)
        #expect(
            Self.run(["generate", Self.bookstore, "--output", output.path, "--config", config.path, "-q"]).code == 0)
        let endpoints = try String(contentsOf: output.appendingPathComponent("Endpoints.swift"), encoding: .utf8)
        #expect(endpoints.contains("EndpointOptions(cache: .cacheFirst(ttl: 30), cacheLifetime: .app)"))
        try Data("policies:\n  - operations: [books.gte]\n    retry: none\n".utf8).write(to: config)
        let run = Self.run(["generate", Self.bookstore, "--output", output.path, "--config", config.path])
        #expect(run.code == 1)
        #expect(
            run.err.contains {
                $0.hasPrefix(
                    "\(config.path):2:18: error: policy operation 'books.gte' names no operation of the document (did you mean 'books.get'?)"
                )
            })
    }
}
