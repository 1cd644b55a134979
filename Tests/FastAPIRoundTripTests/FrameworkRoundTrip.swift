import Foundation
import Testing

/// The real-framework round trip of issue #12, for any framework of `FrameworkService`: the service
/// derives its OpenAPI 3.1 document from code; the document is fetched from the running service, the
/// client generated from it with the `specwright` command (and the fixture's
/// `roundtrip.specwright-config.yaml`, when there is one), compiled with the fixture's `Driver/` and
/// the drivers' shared `Tests/Fixtures/framework-driver/` against SpecwrightRuntime, and the driver calls every route on 127.0.0.1 and checks each answer
/// exactly, printing `PASS <check>` or `FAIL <check>: <detail>` per check and `DONE` at the end.
struct FrameworkRoundTrip {
    /// What a run showed: the document and the calls the service answered.
    struct Outcome {
        var document: Data
        var calls: [FrameworkService.Call]
    }

    /// Runs the round trip and records an issue for every failed check, route never called and
    /// credential sent to an operation without security. `checks` names every check the driver
    /// runs, with the issue that still makes it fail (nil: it must pass); a known issue that starts
    /// passing fails the test, so the list stays true.
    static func run(_ framework: FrameworkService.Framework, checks: [String: String?]) async throws -> Outcome {
        let python = try #require(FrameworkService.python)
        let service = try FrameworkService(framework, python: python)
        defer { service.stop() }
        let build = try GeneratedClientBuild(name: framework.folder)
        defer { build.removeWork() }

        let document = try await service.document()
        let paths = try operations(in: document)
        let version = (try JSONSerialization.jsonObject(with: document) as? [String: Any])?["openapi"] as? String
        #expect(version?.hasPrefix("3.1") == true, "OpenAPI version \(version ?? "none")")

        let configFile = framework.fixtures.appendingPathComponent("roundtrip.specwright-config.yaml")
        let config = try? String(contentsOf: configFile, encoding: .utf8)
        let generated = try await build.generate(document: document, config: config)
        #expect(generated.status == 0, "\(generated.standardError)")
        #expect(!generated.standardError.contains(": error:"), "\(generated.standardError)")

        let shared = FrameworkService.repository.appendingPathComponent("Tests/Fixtures/framework-driver")
        let (executable, compiled) = try await build.compile(
            driver: [shared, framework.fixtures.appendingPathComponent("Driver")])
        try #require(compiled.status == 0, "the generated client did not compile:\n\(compiled.standardError)")
        let generatedWarnings = compiled.standardError.split(separator: "\n").filter {
            $0.contains("warning:") && $0.contains(build.work.appendingPathComponent("Client").path)
        }
        #expect(generatedWarnings.isEmpty, "compiler warnings in generated code: \(generatedWarnings)")

        let run = try await GeneratedClientBuild.run(executable, [service.server.baseURL.absoluteString], limit: 300)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.last == "DONE", "the driver ended early (status \(run.status)):\n\(run.standardError)")
        expectChecks(lines, checks: checks)

        let calls = try await service.calls()
        let called = Set(calls.map { "\($0.method) \($0.path)" })
        #expect(paths.subtracting(called).isEmpty, "routes never called: \(paths.subtracting(called).sorted())")
        let anonymous = try publicOperations(in: document)
        let credentialed = calls.filter { $0.authorization && anonymous.contains("\($0.method) \($0.path)") }
        #expect(credentialed.isEmpty, "credentials sent to operations without security: \(credentialed)")
        return Outcome(document: document, calls: calls)
    }

    /// Every expected check ran; the ones not known to fail passed, the known ones still fail.
    static func expectChecks(_ lines: [String], checks: [String: String?]) {
        var seen: Set<String> = []
        for line in lines where line.hasPrefix("PASS ") || line.hasPrefix("FAIL ") {
            let passed = line.hasPrefix("PASS ")
            let name = String(line.dropFirst(5).prefix { $0 != ":" })
            seen.insert(name)
            guard let known = checks[name] else {
                Issue.record("unexpected check \(name)")
                continue
            }
            if let known {
                withKnownIssue(Comment(rawValue: known)) {
                    if !passed { Issue.record(Comment(rawValue: line)) }
                }
            } else if !passed {
                Issue.record(Comment(rawValue: line))
            }
        }
        #expect(seen == Set(checks.keys), "checks that did not run: \(Set(checks.keys).subtracting(seen).sorted())")
    }

    /// `METHOD /path` of every operation in the document.
    static func operations(in document: Data) throws -> Set<String> {
        Set(try pathItems(document).flatMap { path, item in item.keys.map { "\($0.uppercased()) \(path)" } })
    }

    /// `METHOD /path` of every operation whose effective security is none: an empty `security` of
    /// its own, or none of its own and no top-level one (or an empty one).
    static func publicOperations(in document: Data) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: document) as? [String: Any]
        let topLevel = object?["security"] as? [Any]
        return Set(
            try pathItems(document).flatMap { path, item in
                item.compactMap { method, operation in
                    let security = (operation as? [String: Any])?["security"] as? [Any] ?? topLevel
                    return security?.isEmpty ?? true ? "\(method.uppercased()) \(path)" : nil
                }
            })
    }

    static func pathItems(_ document: Data) throws -> [String: [String: Any]] {
        let object = try JSONSerialization.jsonObject(with: document) as? [String: Any]
        return (object?["paths"] as? [String: [String: Any]]) ?? [:]
    }
}
