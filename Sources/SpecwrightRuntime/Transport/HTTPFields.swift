import Foundation

/// The header fields of a response: an ordered list in which names compare case-insensitively
/// and a field may repeat (`Set-Cookie`, `Link`, `Vary`), the counterpart of a request's
/// `[HTTPHeader]`.
///
///     response.headers.values(for: "Set-Cookie")   // ["session=abc; Path=/", "lang=en"]
///     response.headers["content-type"]             // "application/json"
///
/// A dictionary literal still builds one (`HTTPResponse(status: 200, headers: ["ETag": "\"v1\""])`).
public struct HTTPFields: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
    ExpressibleByArrayLiteral
{
    /// The fields in the order they arrived.
    public private(set) var fields: [HTTPHeader]

    /// The fields `fields`, in order.
    public init(_ fields: [HTTPHeader] = []) {
        self.fields = fields
    }

    /// One field per entry of `dictionary`, ordered by name (a dictionary has no order of its own).
    public init(_ dictionary: [String: String]) {
        fields = dictionary.sorted { $0.key < $1.key }.map { HTTPHeader($0.key, $0.value) }
    }

    /// Fields from a literal, in its order: `["Content-Type": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HTTPHeader($0.0, $0.1) }
    }

    /// Fields from a literal of `HTTPHeader`s: `[HTTPHeader("Set-Cookie", "a=1"), HTTPHeader("Set-Cookie", "b=2")]`.
    public init(arrayLiteral elements: HTTPHeader...) {
        fields = elements
    }

    /// Every value of the fields named `name` (case-insensitive), in order; empty when absent.
    public func values(for name: String) -> [String] {
        fields.compactMap { HTTPHeader.namesMatch($0.name, name) ? $0.value : nil }
    }

    /// The value of the fields named `name` (case-insensitive): one field's value, or the values of
    /// repeated fields joined by `", "` (RFC 9110 §5.3). Read `Set-Cookie` with ``values(for:)``:
    /// its values cannot be combined.
    public subscript(name: String) -> String? {
        let found = values(for: name)
        return found.isEmpty ? nil : found.joined(separator: ", ")
    }

    /// Appends a field (an existing field of the same name stays).
    public mutating func append(_ field: HTTPHeader) {
        fields.append(field)
    }

    /// Replaces every field named `name` with one field, or removes them all when `value` is `nil`.
    public mutating func setValue(_ value: String?, for name: String) {
        fields.setValue(value, for: name)
    }

    /// Names lower-cased, repeated fields combined as the `self[name]` subscript does.
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        for field in fields {
            let name = field.name.lowercased()
            result[name] = result[name].map { $0 + ", " + field.value } ?? field.value
        }
        return result
    }

    // MARK: RandomAccessCollection

    /// The first index.
    public var startIndex: Int { fields.startIndex }
    /// One past the last index.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`.
    public subscript(position: Int) -> HTTPHeader { fields[position] }
}

extension HTTPFields {
    /// The cookies of a `Set-Cookie` value that Foundation joined with `", "`: split at each comma
    /// that starts a new `name=value` pair, so the comma inside `Expires=Wed, 21 Oct 2026 …` stays.
    public static func splitSetCookie(_ combined: String) -> [String] {
        var cookies: [String] = []
        var current = ""
        let parts = combined.split(separator: ",", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if index > 0, startsCookie(part) {
                cookies.append(current.trimmingCharacters(in: .whitespaces))
                current = String(part)
            } else {
                current += (index > 0 ? "," : "") + part
            }
        }
        cookies.append(current.trimmingCharacters(in: .whitespaces))
        return cookies.filter { !$0.isEmpty }
    }

    /// Whether `part` begins a cookie: a token, then `=`, before any `;`.
    private static func startsCookie(_ part: Substring) -> Bool {
        let head = part.drop { $0 == " " }.prefix { $0 != ";" }
        guard let equals = head.firstIndex(of: "=") else { return false }
        let name = head[..<equals]
        return !name.isEmpty
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }
    }
}
