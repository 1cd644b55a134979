extension RoundTripFramework {
    /// A Django Ninja service (Tests/Fixtures/django-ninja/app.py, driver Tests/Fixtures/django-ninja/Driver):
    /// Django routing and middleware, Ninja's auth classes with an API-wide default, `Schema`s,
    /// `File[UploadedFile]`, `@paginate`, `openapi_extra`, and the document Ninja writes from them
    /// (`<module>_<function>` operationIds, inline `MultiPartBodyParams`/`FormParams` bodies, `servers: []`,
    /// no top-level `security`).
    static let djangoNinja = RoundTripFramework(
        name: "Django Ninja", folder: "django-ninja", documentPath: "api/openapi.json",
        checks: """
            names.ninja-operation-ids security.login-is-public security.login-wrong-password security.bearer
            security.public-route-gets-no-credentials security.public-401-starts-no-refresh security.basic
            security.api-key-header security.api-key-query security.api-key-cookie security.alternatives
            binary.multipart-file-keeps-filename-and-content-type binary.array-of-files
            binary.octet-stream-body-and-response text.plain-response
            null.required-nullable-is-sent-as-null null.patch-sends-only-set-fields null.patch-sends-explicit-null
            errors.typed-404-and-undocumented-422 discriminator.round-trip defaults.body-defaults enums.body-enums
            dates.body-keeps-microseconds dates.query-keeps-microseconds dates.path-day dates.header-keeps-microseconds
            dates.server-milliseconds-and-offsets-decoded headers.typed-response-headers
            enums.query-schema-enum-and-readable-names defaults.query-defaults defaults.query-values-and-arrays
            pagination.limit-offset-and-trailing-slash
            """
    )
}
