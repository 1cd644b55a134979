import Foundation
import Testing

/// The real-framework round trip of issue #12 (`FrameworkRoundTrip`) with a Django Ninja service
/// (Tests/Fixtures/django-ninja/app.py, driver Tests/Fixtures/django-ninja/Driver): Django routing and
/// middleware, Ninja's auth classes with an API-wide default, `Schema`s, `File[UploadedFile]`,
/// `@paginate`, `openapi_extra`, and the document Ninja writes from them (`<module>_<function>`
/// operationIds, inline `MultiPartBodyParams`/`FormParams` bodies, `servers: []`, no top-level
/// `security`). Needs the virtual environment of `Scripts/frameworks-venv.sh`.
@Suite(
    "Django Ninja round trip",
    .enabled(if: FrameworkService.python != nil, "run Scripts/frameworks-venv.sh first"),
    .timeLimit(.minutes(20))
)
struct DjangoNinjaRoundTripTests {
    /// Every check the driver runs, and the ones that still fail, with the reason.
    static let checks: [String: String?] = [
        "names.ninja-operation-ids": nil,
        "security.login-is-public": nil,
        "security.login-wrong-password": nil,
        "security.bearer": nil,
        "security.public-route-gets-no-credentials": nil,
        "security.public-401-starts-no-refresh": nil,
        "security.basic": nil,
        "security.api-key-header": nil,
        "security.api-key-query": nil,
        "security.api-key-cookie": nil,
        "security.alternatives": nil,
        "binary.multipart-file-keeps-filename-and-content-type": nil,
        "binary.array-of-files": nil,
        "binary.octet-stream-body-and-response": nil,
        "text.plain-response": nil,
        "null.required-nullable-is-sent-as-null": nil,
        "null.patch-sends-only-set-fields": nil,
        "null.patch-sends-explicit-null": nil,
        "errors.typed-404-and-undocumented-422": nil,
        "discriminator.round-trip": nil,
        "defaults.body-defaults": nil,
        "enums.body-enums": nil,
        "dates.body-keeps-microseconds": nil,
        "dates.query-keeps-microseconds": nil,
        "dates.path-day": nil,
        "dates.header-keeps-microseconds": nil,
        "dates.server-milliseconds-and-offsets-decoded": nil,
        "headers.typed-response-headers": nil,
        "enums.query-schema-enum-and-readable-names": nil,
        "defaults.query-defaults": nil,
        "defaults.query-values-and-arrays": nil,
        "pagination.limit-offset-and-trailing-slash": nil
    ]

    @Test func everyRouteRoundTripsThroughTheGeneratedClient() async throws {
        _ = try await FrameworkRoundTrip.run(.djangoNinja, checks: Self.checks)
    }
}
