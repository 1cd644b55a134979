import Foundation

extension HTTPFields {
    /// The field `name` read as `T`, the way generated code reads a response header the operation
    /// declares; `nil` when the field is absent or its text is not a `T`. Repeated fields are
    /// joined by `", "` first (RFC 9110 §5.3). The text is read, in this order:
    /// - as a JSON string: `String`, `UUID`, `URL`, `CalendarDate`, string enums, and `Date` in the
    ///   service's `dates` coding (`2026-12-01T07:19:00.123456Z`);
    /// - as JSON text: numbers, booleans, integer enums, `Date` as seconds or milliseconds, objects;
    /// - as a comma-separated list (OpenAPI's `simple` style): `[String]`, `[Int]`, `[UUID]` …;
    /// - a `Date` also as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7).
    public func decode<T: Decodable>(_ type: T.Type, field name: String, dates: DateCoding) -> T? {
        guard let raw = self[name] else { return nil }
        let text = raw.trimmingCharacters(in: .whitespaces)
        let decoder = dates.makeDecoder()
        let encoder = JSONEncoder()
        if let quoted = try? encoder.encode(text), let value = try? decoder.decode(T.self, from: quoted) {
            return value
        }
        if let value = try? decoder.decode(T.self, from: Data(text.utf8)) { return value }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if let list = try? encoder.encode(items), let value = try? decoder.decode(T.self, from: list) { return value }
        if let value = try? decoder.decode(T.self, from: Data(("[" + items.joined(separator: ",") + "]").utf8)) {
            return value
        }
        if T.self == Date.self, let date = HTTPDate.parse(text) { return date as? T }
        return nil
    }
}
