import SpecwrightYAML

/// The rules of the OpenAPI specification that its schema states across fields, and the
/// uniqueness of `operationId`.
extension OpenAPIStructureCheck {
    /// Styles each parameter location allows (OpenAPI 3.0/3.1, "Style Values").
    static let stylesByLocation: [String: Set<String>] = [
        "path": ["matrix", "label", "simple"],
        "query": ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
        "header": ["simple"],
        "cookie": ["form"]
    ]

    mutating func checkRules(_ node: Node, _ kind: OpenAPIObjectKind) {
        switch kind {
        case .parameter:
            checkParameter(node)
            checkExamples(node, kind)
        case .header:
            if let flag = node["allowReserved"] {
                report(
                    error: false, "'allowReserved' applies only to query parameters, not to a Header object",
                    at: flag.location)
            }
            checkExamples(node, kind)
        case .mediaType:
            checkExamples(node, kind)
        case .serverVariable:
            checkServerVariable(node)
        case .operation:
            checkOperationID(node)
        default:
            break
        }
    }

    /// A Parameter Object's location, and the style and `allowReserved` it allows.
    private mutating func checkParameter(_ node: Node) {
        // OpenAPI 2's `formData`: the importer sends it as a form field, or reports it where it cannot
        // (OpenAPIImporter+FormDataParameters.swift).
        guard let location = node["in"]?.openAPIText, location != "formData" else { return }
        guard let styles = Self.stylesByLocation[location] else {
            return report(
                error: true, "parameter location '\(location)' must be one of 'path', 'query', 'header' or 'cookie'",
                at: node["in"]?.location ?? node.location)
        }
        if let flag = node["allowReserved"], location != "query" {
            report(
                error: false, "'allowReserved' applies only to query parameters, not to a \(location) parameter",
                at: flag.location)
        }
        if let style = node["style"], let name = style.openAPIText, !styles.contains(name) {
            report(
                error: false,
                "style '\(name)' is not defined for \(location) parameters (\(styles.sorted().map { "'\($0)'" }.joined(separator: ", ")))",
                at: style.location)
        }
    }

    /// `example` and `examples` are mutually exclusive.
    private mutating func checkExamples(_ node: Node, _ kind: OpenAPIObjectKind) {
        guard node["example"] != nil, let examples = node.keyLocation("examples") else { return }
        report(
            error: false,
            "\(kind.article) \(kind.rawValue) object has both 'example' and 'examples'; they are mutually exclusive",
            at: examples)
    }

    /// A Server Variable's `enum` is not empty and holds its `default`.
    private mutating func checkServerVariable(_ node: Node) {
        guard let values = node["enum"], let items = values.sequence else { return }
        if items.isEmpty {
            return report(error: false, "a server variable's 'enum' must not be empty", at: values.location)
        }
        if let value = node["default"]?.openAPIText, !values.openAPIStrings.contains(value) {
            report(
                error: false, "the server variable's 'default' '\(value)' is not one of its 'enum' values",
                at: node["default"]?.location ?? node.location)
        }
    }

    /// `operationId` is unique in the document (the specification says it MUST be).
    private mutating func checkOperationID(_ node: Node) {
        guard let field = node["operationId"], let id = field.openAPIText else { return }
        if let first = operationIDs[id] {
            report(
                error: true,
                "duplicate operationId '\(id)' (first declared at \(first.line):\(first.column)); operationIds must be unique",
                at: field.location)
        } else {
            operationIDs[id] = field.location
        }
    }

    /// A document describes something: `paths`, `components` or (3.1) `webhooks`.
    mutating func checkContainers(_ root: Node) {
        guard root.mapping != nil, root["paths"] == nil, root["components"] == nil, root["webhooks"] == nil else {
            return
        }
        report(
            error: false, "the document has no 'paths', 'components' or 'webhooks': there is nothing to generate",
            at: root.location)
    }
}
