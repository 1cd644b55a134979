import Testing

extension RoundTripFramework {
    /// A flask-smorest service (Tests/Fixtures/flask-smorest/app.py, driver Tests/Fixtures/flask-smorest/Driver):
    /// Flask `Blueprint`s of `MethodView`s with marshmallow schemas, apispec writing the OpenAPI 3.0.3
    /// document; a top-level bearer requirement that routes override (bearer or an API key, none);
    /// `@blp.paginate` and its JSON `X-Pagination` response header; `@blp.etag` (ETag, `If-None-Match`
    /// → 304, `If-Match` required: 428 without it, 412 on a stale one) through a plain and a cached
    /// client; `location="files"` uploads next to a `form` field; `abort` with flask-smorest's error
    /// body; 204 routes.
    static let flaskSmorest = RoundTripFramework(
        name: "flask-smorest", folder: "flask-smorest", documentPath: "openapi.json", openAPIVersion: "3.0",
        checks: """
            security.login-is-public security.login-wrong-password security.bearer security.api-key-header
            security.public-route-gets-no-credentials security.api-key-alternative errors.401-without-credentials
            model.create-ignores-read-only-fields model.create model.fields-round-trip dates.microseconds-at-an-offset
            decimal.string-on-the-wire-documented-as-number null.patch-clears-nullable-nested
            null.patch-sends-only-set-fields model.fetched-value-is-sent-back-with-put model.204-without-body
            pagination.x-pagination-header query.list-of-enums query.defaults-and-enum query.date-filter
            etag.typed-etag-header etag.if-none-match-304 etag.428-without-if-match etag.412-on-a-stale-if-match
            etag.delete-with-if-match cache.etag-revalidated-with-304 cache.write-replaces-the-stored-copy
            errors.404-flask-smorest-body errors.422-field-messages errors.409-alt-response
            binary.multipart-files-keep-filename-and-content-type binary.form-field-next-to-files
            fields.measures-round-trip
            """,
        expectCalls: { calls in
            let notModified = calls.filter { $0.method == "GET" && $0.path == "/pets/{pet_id}" && $0.status == 304 }
            // The caller's If-None-Match, and the cached client's two revalidations.
            #expect(notModified.count == 3, "conditional reads answered 304 by the service: \(notModified)")
            let preconditions = Set(calls.filter { $0.path == "/pets/{pet_id}" }.map(\.status))
            #expect(preconditions.isSuperset(of: [412, 428, 204]), "statuses of /pets/{pet_id}: \(preconditions)")
        }
    )
}
