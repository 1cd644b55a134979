import Foundation

/// A typed query-string value. The runtime renders it when it builds the URL:
/// strings as is, integers in decimal, doubles in their shortest round-tripping form
/// (non-finite values are an `invalidRequest` error), booleans as `true`/`false`,
/// UUIDs in upper-case canonical form, and dates with the service's `DateCoding`
/// (ISO 8601 `2024-05-01T12:00:00Z`, adding milliseconds only when non-zero; or whole
/// seconds / milliseconds since 1970).
public enum QueryValue: Sendable, Hashable {
    /// A string, percent-encoded by the runtime.
    case string(String)
    /// An integer.
    case int(Int64)
    /// A floating-point number.
    case double(Double)
    /// A boolean (`true` / `false`).
    case bool(Bool)
    /// A point in time, rendered with the service's date coding.
    case date(Date)
    /// A UUID.
    case uuid(UUID)
    /// Several values in one item, each rendered as above and joined with `separator`
    /// (OpenAPI `explode: false`: `tags=a,b`; `spaceDelimited`, `pipeDelimited`).
    indirect case list([QueryValue], separator: String)
}

/// A value that can appear in a query string. Generated string enums conform with `.string(rawValue)`.
public protocol QueryValueConvertible: Sendable {
    /// The typed query value.
    var queryValue: QueryValue { get }
}

extension String: QueryValueConvertible {
    /// The string itself.
    public var queryValue: QueryValue { .string(self) }
}
extension Int: QueryValueConvertible {
    /// The integer as `Int64`.
    public var queryValue: QueryValue { .int(Int64(self)) }
}
extension Int64: QueryValueConvertible {
    /// The integer.
    public var queryValue: QueryValue { .int(self) }
}
extension Int32: QueryValueConvertible {
    /// The integer as `Int64`.
    public var queryValue: QueryValue { .int(Int64(self)) }
}
extension Double: QueryValueConvertible {
    /// The number.
    public var queryValue: QueryValue { .double(self) }
}
extension Float: QueryValueConvertible {
    /// The number as `Double`.
    public var queryValue: QueryValue { .double(Double(self)) }
}
extension Bool: QueryValueConvertible {
    /// The boolean.
    public var queryValue: QueryValue { .bool(self) }
}
extension Date: QueryValueConvertible {
    /// The date, rendered with the service's date coding.
    public var queryValue: QueryValue { .date(self) }
}
extension UUID: QueryValueConvertible {
    /// The UUID.
    public var queryValue: QueryValue { .uuid(self) }
}
extension URL: QueryValueConvertible {
    /// The absolute URL string.
    public var queryValue: QueryValue { .string(absoluteString) }
}

/// One query parameter.
public struct QueryItem: Sendable, Hashable {
    /// The parameter name (percent-encoded by the runtime).
    public var name: String
    /// The typed value.
    public var value: QueryValue
    /// Whether the value's reserved characters are sent as they are (OpenAPI's `allowReserved`:
    /// `path=/a/b:c` instead of `path=%2Fa%2Fb%3Ac`); `#`, `[`, `]`, spaces and non-ASCII are still
    /// percent-encoded, and so is everything else when `false` (the default).
    public var allowsReserved: Bool

    /// Creates a query parameter.
    public init(name: String, value: QueryValue, allowsReserved: Bool = false) {
        self.name = name
        self.value = value
        self.allowsReserved = allowsReserved
    }
}

/// Ordered query parameters: `nil` values are omitted, arrays become repeated keys
/// (`tag=a&tag=b`), insertion order is kept.
public struct QueryParameters: Sendable, Hashable {
    /// The parameters in insertion order.
    public var items: [QueryItem]

    /// Creates empty parameters.
    public init() {
        items = []
    }

    /// Whether there are no parameters.
    public var isEmpty: Bool { items.isEmpty }

    /// Appends `name=value`, or nothing when `value` is `nil`; `allowingReserved` sends the value's
    /// reserved characters as they are (``QueryItem/allowsReserved``).
    public mutating func append<T: QueryValueConvertible>(_ name: String, _ value: T?, allowingReserved: Bool = false) {
        guard let value else { return }
        items.append(QueryItem(name: name, value: value.queryValue, allowsReserved: allowingReserved))
    }

    /// Appends one `name=a,b,c` item whose values are joined with `separator`, or nothing when
    /// `values` is `nil` (OpenAPI `explode: false` arrays and the delimited styles).
    public mutating func append<T: QueryValueConvertible>(
        _ name: String, _ values: [T]?, joinedBy separator: String, allowingReserved: Bool = false
    ) {
        guard let values else { return }
        items.append(
            QueryItem(
                name: name, value: .list(values.map(\.queryValue), separator: separator),
                allowsReserved: allowingReserved))
    }

    /// Appends one `name=value` per element (repeated keys), or nothing when `values` is `nil`.
    public mutating func append<T: QueryValueConvertible>(
        _ name: String, _ values: [T]?, allowingReserved: Bool = false
    ) {
        guard let values else { return }
        for value in values {
            items.append(QueryItem(name: name, value: value.queryValue, allowsReserved: allowingReserved))
        }
    }
}
