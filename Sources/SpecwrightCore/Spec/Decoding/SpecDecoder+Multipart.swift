import SpecwrightYAML

extension SpecDecoder {
    static let multipartFieldKeys = ["type", "contentType", "description"]

    /// `multipart:` — a mapping of part names to a type, or to `{ type, contentType, description }`.
    /// `FilePart` fields are files; `contentType:` is a file's default content type (the caller's
    /// `FilePart` may choose another) or the content type of any other part. A content type must
    /// be one line: it is written into the part's headers.
    mutating func decodeMultipart(_ node: Node, context: @autoclosure () -> String) -> [MultipartField] {
        if let scalar = node.scalar, case .null = scalar.value { return [] }
        guard let mapping = node.mapping else {
            diagnostics.error(
                "expected a mapping of part names to types for 'multipart' in \(context()), found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        var fields: [MultipartField] = []
        fields.reserveCapacity(mapping.count)
        for entry in mapping {
            guard let name = identifierName(entry.key, "a multipart part name") else { continue }
            guard entry.value.mapping != nil else {
                if let type = typeUse(entry.value, "multipart part '\(name)'") {
                    fields.append(
                        MultipartField(
                            name: name, type: type, contentType: nil, description: nil, location: entry.key.location))
                }
                continue
            }
            guard
                let reader = MappingReader(
                    entry.value, kind: "multipart part", named: name, allowed: Self.multipartFieldKeys,
                    owner: entry.key.location, diagnostics: &diagnostics)
            else { continue }
            let type = reader.required("type", diagnostics: &diagnostics).flatMap { typeUse($0, reader.context) }
            let description = reader["description"].flatMap { text($0, "'description'") }
            let contentType = reader["contentType"].flatMap { contentTypeText($0) }
            guard let type else { continue }
            fields.append(
                MultipartField(
                    name: name, type: type, contentType: contentType, description: description,
                    location: entry.key.location))
        }
        return fields
    }

    /// One media type (`image/png`, `image/*`): written into a header, so one line of tokens.
    mutating func contentTypeText(_ node: Node) -> String? {
        guard let value = text(node, "'contentType'") else { return nil }
        let isToken = { (scalar: Unicode.Scalar) in
            scalar.value > 0x20 && scalar.value < 0x7F && !"()<>@,;:\\\"[]?={}".unicodeScalars.contains(scalar)
        }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(isToken) }) else {
            diagnostics.error(
                "'contentType' must be one media type such as 'image/png', not '\(NodeDescription.excerpt(value))'",
                at: node.location)
            return nil
        }
        return value
    }
}
