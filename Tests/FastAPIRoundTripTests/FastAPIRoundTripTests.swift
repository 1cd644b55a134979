import Foundation
import Testing

/// The real-framework round trip of issue #12: a FastAPI service (Tests/Fixtures/fastapi/app.py)
/// derives its OpenAPI 3.1 document from code; the document is fetched from the running service,
/// the client generated from it with the `specwright` command, compiled with the driver
/// (Tests/Fixtures/fastapi/Driver) against SpecwrightRuntime, and the driver calls every route on
/// 127.0.0.1 and checks each answer exactly. Needs the virtual environment of
/// `Scripts/fastapi-venv.sh` (`.ci/run` creates it).
@Suite(
    "FastAPI round trip",
    .enabled(if: FastAPIService.python != nil, "run Scripts/fastapi-venv.sh first"),
    .timeLimit(.minutes(20))
)
struct FastAPIRoundTripTests {
    /// Every check the driver runs, and the ones that still fail, with the part of issue #12 that
    /// fixes them. A known issue that starts passing fails the test, so the list stays true.
    static let checks: [String: String?] = [
        "security.login-is-public": nil,
        "security.login-wrong-password": nil,
        "security.bearer": nil,
        "security.public-route-gets-no-credentials": nil,
        "security.public-401-starts-no-refresh": nil,
        "security.basic": nil,
        "security.api-key-header": nil,
        "security.api-key-cookie": nil,
        "binary.multipart-file-keeps-filename-and-content-type": nil,
        "binary.array-of-files": nil,
        "binary.octet-stream-body-streamed-from-disk": nil,
        "binary.body-takes-the-declared-content-type": nil,
        "null.required-nullable-is-sent-as-null": nil,
        "null.patch-sends-only-set-fields": nil,
        "null.patch-sends-explicit-null": nil,
        "errors.typed-404-and-422": nil,
        "discriminator.round-trip": nil,
        "defaults.body-defaults": nil,
        "enums.body-enums": nil,
        "dates.body-keeps-microseconds": nil,
        "dates.query-keeps-microseconds": nil,
        "dates.path-day": nil,
        "dates.header-keeps-microseconds": nil,
        "headers.request-header-parameters": nil,
        "headers.typed-response-headers": nil,
        "enums.query-enum-and-readable-names": nil,
        "defaults.query-defaults": nil,
        "defaults.query-values": nil,
        "cache.etag-revalidated-with-304": nil,
        "cache.write-replaces-the-stored-copy": nil,
        "cache.max-age-served-without-a-request": nil,
        "cache.config-policy-caches-a-route-without-headers": nil,
        "cache.no-store-never-stored": nil
    ]

    @Test func everyRouteRoundTripsThroughTheGeneratedClient() async throws {
        let python = try #require(FastAPIService.python)
        let service = try FastAPIService(python: python)
        defer { service.stop() }
        let build = try GeneratedClientBuild()
        defer { build.removeWork() }

        let document = try await service.document()
        let paths = try Self.operations(in: document)
        #expect(String(decoding: document, as: UTF8.self).contains(#""openapi":"3.1"#))

        let config = try String(
            contentsOf: FastAPIService.fixtures.appendingPathComponent("roundtrip.specwright-config.yaml"),
            encoding: .utf8)
        let generated = try await build.generate(document: document, config: config)
        #expect(generated.status == 0, "\(generated.standardError)")
        #expect(!generated.standardError.contains(": error:"), "\(generated.standardError)")

        let driver = FastAPIService.fixtures.appendingPathComponent("Driver")
        let (executable, compiled) = try await build.compile(driver: driver)
        try #require(compiled.status == 0, "the generated client did not compile:\n\(compiled.standardError)")
        let generatedWarnings = compiled.standardError.split(separator: "\n").filter {
            $0.contains("warning:") && $0.contains(build.work.appendingPathComponent("Client").path)
        }
        #expect(generatedWarnings.isEmpty, "compiler warnings in generated code: \(generatedWarnings)")

        let run = try await GeneratedClientBuild.run(executable, [service.server.baseURL.absoluteString], limit: 300)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.last == "DONE", "the driver ended early (status \(run.status)):\n\(run.standardError)")
        Self.expectChecks(lines)

        let calls = try await service.calls()
        let called = Set(calls.map { "\($0.method) \($0.path)" })
        #expect(paths.subtracting(called).isEmpty, "routes never called: \(paths.subtracting(called).sorted())")
        let anonymous = try Self.publicOperations(in: document)
        let credentialed = calls.filter { $0.authorization && anonymous.contains("\($0.method) \($0.path)") }
        #expect(credentialed.isEmpty, "credentials sent to operations without security: \(credentialed)")
        let revalidated = calls.filter { $0.method == "GET" && $0.path == "/catalog/{entry_id}" && $0.status == 304 }
        #expect(
            revalidated.count == 1, "the cached client's conditional read, answered 304 by the service: \(revalidated)")
    }

    /// Every expected check ran; the ones not known to fail passed, the known ones still fail.
    static func expectChecks(_ lines: [String]) {
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

    /// `METHOD /path` of every operation whose effective security is none (no `security`, or an empty one).
    static func publicOperations(in document: Data) throws -> Set<String> {
        Set(
            try pathItems(document).flatMap { path, item in
                item.compactMap { method, operation in
                    let security = (operation as? [String: Any])?["security"] as? [Any]
                    return security?.isEmpty ?? true ? "\(method.uppercased()) \(path)" : nil
                }
            })
    }

    static func pathItems(_ document: Data) throws -> [String: [String: Any]] {
        let object = try JSONSerialization.jsonObject(with: document) as? [String: Any]
        return (object?["paths"] as? [String: [String: Any]]) ?? [:]
    }
}
