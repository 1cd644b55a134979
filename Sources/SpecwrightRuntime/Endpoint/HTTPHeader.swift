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

extension HTTPHeader {
    /// Whether two field names are equal ignoring ASCII case (field names are ASCII tokens,
    /// RFC 9110 §5.1); a byte comparison, much cheaper than a locale-aware comparison. Names of
    /// different lengths (most pairs) are told apart without looking at a byte.
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                for index in left.indices
                where left[index] != right[index] && lowercased(left[index]) != lowercased(right[index]) {
                    return false
                }
                return true
            }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }
}

extension Array where Element == HTTPHeader {
    /// The value of the first field named `name` (case-insensitive), or `nil`.
    public func value(for name: String) -> String? {
        first { HTTPHeader.namesMatch($0.name, name) }?.value
    }

    /// Replaces every field named `name` (case-insensitive) with one field, or removes them
    /// all when `value` is `nil`.
    public mutating func setValue(_ value: String?, for name: String) {
        removeAll { HTTPHeader.namesMatch($0.name, name) }
        if let value { append(HTTPHeader(name, value)) }
    }

    /// Adds the field unless a field with the same name (case-insensitive) is already present.
    public mutating func addIfAbsent(_ header: HTTPHeader) {
        if value(for: header.name) == nil { append(header) }
    }
}
