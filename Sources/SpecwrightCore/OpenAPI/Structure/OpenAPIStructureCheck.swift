import SpecwrightYAML

/// Checks an OpenAPI document against the shape its specification fixes (``OpenAPIObjectKind``)
/// before it is imported, so that a document the importer would read leniently — a field of the
/// wrong type reads as absent — is refused or flagged instead of silently becoming a different
/// client.
///
/// Severity: a wrong shape or a missing required field is an error where a client depends on the
/// field (see ``OpenAPIField/client``), else a warning; unknown fields (not `x-` extensions) and the
/// rules in `OpenAPIStructureCheck+Rules.swift` are warnings unless they change what a client does.
/// Warnings are `[structure]` and counted in the import summary; `validate --strict` makes them errors.
struct OpenAPIStructureCheck {
    /// Whether the document is OpenAPI 3.1 (boolean schemas, `webhooks`, `pathItems`).
    let is31: Bool
    /// What was found: severity, message, location.
    private(set) var findings: [(error: Bool, message: String, location: SourceLocation)] = []
    /// `operationId` → where it was first declared.
    var operationIDs: [String: SourceLocation] = [:]
    /// How many schemas the schema being checked is nested in.
    private var schemaDepth = 0
    /// Whether schemas nest deeper than ``OpenAPIReader/maxSchemaDepth`` somewhere (reported once).
    private(set) var schemasNestTooDeep = false

    /// Checks the document whose root is `root`.
    static func check(_ root: Node) -> OpenAPIStructureCheck {
        let version = root["openapi"]?.openAPIText ?? ""
        var check = OpenAPIStructureCheck(is31: version.hasPrefix("3.1"))
        check.visit(root, as: .object(.document), field: "the document", client: true)
        check.checkContainers(root)
        return check
    }

    mutating func report(error: Bool, _ message: String, at location: SourceLocation) {
        findings.append((error, message, location))
    }

    /// Checks that `node` has `shape`; `field` names it in messages.
    private mutating func visit(_ node: Node, as shape: OpenAPIShape, field: String, client: Bool) {
        switch shape {
        case .any:
            return
        case .text:
            if node.scalar == nil || node.isNullScalar { mismatch(node, shape, field, client) }
        case .flag:
            if node.openAPIBool == nil { mismatch(node, shape, field, client) }
        case .schema:
            visitSchema(node, field: field)
        case .map(let element):
            if node.isNullScalar { return emptyCollection(node, shape, field) }
            guard node.mapping != nil else { return mismatch(node, shape, field, client) }
            for (key, value) in node.openAPIEntries where !key.hasPrefix("x-") || element.isSchema {
                visit(value, as: element, field: "'\(key)'", client: client)
            }
        case .list(let element):
            if node.isNullScalar { return emptyCollection(node, shape, field) }
            guard let items = node.sequence else { return mismatch(node, shape, field, client) }
            for item in items { visit(item, as: element, field: "an element of \(field)", client: client) }
        case .referenceOr(let kind):
            if node.isNullScalar, kind.isContainer {
                emptyCollection(node, shape, field)
            } else if node.mapping != nil, node["$ref"] != nil {
                visit(node["$ref"]!, as: .text, field: "'$ref'", client: client)
            } else {
                visit(node, as: .object(kind), field: field, client: client)
            }
        case .object(let kind):
            if node.isNullScalar, kind.isContainer { return emptyCollection(node, shape, field) }
            guard node.mapping != nil else { return mismatch(node, shape, field, client) }
            visitObject(node, kind)
        }
    }

    private mutating func visitObject(_ node: Node, _ kind: OpenAPIObjectKind) {
        let fields = kind.fields
        for entry in node.mapping ?? [] {
            guard let key = entry.key.scalar?.text else { continue }
            if let field = fields[key] {
                visit(entry.value, as: field.shape, field: "'\(key)'", client: field.client)
            } else if let patterned = kind.patternedValues {
                guard !key.hasPrefix("x-") || kind == .securityRequirement || kind == .callback else { continue }
                visitPatterned(key, entry.value, of: kind, as: patterned)
            } else if !key.hasPrefix("x-") {
                let hint = Suggestions.didYouMean(key, in: fields.keys.sorted())
                report(
                    error: false,
                    "unknown field '\(key)' in \(kind.article) \(kind.rawValue) object\(hint.text); extensions start with 'x-'",
                    at: entry.key.location)
            }
        }
        for key in kind.required where node[key] == nil {
            let client = fields[key]?.client ?? false
            report(error: client, "\(kind.article) \(kind.rawValue) object needs '\(key)'", at: node.location)
        }
        checkRules(node, kind)
    }

