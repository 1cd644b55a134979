import Foundation
import Testing

/// The real-framework round trip of issue #12 (`FrameworkRoundTrip`) with a Litestar service
/// (Tests/Fixtures/litestar/app.py, driver Tests/Fixtures/litestar/Driver): msgspec Structs, guards,
/// per-handler `security`, and the document Litestar writes from them, which spells several points of
/// the issue differently from FastAPI's. Needs the virtual environment of `Scripts/frameworks-venv.sh`.
@Suite(
    "Litestar round trip",
    .enabled(if: FrameworkService.python != nil, "run Scripts/frameworks-venv.sh first"),
    .timeLimit(.minutes(20))
)
struct LitestarRoundTripTests {
    /// Every check the driver runs, and the ones that still fail, with the reason.
    static let checks: [String: String?] = [
        "names.litestar-operation-ids": nil,
        "security.login-is-public": nil,
        "security.login-wrong-password": nil,
        "security.oauth2-bearer": nil,
        "security.public-route-gets-no-credentials": nil,
        "security.public-401-starts-no-refresh": nil,
        "security.basic": nil,
        "security.api-key-header": nil,
        "security.api-key-query": nil,
        "security.api-key-cookie": nil,
        "security.alternatives": nil,
        "security.combination": nil,
        "binary.multipart-file-keeps-filename-and-content-type": nil,
        "binary.array-of-files": nil,
        "binary.octet-stream-body-and-response": nil,
        "text.plain-response": nil,
        "null.required-nullable-is-sent-as-null": nil,
        "null.patch-sends-only-set-fields": nil,
        "null.patch-sends-explicit-null": nil,
        "errors.typed-404-and-400": nil,
        "discriminator.const-tag-round-trip": nil,
        "defaults.body-defaults": nil,
        "enums.body-enums": nil,
        "dates.body-keeps-microseconds": nil,
        "dates.query-keeps-microseconds": nil,
        "dates.header-keeps-microseconds": nil,
        "dates.server-offsets-decoded": nil,
        "headers.typed-response-headers": nil,
        "enums.query-enum-and-readable-names": nil,
        "defaults.query-defaults": nil,
        "defaults.query-values": nil
    ]

    @Test func everyRouteRoundTripsThroughTheGeneratedClient() async throws {
        _ = try await FrameworkRoundTrip.run(.litestar, checks: Self.checks)
    }
}
