/// Builds the fields of a URL-encoded form one `append` at a time, leaving out `nil` values: the
/// way generated endpoints write form bodies (`return .formURLEncoded(formFields.fields)`). Values
/// are written as in a query string (enums by raw value, booleans `true`/`false`, dates with the
/// service's `DateCoding`), so a form field costs the generated code one call and no branch.
public struct FormFields: Sendable {
    /// The fields appended so far, in order.
    public private(set) var fields: [FormField] = []
    let dates: DateCoding

    /// An empty form whose dates are written with `dates`.
    public init(dates: DateCoding) {
        self.dates = dates
    }

    /// Appends `name=value`, or nothing when `value` is `nil`.
    public mutating func append<Value: QueryValueConvertible>(_ name: String, _ value: Value?) {
        guard let value else { return }
        fields.append(FormField(name: name, value: text(of: value.queryValue)))
    }

    /// Appends one `name=value` field per element (repeated names, OpenAPI's default `form`,
    /// `explode: true` encoding), or nothing when `values` is `nil`.
    public mutating func append<Element: QueryValueConvertible>(_ name: String, _ values: [Element]?) {
        guard let values else { return }
        for value in values {
            fields.append(FormField(name: name, value: text(of: value.queryValue)))
        }
    }

    /// Appends one field whose value is the elements joined by `separator` (OpenAPI's
    /// `explode: false`, `spaceDelimited`, `pipeDelimited`), or nothing when `values` is `nil`.
    public mutating func append<Element: QueryValueConvertible>(_ name: String, _ values: [Element]?, joinedBy separator: String) {
        guard let values else { return }
        fields.append(FormField(name: name, value: text(of: .list(values.map(\.queryValue), separator: separator))))
    }

    mutating func appendField(_ name: String, _ value: String) {
        fields.append(FormField(name: name, value: value))
    }

    private func text(of value: QueryValue) -> String {
        switch value {
        case .double(let number) where !number.isFinite: String(number)
        case .list(let values, let separator): values.map(text(of:)).joined(separator: separator)
        default: (try? value.rendered(dates: dates)) ?? ""
        }
    }
}

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
    public mutating func append(_ name: String, encoding value: (some Encodable & Sendable)?, style: FormObjectStyle = .form) {
        guard let value, let tree = StructuredValueText.tree(value, dates: dates) else { return }
        switch (tree, style) {
        case (.object(let properties), .form):
            for key in properties.keys.sorted() { appendFlattened(properties[key]!, key: key) }
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
            for property in properties.keys.sorted() { appendFlattened(properties[property]!, key: "\(key)[\(property)]") }
        case .array(let elements):
            for (index, element) in elements.enumerated() { appendFlattened(element, key: "\(key)[\(index)]") }
        default:
            if let text = StructuredValueText.scalar(value) { appendField(key, text) }
        }
    }
}
