import Foundation
import SpecwrightYAML

extension OpenAPIImporter {
    /// Lowers a request body: JSON first, then form, multipart, a text media type as a `String`
    /// (a string schema) or raw `Data`,
    /// and any other media type (`application/octet-stream`, `image/png`, `*/*`) as a `FilePart`.
    mutating func lowerRequestBody(
        _ requestBody: OpenAPI.RequestBody, hint: String, scope: inout NameScope, into lists: inout ParameterLists
    ) -> IR.RequestBodyKind? {
        let content = requestBody.content
        guard !content.isEmpty else { return nil }
        let documentation = IR.Documentation(requestBody.description)
        if let json = content.first(where: { Self.isJSON($0.mediaType) }) {
            let type =
                json.media.schema.map { typeReference($0, hint: hint + " request").nonOptional } ?? jsonValue()
            lists.body.append(
                IR.Parameter(
                    name: scope.claim("body"), wireName: IR.StringLiteral("body"), location: .body, type: type,
                    documentation: documentation))
            return .json
        }
        if let form = content.first(where: { $0.mediaType.hasPrefix("application/x-www-form-urlencoded") }) {
            lowerFields(form.media, hint: hint, scope: &scope, into: &lists, multipart: false)
            return .formURLEncoded
        }
        if let multipart = content.first(where: { $0.mediaType.hasPrefix("multipart/form-data") }) {
            lowerFields(multipart.media, hint: hint, scope: &scope, into: &lists, multipart: true)
            return .multipart
        }
        guard let other = content.first else { return nil }
        let isText = isTextContent(other)
        if other.mediaType.contains("xml"), !isText {
            skip(
                .mediaType,
                "request body media type '\(other.mediaType)' is sent as raw bytes: XML is not encoded for you",
                at: other.media.location)
        }
        let contentType = Self.singleMediaType(other.mediaType) ?? "application/octet-stream"
        // Bytes that are not text are a file: the caller's `FilePart` (in memory or on disk, streamed
        // from its file as it is sent) whose own content type wins over the declared one.
        // Text in a string schema is a `String` (OpenAPIImporter+TextBodies.swift).
        let type: IR.TypeReference =
            isText ? .builtin(.string) : Self.isTextual(mediaType: other.mediaType) ? .builtin(.data) : .builtin(.file)
        lists.body.append(
            IR.Parameter(
                name: scope.claim("body"), wireName: IR.StringLiteral("body"), location: .body, type: type,
                documentation: documentation))
        return .binary(contentType: IR.StringLiteral(contentType))
    }

    /// One parameter per property of a form or multipart body schema.
    private mutating func lowerFields(
        _ media: OpenAPI.MediaType, hint: String, scope: inout NameScope, into lists: inout ParameterLists,
        multipart: Bool
    ) {
        guard let schemaNode = media.schema, let schema = resolved(schemaNode) else { return }
        var object = MergedObject()
        merge(schema, into: &object)
        if object.properties.isEmpty {
            skip(.mediaType, "a form body without declared properties sends no fields", at: schemaNode.location)
        }
        // A read-only property is never sent: a form has no field for it.
        let fields = object.properties.filter { !direction($0.schema).readOnly }
        scope.expect(fields.lazy.map(\.name))
        for (key, propertySchema) in fields {
            let field = formField(
                key, schema: propertySchema, required: object.required.contains(key), encoding: media.encoding(of: key),
                multipart: multipart, hint: hint, scope: &scope, defaults: &lists.fieldDefaults)
            if let field { lists.body.append(field) }
        }
    }

