import SpecwrightYAML

extension OpenAPIImporter {
    /// Lowers a request body: JSON first, then form, multipart, and any other media type as raw `Data`.
    mutating func lowerRequestBody(_ requestBody: Node, hint: String, scope: inout NameScope, into lists: inout ParameterLists) -> IR.RequestBodyKind? {
        let content = requestBody["content"]?.openAPIEntries ?? []
        guard !content.isEmpty else { return nil }
        let documentation = IR.Documentation(requestBody["description"]?.openAPIText)
        if let json = content.first(where: { Self.isJSON($0.key) }) {
            let type = json.value["schema"].map { typeReference($0, hint: hint + " request").nonOptional } ?? jsonValue()
            lists.body.append(IR.Parameter(
                name: scope.claim("body"), wireName: IR.StringLiteral("body"), location: .body, type: type, documentation: documentation))
            return .json
        }
        if let form = content.first(where: { $0.key.hasPrefix("application/x-www-form-urlencoded") }) {
            lowerFields(form.value, hint: hint, scope: &scope, into: &lists, multipart: false)
            return .formURLEncoded
        }
        if let multipart = content.first(where: { $0.key.hasPrefix("multipart/form-data") }) {
            lowerFields(multipart.value, hint: hint, scope: &scope, into: &lists, multipart: true)
            return .multipart
        }
        guard let other = content.first else { return nil }
        if other.key.contains("xml") {
            skip(.mediaType, "request body media type '\(other.key)' is sent as raw bytes: XML is not encoded for you", at: other.value.location)
        }
        let contentType = other.key.contains("*") ? "application/octet-stream" : other.key
        lists.body.append(IR.Parameter(
            name: scope.claim("body"), wireName: IR.StringLiteral("body"), location: .body, type: .builtin(.data),
            documentation: documentation))
        return .binary(contentType: IR.StringLiteral(contentType))
    }

    /// One parameter per property of a form or multipart body schema.
    private mutating func lowerFields(_ media: Node, hint: String, scope: inout NameScope, into lists: inout ParameterLists, multipart: Bool) {
        guard let schemaNode = media["schema"], let schema = resolved(schemaNode) else { return }
        var object = MergedObject()
        merge(schema, into: &object)
        if object.properties.isEmpty {
            skip(.mediaType, "a form body without declared properties sends no fields", at: schemaNode.location)
        }
        for (key, propertySchema) in object.properties {
            var type = typeReference(propertySchema, hint: hint + " " + key)
            if !object.required.contains(key), !type.isOptional { type = .optional(type) }
            let location: IR.ParameterLocation
            if multipart {
                let isBinary = type.nonOptional == .builtin(.data)
                let declared = media["encoding"]?[key]?["contentType"]?.openAPIText
                location = .multipartPart(
                    filename: isBinary ? IR.StringLiteral(key) : nil,
                    contentType: (declared ?? (isBinary ? "application/octet-stream" : nil)).map(IR.StringLiteral.init))
            } else {
                location = .formField
            }
            lists.body.append(IR.Parameter(
                name: scope.identifier(for: key, style: .member, fallback: "field"), wireName: IR.StringLiteral(key),
                location: location, type: type, documentation: IR.Documentation(propertySchema["description"]?.openAPIText)))
        }
    }
}
