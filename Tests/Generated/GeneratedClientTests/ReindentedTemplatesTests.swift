import Foundation
import SpecwrightTestSupport
import Testing

/// `--templates` overrides that re-indent every default template (2 and 8 spaces a level) still
/// give code that compiles, broken only where a line is too long at the indentation the
/// template chose: the wrapping is decided after rendering, not by the contexts.
@Suite struct ReindentedTemplatesTests {
    /// The package root: this file is `Tests/Generated/GeneratedClientTests/ReindentedTemplatesTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The default templates with each leading four-space level replaced by `width` spaces.
    static func reindentedTemplates(width: Int) throws -> URL {
        let source = root.appendingPathComponent("Templates/Swift")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "templates-\(width)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            var lines: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let spaces: Int = line.prefix { $0 == " " }.count
                let indentation = String(repeating: " ", count: spaces / 4 * width + spaces % 4)
                lines.append(indentation + String(line.dropFirst(spaces)))
            }
            let reindented: String = lines.joined(separator: "\n")
            try Data(reindented.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    /// Generates `spec` with the re-indented templates; the files by name.
    static func generate(_ spec: String, width: Int) throws -> [String: String] {
        let templates = try reindentedTemplates(width: width)
        let output = templates.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: templates) }
        let run = try SwiftTypecheck.specwright(
            [
                "generate", root.appendingPathComponent(spec).path, "--output", output.path, "--templates",
                templates.path, "-q"
            ])
        #expect(run.status == 0, "\(run.output)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) where name.hasSuffix(".swift") {
            files[name] = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    @Test(arguments: [
        (2, "specs/social.yaml"), (8, "Tests/Fixtures/hostile.yaml"), (8, "Tests/Fixtures/openapi/shapes.yaml")
    ])
    func reindentedTemplatesGiveCodeThatCompiles(width: Int, spec: String) throws {
        let files = try Self.generate(spec, width: width)
        #expect(files.count >= 3)
        let lines = files.values.flatMap { $0.split(separator: "\n") }
        // The override's indentation is the output's.
        #expect(lines.contains { $0.hasPrefix(String(repeating: " ", count: width) + "public init(") })
        // Code is broken where it is too long at its real indentation (100 columns), not elsewhere.
        let overLong = lines.filter { line in
            line.count > 100 && !line.drop(while: { $0 == " " }).hasPrefix("//") && line.contains(",")
        }
        #expect(overLong.isEmpty, "\(overLong.joined(separator: "\n"))")
        let outcome = try SwiftTypecheck.run(files)
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    @Test func aTemplateCanChangeEveryMethodBody() throws {
        let templates = try Self.reindentedTemplates(width: 4)
        defer { try? FileManager.default.removeItem(at: templates) }
        let client = templates.appendingPathComponent("Client.mustache")
        let original = try String(contentsOf: client, encoding: .utf8)
        let body = """
            {{#isBatch}}
                    {{batchCall}} { chunk in
                        {{call}}
                    }
            {{/isBatch}}
            {{^isBatch}}
                    {{call}}
            {{/isBatch}}
            """
        let recordingBody = """
                    calls.record("{{name}}")
            {{#isBatch}}
                    return {{batchCall}} { chunk in
                        {{call}}
                    }
            {{/isBatch}}
            {{^isBatch}}
                    return {{call}}
            {{/isBatch}}
            """
        let changed = original.replacingOccurrences(of: body, with: recordingBody)
        #expect(
            changed != original,
            "the default Client template no longer writes method bodies from isBatch/batchCall/call")
        try Data(
            (changed + "\nlet calls = CallLog()\nfinal class CallLog: Sendable { func record(_ name: String) {} }\n")
                .utf8
        )
        .write(to: client)
        let output = templates.appendingPathComponent("out")
        let run = try SwiftTypecheck.specwright(
            [
                "generate", Self.root.appendingPathComponent("specs/social.yaml").path, "--output", output.path,
                "--templates", templates.path, "-q"
            ])
        #expect(run.status == 0, "\(run.output)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) where name.hasSuffix(".swift") {
            files[name] = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
        }
        #expect(files["Client.swift"]?.contains("calls.record(\"byIds\")") == true)
        let outcome = try SwiftTypecheck.run(files)
        #expect(outcome.status == 0, "\(outcome.output)")
    }
}
