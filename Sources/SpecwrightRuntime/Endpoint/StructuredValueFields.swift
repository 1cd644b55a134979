/// How structured values (objects, maps, unions, arrays of them) are written as `name=value`
/// fields of a query string or a URL-encoded form, and as the one text of a header, a path
/// segment or a cookie.
///
/// Nesting follows what Stripe documents and what Node's `qs` and Rails' Rack decode: properties
/// nest in brackets (`metadata[order]=6735`, `created[gte]=1700000000`, `address[geo][lat]=48.8`),
/// an array whose elements are all scalars repeats `[]` (`expand[]=customer&expand[]=invoice`,
/// `filter[tags][]=a`), and an array holding objects or arrays indexes its elements
/// (`items[0][price]=p1&items[1][price]=p2`), the only spelling both decoders read back as an
/// array of objects. Properties are written in key order; `null` properties are left out.
extension StructuredValueText {
    /// The fields of `tree` under `name`. With a `separator` (OpenAPI's `explode: false`,
    /// `spaceDelimited`, `pipeDelimited`) the value is one field: `name=a,1,b,2` for an object,
    /// `name=x,y` for an array. Otherwise `.form` writes an object's properties as fields of their
    /// own and repeats `name` for the scalar elements of an array; `.deepObject` nests everything
    /// under `name`. A scalar is `name=value` in every style; `null` is no field.
    static func fields(
        _ tree: JSONValue, name: String, style: FormObjectStyle, separator: String?
    ) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        if let separator {
            if let text = joined(tree, separator: separator) { fields.append((name, text)) }
            return fields
        }
        switch (tree, style) {
        case (.object(let properties), .form):
            for (key, property) in properties.sorted(by: { $0.key < $1.key }) {
                flatten(property, key: key, into: &fields)
            }
        case (.array(let elements), .form):
            for (index, element) in elements.enumerated() {
                if let text = scalar(element) {
                    fields.append((name, text))
                } else {
                    flatten(element, key: "\(name)[\(index)]", into: &fields)
                }
            }
        default:
            flatten(tree, key: name, into: &fields)
        }
        return fields
    }

    /// One text for `tree` (OpenAPI's `explode: false` and `simple` styles): an object as its
    /// keys and values joined by `separator` (`a,1,b,2`), or with `keySeparator` between a key and
    /// its value (`a=1,b=2`, `simple` with `explode: true`); an array as its elements joined by
    /// `separator`; members that are objects or arrays as their JSON text; `nil` for `null`.
    static func joined(_ tree: JSONValue, separator: String, keySeparator: String? = nil) -> String? {
        switch tree {
        case .null:
            return nil
        case .object(let properties):
            return properties.sorted(by: { $0.key < $1.key })
                .compactMap { key, value in untyped(value).map { key + (keySeparator ?? separator) + $0 } }
                .joined(separator: separator)
        case .array(let elements):
            return elements.compactMap(untyped).joined(separator: separator)
        default:
            return scalar(tree)
        }
    }

    private static func flatten(_ value: JSONValue, key: String, into fields: inout [(name: String, value: String)]) {
        switch value {
        case .object(let properties):
            for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
                flatten(property, key: "\(key)[\(name)]", into: &fields)
            }
        case .array(let elements):
            let allScalar = elements.allSatisfy(\.isScalarOrNull)
            for (index, element) in elements.enumerated() {
                flatten(element, key: allScalar ? key + "[]" : "\(key)[\(index)]", into: &fields)
            }
        default:
            if let text = scalar(value) { fields.append((key, text)) }
        }
    }
}

extension JSONValue {
    /// Whether the value is neither an object nor an array.
    fileprivate var isScalarOrNull: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }
}
