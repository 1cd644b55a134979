/// How a form field holding an object, a map or a union is written (OpenAPI's encoding `style`).
public enum FormObjectStyle: Sendable, Hashable {
    /// OpenAPI's default (`form`, `explode: true`): the object's properties become fields of their
    /// own, `city=Paris&zip=75001`.
    case form
    /// `deepObject`: the properties nest under the field's name, `address[city]=Paris`.
    case deepObject
}

extension FormFields {
    /// Appends a structured value (an object, a map, a union, or an array of them) in `style`;
    /// nothing when `value` is `nil`. The value is encoded as a JSON body would be (the service's
    /// date coding), then written field by field in key order: nested objects and arrays use
    /// brackets (`address[geo][lat]=…`, `items[0][price]=…`), `null` properties are left out, a
    /// value that is a scalar after all is written as `name=value`, and in `.form` style the
    /// scalar elements of an array repeat the name. A value whose `encode(to:)` throws (generated
    /// types never do) adds no field.
    public mutating func append(
        _ name: String, encoding value: (some Encodable & Sendable)?, style: FormObjectStyle = .form
    ) {
        guard let value, let tree = StructuredValueText.tree(value, dates: dates) else { return }
        switch (tree, style) {
        case (.object(let properties), .form):
            for (key, property) in properties.sorted(by: { $0.key < $1.key }) { appendFlattened(property, key: key) }
        case (.array(let elements), .form):
            for (index, element) in elements.enumerated() {
                if let text = StructuredValueText.scalar(element) {
                    appendField(name, text)
                } else {
                    appendFlattened(element, key: "\(name)[\(index)]")
                }
            }
        default:
            appendFlattened(tree, key: name)
        }
    }

    /// Appends an untyped value: strings, numbers and booleans as text, arrays and objects as JSON
    /// text (sorted keys); nothing for `nil` or `null`.
    public mutating func append(_ name: String, json value: JSONValue?) {
        guard let value, let text = StructuredValueText.untyped(value) else { return }
        appendField(name, text)
    }

    private mutating func appendFlattened(_ value: JSONValue, key: String) {
        switch value {
        case .object(let properties):
            for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
                appendFlattened(property, key: "\(key)[\(name)]")
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { appendFlattened(element, key: "\(key)[\(index)]") }
        default:
            if let text = StructuredValueText.scalar(value) { appendField(key, text) }
        }
    }
}