    /// One field of a form (`multipart: false`) or multipart body: a property of the body's schema,
    /// or an OpenAPI 2 `formData` parameter (OpenAPIImporter+FormDataParameters.swift). `nil`, with a
    /// located warning, when the field cannot be sent in its `encoding`'s style. The text of a
    /// default the field keeps goes to `defaults`, by the field's Swift name (a `PATCH` moves it to
    /// the doc comment: ``leavingDefaultsOutOfPatchForm(_:)``).
    mutating func formField(
        _ key: String, schema propertySchema: Schema, required: Bool, encoding: OpenAPI.Encoding?, multipart: Bool,
        hint: String, scope: inout NameScope, defaults: inout [String: String]
    ) -> IR.Parameter? {
        var type = typeReference(propertySchema, hint: hint + " " + key)
        var defaultValue: IR.Expression?
        if !required {
            (type, defaultValue) = omittable(type, schema: propertySchema)
        } else {
            // Required: the default fills the argument only, the value is always sent.
            defaultValue = requiredDefault(type, schema: propertySchema)
        }
        let fieldName = scope.identifier(for: key, style: .member, fallback: "field")
        warnIfRenamed(scope, "form field '\(key)'", at: propertySchema.location)
        var parameter = IR.Parameter(
            name: fieldName, wireName: IR.StringLiteral(key),
            location: .formField, type: type, defaultValue: defaultValue,
            documentation: IR.Documentation(propertySchema.description))
        parameter.requiresKey = required && defaultValue != nil
        if multipart {
            let declared = encoding?.contentType
            if let declared, !Self.isTextual(mediaType: declared) { type = Self.binary(type) }
            let file = filePart(type)
            parameter.type = file ?? type
            // A file has no default (the schema's would be text); it stays optional instead (a
            // required one stays required).
            if file != nil, parameter.defaultValue != nil {
                parameter.defaultValue = nil
                if !parameter.type.isOptional, !parameter.requiresKey { parameter.type = .optional(parameter.type) }
                parameter.requiresKey = false
            }
            parameter.location = .multipartPart(
                filename: nil,
                contentType: (file == nil ? declared : Self.singleMediaType(declared)).map(IR.StringLiteral.init))
        } else {
            guard
                applyFormStyle(
                    encoding?.style, explode: encoding?.explode, to: &parameter, subject: "form field '\(key)'",
                    at: encoding?.location ?? propertySchema.location)
            else { return nil }
        }
        if parameter.defaultValue != nil, let value = propertySchema.defaultValue {
            defaults[parameter.name.name] = Self.defaultText(value)
        }
        return parameter
    }

    /// The fields of a `PATCH` form or multipart body with their defaults left to the server, as
    /// in a JSON `PATCH` body (OpenAPIImporter+PatchBodies.swift): a field with a default is a
    /// plain optional, `nil` by default and then left out, so the update sends only what the caller
    /// set; the doc comment names the default.
    static func leavingDefaultsOutOfPatchForm(_ lists: inout ParameterLists) {
        for index in lists.body.indices {
            let field = lists.body[index]
            guard field.defaultValue != nil, let text = lists.fieldDefaults[field.name.name] else { continue }
            lists.body[index].defaultValue = nil
            lists.body[index].requiresKey = false
            // A required field is always sent: the caller chooses its value.
            let note =
                "Default: `\(text)` (the server's); "
                + (field.requiresKey
                    ? "required: a `PATCH` sends it, so the caller chooses its value."
                    : "`nil` leaves it out: a `PATCH` keeps the stored value.")
            if !field.requiresKey {
                lists.body[index].type = field.type.isOptional ? field.type : .optional(field.type)
            }
            lists.body[index].documentation = IR.Documentation(
                (field.documentation.lines + [note]).joined(separator: "\n"))
        }
    }

    /// `String` (or `[String]`, optional or not) made `Data`: a multipart field whose `encoding`
    /// declares a content type that is not text is a file.
    static func binary(_ type: IR.TypeReference) -> IR.TypeReference {
        switch type {
        case .builtin(.string): .builtin(.data)
        case .array(.builtin(.string)): .array(.builtin(.data))
        case .optional(let wrapped): .optional(binary(wrapped))
        default: type
        }
    }

    /// `Data` (or `[Data]`, optional or not, directly or through aliases) made the runtime's
    /// `FilePart`: every binary spelling of a multipart field (`format: binary|byte`,
    /// `contentMediaType`, `contentEncoding`, a non-text `encoding.contentType`) is a file whose
    /// name and content type the caller chooses; `nil` for any other type.
    func filePart(_ type: IR.TypeReference) -> IR.TypeReference? {
        switch type {
        case .optional(let wrapped): filePart(wrapped).map(IR.TypeReference.optional)
        case .array(let element): isBinary(element) ? .array(.builtin(.file)) : nil
        default: isBinary(type) ? .builtin(.file) : nil
        }
    }

    /// Whether `type` is `Data`, directly or through a chain of aliases.
    private func isBinary(_ type: IR.TypeReference) -> Bool {
        var current = type
        var seen: Set<IR.TypeID> = []
        while case .named(let name) = current, case .alias(let target)? = declared.kinds[name.id],
            seen.insert(name.id).inserted
        {
            current = target
        }
        return current == .builtin(.data)
    }

    /// The one concrete media type of an `encoding.contentType` (the default content type of a file
    /// part); `nil` for a list (`image/png, image/jpeg`) or a wildcard (`image/*`), where the caller
    /// must choose.
    static func singleMediaType(_ declared: String?) -> String? {
        guard let declared, !declared.contains(","), !declared.contains("*") else { return nil }
        let trimmed = declared.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether `type` is the runtime's untyped `JSONValue` (directly or through aliases).
    func isUntyped(_ type: IR.TypeReference) -> Bool {
        guard case .named(let name) = type else { return false }
        switch declared.kinds[name.id] {
        case .alias(let target)?: return isUntyped(target)
        case nil: return type == jsonValue()
        default: return false
        }
    }
}
