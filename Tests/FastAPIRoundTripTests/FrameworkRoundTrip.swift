import Foundation
import Testing

/// The real-framework round trip of issue #12, the same for every `RoundTripFramework`: the service
/// derives its OpenAPI document from code; the document is fetched from the running service, the
/// client generated from it with the `specwright` command (and the fixture's
/// `roundtrip.specwright-config.yaml`, when there is one), compiled with the fixture's `Driver/` and
/// the drivers' shared `Tests/Fixtures/framework-driver/` against SpecwrightRuntime, and the driver
/// calls every route on 127.0.0.1 and checks each answer exactly, printing `PASS <check>` or
/// `FAIL <check>: <detail>` per check and `DONE` at the end.
struct FrameworkRoundTrip {
    /// What a run showed: the document and the calls the service answered.
    struct Outcome {
        var document: Data
        var calls: [FrameworkService.Call]
    }

    /// Runs the round trip and records an issue for every failed check (but the framework's known
    /// issues), check that did not run, route never called and credential sent to an operation
    /// without security.
    static func run(_ framework: RoundTripFramework) async throws -> Outcome {
        let python = try #require(FrameworkService.python)
        let service = try FrameworkService(framework, python: python)
        defer { service.stop() }
        let build = try GeneratedClientBuild(name: framework.folder)
        defer { build.removeWork() }

        let document = try await service.document()
        let paths = try operations(in: document)
        let version = (try JSONSerialization.jsonObject(with: document) as? [String: Any])?["openapi"] as? String
        #expect(version?.hasPrefix(framework.openAPIVersion) == true, "OpenAPI version \(version ?? "none")")

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
        expectChecks(lines, checks: framework.checks, knownIssues: framework.knownIssues)

        let calls = try await service.calls()
        let called = Set(calls.map { "\($0.method) \($0.path)" })
        #expect(paths.subtracting(called).isEmpty, "routes never called: \(paths.subtracting(called).sorted())")
        let anonymous = try publicOperations(in: document)
        let credentialed = calls.filter { $0.authorization && anonymous.contains("\($0.method) \($0.path)") }
        #expect(credentialed.isEmpty, "credentials sent to operations without security: \(credentialed)")
        return Outcome(document: document, calls: calls)
    }

    /// Every expected check ran; the ones not known to fail passed, the known ones still fail.
    static func expectChecks(_ lines: [String], checks: Set<String>, knownIssues: [String: String]) {
        var seen: Set<String> = []
        for line in lines where line.hasPrefix("PASS ") || line.hasPrefix("FAIL ") {
            let passed = line.hasPrefix("PASS ")
            let name = String(line.dropFirst(5).prefix { $0 != ":" })
            seen.insert(name)
            guard checks.contains(name) else {
                Issue.record("unexpected check \(name)")
                continue
            }
            if let known = knownIssues[name] {
                withKnownIssue(Comment(rawValue: known)) {
                    if !passed { Issue.record(Comment(rawValue: line)) }
                }
            } else if !passed {
                Issue.record(Comment(rawValue: line))
            }
        }
        #expect(seen == checks, "checks that did not run: \(checks.subtracting(seen).sorted())")
    }

    /// `METHOD /path` of every operation in the document.
    static func operations(in document: Data) throws -> Set<String> {
        Set(try pathItems(document).flatMap { path, item in item.keys.map { "\($0.uppercased()) \(path)" } })
    }

    /// `METHOD /path` of every operation whose effective security is none: its own `security`, else
    /// the top-level one, is missing, empty, or has only the empty requirement `{}` (drf-spectacular's
    /// `[{}]`). One that lists `{}` next to schemes takes credentials optionally and is not counted.
    static func publicOperations(in document: Data) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: document) as? [String: Any]
        let topLevel = object?["security"] as? [Any]
        return Set(
            try pathItems(document).flatMap { path, item in
                item.compactMap { method, operation in
                    let security = (operation as? [String: Any])?["security"] as? [Any] ?? topLevel
                    let requirements = security?.compactMap { $0 as? [String: Any] } ?? []
                    return requirements.allSatisfy(\.isEmpty) ? "\(method.uppercased()) \(path)" : nil
                }
            })
    }

    /// The operations of each path item by method: a path item's other keys (`parameters`, `summary`,
    /// `servers` …; apispec writes the path's parameters there) are no operations.
    static func pathItems(_ document: Data) throws -> [String: [String: Any]] {
        let object = try JSONSerialization.jsonObject(with: document) as? [String: Any]
        let methods: Set = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]
        return ((object?["paths"] as? [String: [String: Any]]) ?? [:]).mapValues {
            $0.filter { methods.contains($0.key) }
        }
    }
}
