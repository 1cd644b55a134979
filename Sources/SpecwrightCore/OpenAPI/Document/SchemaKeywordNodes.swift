import SpecwrightYAML

/// The keywords of one Schema Object that ``OpenAPIReader`` reads, found in one pass over its
/// entries (the first of a repeated key wins, as `Node[key]` does) instead of one scan of the
/// entries per keyword. A class: the reader recurses into nested schemas while it holds one, and
/// 26 optional nodes would otherwise sit in every frame of that recursion.
final class SchemaKeywordNodes {
    var reference: Node?
    var referenceKeyLocation: SourceLocation?
    var type: Node?
    var nullable: Node?
    var format: Node?
    var enumValues: Node?
    var enumVarnames: Node?
    var enumNames: Node?
    var constant: Node?
    var defaultValue: Node?
    var allOf: Node?
    var oneOf: Node?
    var anyOf: Node?
    var properties: Node?
    var required: Node?
    var items: Node?
    var additionalProperties: Node?
    var discriminator: Node?
    var title: Node?
    var description: Node?
    var deprecated: Node?
    var readOnly: Node?
    var writeOnly: Node?
    var contentEncoding: Node?
    var contentMediaType: Node?
    var swiftName: Node?

    init(_ node: Node) {
        guard let entries = node.mapping else { return }
        for entry in entries {
            guard let key = entry.key.scalar?.text else { continue }
            let value = entry.value
            switch key {
            case "$ref":
                if reference == nil { (reference, referenceKeyLocation) = (value, entry.key.location) }
            case "type": Self.keepFirst(&type, value)
            case "nullable": Self.keepFirst(&nullable, value)
            case "format": Self.keepFirst(&format, value)
            case "enum": Self.keepFirst(&enumValues, value)
            case "x-enum-varnames": Self.keepFirst(&enumVarnames, value)
            case "x-enumNames": Self.keepFirst(&enumNames, value)
            case "const": Self.keepFirst(&constant, value)
            case "default": Self.keepFirst(&defaultValue, value)
            case "allOf": Self.keepFirst(&allOf, value)
            case "oneOf": Self.keepFirst(&oneOf, value)
            case "anyOf": Self.keepFirst(&anyOf, value)
            case "properties": Self.keepFirst(&properties, value)
            case "required": Self.keepFirst(&required, value)
            case "items": Self.keepFirst(&items, value)
            case "additionalProperties": Self.keepFirst(&additionalProperties, value)
            case "discriminator": Self.keepFirst(&discriminator, value)
            case "title": Self.keepFirst(&title, value)
            case "description": Self.keepFirst(&description, value)
            case "deprecated": Self.keepFirst(&deprecated, value)
            case "readOnly": Self.keepFirst(&readOnly, value)
            case "writeOnly": Self.keepFirst(&writeOnly, value)
            case "contentEncoding": Self.keepFirst(&contentEncoding, value)
            case "contentMediaType": Self.keepFirst(&contentMediaType, value)
            case "x-specwright-name": Self.keepFirst(&swiftName, value)
            default: continue
            }
        }
    }

    /// Whether the schema says anything about a type (`Keywords.describesType`).
    var describesType: Bool {
        reference != nil || type != nil || properties != nil || enumValues != nil || items != nil || allOf != nil
            || oneOf != nil || anyOf != nil || additionalProperties != nil || constant != nil
    }

    private static func keepFirst(_ slot: inout Node?, _ value: Node) {
        if slot == nil { slot = value }
    }
}
