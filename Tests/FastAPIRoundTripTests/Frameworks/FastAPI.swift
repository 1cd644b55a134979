import Testing

extension RoundTripFramework {
    /// A FastAPI service (Tests/Fixtures/fastapi/app.py, driver Tests/Fixtures/fastapi/Driver), with the
    /// generation config of its folder (a cache policy by path) and a second, cached client.
    static let fastAPI = RoundTripFramework(
        name: "FastAPI", folder: "fastapi", documentPath: "openapi.json",
        checks: """
            security.login-is-public security.login-wrong-password security.bearer
            security.public-route-gets-no-credentials security.public-401-starts-no-refresh security.basic
            security.api-key-header security.api-key-cookie
            binary.multipart-file-keeps-filename-and-content-type binary.array-of-files
            binary.octet-stream-body-streamed-from-disk binary.body-takes-the-declared-content-type
            null.required-nullable-is-sent-as-null null.patch-sends-only-set-fields null.patch-sends-explicit-null
            errors.typed-404-and-422 discriminator.round-trip defaults.body-defaults
            defaults.required-defaults-fill-the-initializer defaults.patch-form-and-multipart-send-only-set-fields
            enums.body-enums
            dates.body-keeps-microseconds dates.query-keeps-microseconds dates.path-day dates.header-keeps-microseconds
            headers.request-header-parameters headers.typed-response-headers
            enums.query-enum-and-readable-names defaults.query-defaults defaults.query-values
            cache.etag-revalidated-with-304 cache.write-replaces-the-stored-copy cache.max-age-served-without-a-request
            cache.config-policy-caches-a-route-without-headers cache.no-store-never-stored
            """,
        expectCalls: { calls in
            let revalidated = calls.filter {
                $0.method == "GET" && $0.path == "/catalog/{entry_id}" && $0.status == 304
            }
            #expect(
                revalidated.count == 1,
                "the cached client's conditional read, answered 304 by the service: \(revalidated)")
        }
    )
}
