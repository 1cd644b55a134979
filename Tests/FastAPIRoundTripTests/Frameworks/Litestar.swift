extension RoundTripFramework {
    /// A Litestar service (Tests/Fixtures/litestar/app.py, driver Tests/Fixtures/litestar/Driver): msgspec
    /// Structs, guards, per-handler `security`, and the document Litestar writes from them, which spells
    /// several points of issue #12 differently from FastAPI's.
    static let litestar = RoundTripFramework(
        name: "Litestar", folder: "litestar", documentPath: "schema/openapi.json",
        checks: """
            names.litestar-operation-ids security.login-is-public security.login-wrong-password
            security.oauth2-bearer security.public-route-gets-no-credentials security.public-401-starts-no-refresh
            security.basic security.api-key-header security.api-key-query security.api-key-cookie
            security.alternatives security.combination
            binary.multipart-file-keeps-filename-and-content-type binary.array-of-files
            binary.octet-stream-body-and-response text.plain-response
            null.required-nullable-is-sent-as-null null.patch-sends-only-set-fields null.patch-sends-explicit-null
            errors.typed-404-and-400 discriminator.const-tag-round-trip defaults.body-defaults enums.body-enums
            dates.body-keeps-microseconds dates.query-keeps-microseconds dates.header-keeps-microseconds
            dates.server-offsets-decoded headers.typed-response-headers
            enums.query-enum-and-readable-names defaults.query-defaults defaults.query-values
            """
    )
}
