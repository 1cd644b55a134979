import Foundation

/// One HTTP header field. Names compare case-insensitively wherever the runtime looks them up.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name, e.g. `"Accept"`.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == HTTPHeader {
    /// The value of the first field named `name` (case-insensitive), or `nil`.
    public func value(for name: String) -> String? {
        first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Replaces every field named `name` (case-insensitive) with one field, or removes them
    /// all when `value` is `nil`.
    public mutating func setValue(_ value: String?, for name: String) {
        removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        if let value { append(HTTPHeader(name, value)) }
    }

    /// Adds the field unless a field with the same name (case-insensitive) is already present.
    public mutating func addIfAbsent(_ header: HTTPHeader) {
        if value(for: header.name) == nil { append(header) }
    }
}
