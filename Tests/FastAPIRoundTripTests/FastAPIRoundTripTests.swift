import Foundation
import Testing

/// The real-framework round trip of issue #12 (`FrameworkRoundTrip`) with a FastAPI service
/// (Tests/Fixtures/fastapi/app.py, driver Tests/Fixtures/fastapi/Driver). Needs the virtual
/// environment of `Scripts/frameworks-venv.sh` (`.ci/run` creates it).
@Suite(
    "FastAPI round trip",
    .enabled(if: FrameworkService.python != nil, "run Scripts/frameworks-venv.sh first"),
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
        let outcome = try await FrameworkRoundTrip.run(.fastAPI, checks: Self.checks)
        let revalidated = outcome.calls.filter {
            $0.method == "GET" && $0.path == "/catalog/{entry_id}" && $0.status == 304
        }
        #expect(
            revalidated.count == 1, "the cached client's conditional read, answered 304 by the service: \(revalidated)")
    }
}
