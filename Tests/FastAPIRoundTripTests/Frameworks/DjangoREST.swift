extension RoundTripFramework {
    /// A Django REST framework service (Tests/Fixtures/drf/app.py, driver Tests/Fixtures/drf/Driver) with
    /// drf-spectacular writing its OpenAPI 3.0.3 document: a `ModelViewSet` over a model with read-only,
    /// blank-and-null choice, nullable URL, decimal, UUID and microsecond fields, `PatchedTask`,
    /// page-number pagination, an `@action`, a `MultiPartParser` upload, DRF's token (an API key in
    /// `Authorization`), session-cookie and basic authentication, `AllowAny` routes (`{}` among the
    /// alternatives), request bodies under JSON, form and multipart at once, and DRF's error bodies.
    static let djangoREST = RoundTripFramework(
        name: "Django REST framework", folder: "drf", documentPath: "api/schema/", openAPIVersion: "3.0",
        checks: """
            security.token-login security.login-wrong-password security.token-api-key-header security.basic
            security.session-cookie security.public-route-gets-no-credentials security.optional-credentials-are-sent
            errors.401-without-credentials schema.vendor-json-response
            model.create-ignores-read-only-fields model.fields-round-trip dates.microseconds-round-trip
            decimal.exact-strings null.patch-sends-only-set-fields null.patch-sends-explicit-null
            null.choice-blank-and-null null.nullable-uri-and-blank model.fetched-value-is-sent-back-with-put
            model.action-without-body pagination.page-number enums.query-filter errors.400-field-messages
            model.free-form-json query.search-and-ordering model.destroy-and-404
            binary.multipart-file-keeps-filename-and-content-type errors.400-empty-file
            fields.serializer-kinds-round-trip
            """
    )
}
