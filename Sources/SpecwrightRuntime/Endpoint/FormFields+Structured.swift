/// How a form field or query parameter holding an object, a map or a union is written (OpenAPI's
/// `style`).
public enum FormObjectStyle: Sendable, Hashable {
    /// OpenAPI's default (`form`, `explode: true`): the object's properties become fields of their
    /// own, `city=Paris&zip=75001`.
    case form
    /// `deepObject`: the properties nest under the field's name, `address[city]=Paris`; an array
    /// of scalars repeats `name[]`, an array of objects is indexed, `items[0][price]=p1`.
    case deepObject
}

extension FormFields {
    /// Appends a structured value (an object, a map, a union, or an array of them) in `style`;
    /// nothing when `value` is `nil`. The value is encoded as a JSON body would be (the service's
    /// date coding), then written field by field in key order: nested objects and arrays use
    /// brackets (`address[geo][lat]=…`, `items[0][price]=…`, `tags[]=a`), `null` properties are
    /// left out, a value that is a scalar after all is written as `name=value`, and in `.form`
    /// style the scalar elements of an array repeat the name. With `separator` (OpenAPI's
    /// `explode: false`) the value is one field, `name=a,1,b,2`. A value whose `encode(to:)`
    /// throws (generated types never do) adds no field.
    public mutating func append(
        _ name: String, encoding value: (some Encodable & Sendable)?, style: FormObjectStyle = .form,
        joinedBy separator: String? = nil
    ) {
        guard let value, let tree = StructuredValueText.tree(value, dates: dates) else { return }
        for field in StructuredValueText.fields(tree, name: name, style: style, separator: separator) {
            appendField(field.name, field.value)
        }
    }

    /// Appends an untyped value: strings, numbers and booleans as text, arrays and objects as JSON
    /// text (sorted keys); nothing for `nil` or `null`.
    public mutating func append(_ name: String, json value: JSONValue?) {
        guard let value, let text = StructuredValueText.untyped(value) else { return }
        appendField(name, text)
    }
}
