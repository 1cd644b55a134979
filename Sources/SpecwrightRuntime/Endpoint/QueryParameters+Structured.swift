extension QueryParameters {
    /// Appends a structured value (an object, a map, a union, or an array of them) the way a form
    /// field holding it is written (``FormFields/append(_:encoding:style:joinedBy:)``): in `.form`
    /// style each property is an item of its own (`since=1&until=2`), in `.deepObject` style the
    /// properties nest under `name` (`created[gte]=1`, `metadata[key]=v`, `expand[]=a`), and with
    /// `separator` (OpenAPI's `explode: false`) the value is one item, `name=a,1,b,2`. A union
    /// whose value is a scalar is `name=value`; `nil` appends nothing. `dates` is the service's
    /// date coding, used for the dates inside the value.
    public mutating func append(
        _ name: String, encoding value: (some Encodable & Sendable)?, style: FormObjectStyle = .form,
        joinedBy separator: String? = nil, dates: DateCoding
    ) {
        guard let value, let tree = StructuredValueText.tree(value, dates: dates) else { return }
        for field in StructuredValueText.fields(tree, name: name, style: style, separator: separator) {
            items.append(QueryItem(name: field.name, value: .string(field.value)))
        }
    }

    /// Appends `name=<the value's JSON text>` (an OpenAPI `content: application/json` parameter:
    /// `filter={"tag":"a"}`, percent-encoded when the URL is built), or nothing when `value` is `nil`.
    public mutating func append(_ name: String, json value: (some Encodable & Sendable)?, dates: DateCoding) {
        guard let value else { return }
        items.append(QueryItem(name: name, value: .string(ParameterText.json(value, dates: dates))))
    }
}

/// The text of a structured header value or path segment (OpenAPI's `simple` style) and of a
/// `content` parameter (its JSON text). Generated code calls these.
public enum ParameterText {
    /// The JSON text of `value` (sorted keys, the service's date coding): a `content:
    /// application/json` parameter's value. A string is written with its quotes (`"abc"`), as
    /// JSON has it. Empty when the value's `encode(to:)` throws (generated types never do).
    public static func json(_ value: some Encodable & Sendable, dates: DateCoding) -> String {
        StructuredValueText.json(value, dates: dates, sortedKeys: true).map { String(decoding: $0, as: UTF8.self) }
            ?? ""
    }

    /// `value` in OpenAPI's `simple` style: an object as `a,1,b,2`, or `a=1,b=2` with `explode`;
    /// an array as `x,y`; a scalar as its text; nested objects and arrays as JSON text.
    public static func simple(_ value: some Encodable & Sendable, explode: Bool, dates: DateCoding) -> String {
        guard let tree = StructuredValueText.tree(value, dates: dates) else { return "" }
        return StructuredValueText.joined(tree, separator: ",", keySeparator: explode ? "=" : nil) ?? ""
    }
}
