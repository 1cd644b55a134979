import Foundation
import Testing

/// One framework of the real-framework round trip (`FrameworkRoundTrip`): where its fixture is, where
/// the running service serves its document, and what the driver must report. Each framework is one
/// small file in `Frameworks/`; `FrameworkRoundTripTests` runs every one in `all`.
struct RoundTripFramework: Sendable, CustomTestStringConvertible {
    /// The framework's name, as the test names its case.
    var name: String
    /// The folder under `Tests/Fixtures` with `app.py`, `Driver/` and the optional generation config
    /// `roundtrip.specwright-config.yaml`.
    var folder: String
    /// The path of the OpenAPI document the service serves, relative to its base URL.
    var documentPath: String
    /// The OpenAPI version the framework writes (a prefix of the document's `openapi`).
    var openAPIVersion: String
    /// Every check the driver runs (`PASS <check>` / `FAIL <check>: …`).
    var checks: Set<String>
    /// The checks that still fail, with the reason. A known issue that starts passing fails the test,
    /// so the list stays true.
    var knownIssues: [String: String]
    /// Expectations on the calls the service recorded, beyond the runner's own.
    var expectCalls: @Sendable ([FrameworkService.Call]) -> Void

    /// `checks` is a whitespace-separated list of check names.
    init(
        name: String, folder: String, documentPath: String, openAPIVersion: String = "3.1", checks: String,
        knownIssues: [String: String] = [:],
        expectCalls: @escaping @Sendable ([FrameworkService.Call]) -> Void = { _ in }
    ) {
        self.name = name
        self.folder = folder
        self.documentPath = documentPath
        self.openAPIVersion = openAPIVersion
        self.checks = Set(checks.split(whereSeparator: \.isWhitespace).map(String.init))
        self.knownIssues = knownIssues
        self.expectCalls = expectCalls
    }

    var testDescription: String { name }

    var fixtures: URL { FrameworkService.repository.appendingPathComponent("Tests/Fixtures/\(folder)") }

    /// Every framework, or the ones whose folders `SPECWRIGHT_ROUND_TRIP_FRAMEWORKS` names (comma-separated),
    /// to run one while working on it.
    static var selected: [RoundTripFramework] {
        let all: [RoundTripFramework] = [.fastAPI, .litestar, .djangoNinja, .djangoREST, .flaskSmorest]
        guard let named = ProcessInfo.processInfo.environment["SPECWRIGHT_ROUND_TRIP_FRAMEWORKS"] else { return all }
        let folders = Set(named.split(separator: ",").map(String.init))
        return all.filter { folders.contains($0.folder) }
    }
}