    private mutating func visitPatterned(
        _ key: String, _ value: Node, of kind: OpenAPIObjectKind, as shape: OpenAPIShape
    ) {
        if kind == .paths, !key.hasPrefix("/") {
            report(error: true, "path '\(key)' must start with '/'", at: value.location)
        }
        visit(value, as: shape, field: "'\(key)'", client: kind != .callback)
    }

    /// A Schema Object: a mapping, or (3.1) a boolean; the schemas inside it are checked too.
    private mutating func visitSchema(_ node: Node, field: String) {
        if is31, node.openAPIBool != nil { return }
        guard node.mapping != nil else {
            return report(
                error: true,
                "\(field) must be a Schema object (a mapping\(is31 ? " or a boolean" : "")), found \(node.kindName)",
                at: node.location)
        }
        guard schemaDepth < OpenAPIReader.maxSchemaDepth else { return reportNestingLimit(at: node.location) }
        schemaDepth += 1
        defer { schemaDepth -= 1 }
        let keywords = SchemaKeywordNodes(node)
        for keyword in OpenAPIKey.Schema.checked {
            guard let child = keywords[keyword] else { continue }
            // `additionalProperties: true|false` is a flag in 3.0 too.
            if keyword == .additionalProperties, child.openAPIBool != nil { continue }
            if keyword == .items, let tuple = child.sequence {
                tupleItems(tuple, at: child.location)
                continue
            }
            let field = keyword.field
            visit(child, as: field.shape, field: "'\(keyword.rawValue)'", client: field.client)
        }
    }

    /// `items` as an array of schemas: JSON Schema's tuple form before 2020-12 (what pydantic v1,
    /// and so older FastAPI services, write for a tuple; OpenAPI 3.1 spells it `prefixItems`). A
    /// warning, not an error: the array is generated with untyped elements (`[JSONValue]`), which
    /// decodes and sends every value; the element schemas are still checked.
    private mutating func tupleItems(_ elements: [Node], at location: SourceLocation) {
        report(
            error: false,
            "'items' is an array of schemas (a tuple; OpenAPI \(is31 ? "3.1 writes 'prefixItems'" : "3.0 allows one schema")); the elements are generated as 'JSONValue'",
            at: location)
        for element in elements { visitSchema(element, field: "an element of 'items'") }
    }

    /// Schemas nested deeper than the reader and the importer go (each recursion would grow the
    /// stack): an error, once per document.
    private mutating func reportNestingLimit(at location: SourceLocation) {
        guard !schemasNestTooDeep else { return }
        schemasNestTooDeep = true
        report(
            error: true,
            "schemas nest deeper than \(OpenAPIReader.maxSchemaDepth) levels here; the document is not generated",
            at: location)
    }

    /// `parameters:` with nothing after it: read as empty, which is what it says (a warning).
    private mutating func emptyCollection(_ node: Node, _ shape: OpenAPIShape, _ field: String) {
        report(
            error: false, "\(field) must be \(shape.description), found null; it is read as empty", at: node.location)
    }

    private mutating func mismatch(_ node: Node, _ shape: OpenAPIShape, _ field: String, _ client: Bool) {
        report(error: client, "\(field) must be \(shape.description), found \(node.kindName)", at: node.location)
    }
}

extension OpenAPIShape {
    var isSchema: Bool {
        if case .schema = self { return true }
        return false
    }
}

extension OpenAPIObjectKind {
    /// Objects that only hold others (`paths:` with nothing after it means no paths).
    var isContainer: Bool {
        [.paths, .pathItem, .components, .responses, .callback].contains(self)
    }

    /// `a` or `an`.
    var article: String {
        rawValue.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
    }
}

extension Node {
    /// `a mapping`, `an array`, `null`, `a string`, … for messages.
    var kindName: String {
        switch kind {
        case .mapping: return "a mapping"
        case .sequence: return "an array"
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int, .bigInt, .float: return "a number"
            default: return "a string"
            }
        }
    }
}
