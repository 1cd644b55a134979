import SpecwrightYAML

extension OpenAPIImporter {
    /// The `in: formData` parameters of an OpenAPI 3 document's operation: OpenAPI 2's location of a
    /// form field, which OpenAPI 3 moved into the request body. Frameworks still write it there
    /// (flask-smorest puts a `form` argument next to a `files` one so, marshmallow-code/flask-smorest#46),
    /// and what it means is plain: a field of the operation's form. So each becomes a field of the
    /// operation's form or multipart body (of a body of its own when the operation has none: URL-encoded,
    /// or multipart when a field is a file), with a located warning; next to a JSON or binary body it
    /// cannot be sent, which changes what a client does: an error. Returns the body's kind.
    mutating func lowerFormDataParameters(
        _ parameters: [OpenAPI.Parameter], body: IR.RequestBodyKind?, hint: String, scope: inout NameScope,
        into lists: inout ParameterLists
    ) -> IR.RequestBodyKind? {
        guard !parameters.isEmpty else { return body }
        let multipart: Bool
        switch body {
        case .multipart?: multipart = true
        case .formURLEncoded?: multipart = false
        case nil: multipart = parameters.contains { $0.schema.map(isFileSchema) ?? false }
        case .json?, .binary?:
            for parameter in parameters {
                diagnostics.error(
                    "parameter '\(parameter.name ?? "")' is in 'formData', OpenAPI 2's location of a form field, "
                        + "but the operation's request body is no form: it cannot be sent",
                    at: parameter.location)
            }
            return body
        }
        let form = multipart ? "multipart" : "form"
        for parameter in parameters {
            guard let name = parameter.name, let schema = parameter.schema else {
                skip(
                    .parameterStyle,
                    "parameter '\(parameter.name ?? "")' is in 'formData' without a schema: it is not sent",
                    at: parameter.location)
                continue
            }
            skip(
                .structure,
                "parameter '\(name)' is in 'formData', OpenAPI 2's location of a form field; "
                    + "it is sent as a field of the operation's \(form) body",
                at: parameter.location)
            let field = formField(
                name, schema: schema, required: parameter.required == true, encoding: nil, multipart: multipart,
                hint: hint, scope: &scope, defaults: &lists.fieldDefaults)
            if var field {
                if field.documentation.isEmpty { field.documentation = IR.Documentation(parameter.description) }
                lists.body.append(field)
            }
        }
        return multipart ? .multipart : .formURLEncoded
    }

    /// Whether a parameter's schema is a file: binary text (`format: binary`, a non-text
    /// `contentMediaType`, `contentEncoding`), or an array of such.
    private func isFileSchema(_ schema: Schema) -> Bool {
        let value = schema.items ?? schema
        if value.format == "binary" || value.format == "byte" || value.hasContentEncoding { return true }
        return value.contentMediaType.map { !Self.isTextual(mediaType: $0) } ?? false
    }
}
