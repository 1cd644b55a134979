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
    public mutating func append<Element: QueryValueConvertible>(
        _ name: String, _ values: [Element]?, joinedBy separator: String
    ) {
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
