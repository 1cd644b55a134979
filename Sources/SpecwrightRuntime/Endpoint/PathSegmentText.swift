import Foundation

/// Path parameters in OpenAPI's path styles, as RFC 6570 expands `{x}`, `{.x}` and `{;x}` (with
/// `*` for `explode`), percent-encoded: what generated endpoints return from
/// ``Endpoint/percentEncodedPathSegments``. For a parameter `id` holding `5`, `[3, 4]` or
/// `{a: 1, b: 2}`:
///
/// | style | explode | `5` | `[3, 4]` | `{a: 1, b: 2}` |
/// |---|---|---|---|---|
/// | simple | false | `5` | `3,4` | `a,1,b,2` |
/// | simple | true | `5` | `3,4` | `a=1,b=2` |
/// | label | false | `.5` | `.3,4` | `.a,1,b,2` |
/// | label | true | `.5` | `.3.4` | `.a=1.b=2` |
/// | matrix | false | `;id=5` | `;id=3,4` | `;id=a,1,b,2` |
/// | matrix | true | `;id=5` | `;id=3;id=4` | `;a=1;b=2` |
///
/// Every character of a name, key or value outside RFC 3986's unreserved set is percent-encoded,
/// so a `,`, `;`, `=` or `/` inside a value is never read as a separator. An empty string is `.`
/// in label style and `;id` in matrix style; `null`, an empty array and an empty object expand to
/// nothing (RFC 6570's undefined), `null` elements and properties are left out, and nested
/// objects and arrays are written as their JSON text. Values are encoded as a JSON body would be
/// (the service's date coding).
public enum PathSegmentText {
    /// OpenAPI's path styles.
    public enum Style: Sendable, Hashable {
        /// `{x}`: `5`, `3,4`.
        case simple
        /// `{.x}`: `.5`, `.3,4`.
        case label
        /// `{;x}`: `;id=5`, `;id=3,4`.
        case matrix
    }

    /// `value` (the parameter `name`) expanded in `style`, percent-encoded.
    public static func expand(
        _ value: some Encodable & Sendable, name: String, style: Style, explode: Bool, dates: DateCoding
    ) -> String {
        guard let tree = StructuredValueText.tree(value, dates: dates) else { return "" }
        let name = encoded(name)
        switch tree {
        case .null:
            return ""
        case .array(let elements):
            let values = elements.compactMap(StructuredValueText.untyped).map(encoded)
            guard !values.isEmpty else { return "" }
            switch style {
            case .simple: return values.joined(separator: ",")
            case .label: return "." + values.joined(separator: explode ? "." : ",")
            case .matrix:
                return explode
                    ? values.map { named(name, $0) }.joined() : ";" + name + "=" + values.joined(separator: ",")
            }
        case .object(let properties):
            let pairs = properties.sorted { $0.key < $1.key }.compactMap { key, value in
                StructuredValueText.untyped(value).map { (encoded(key), encoded($0)) }
            }
            guard !pairs.isEmpty else { return "" }
            let flat = pairs.map { $0.0 + "," + $0.1 }.joined(separator: ",")
            switch (style, explode) {
            case (.simple, false): return flat
            case (.simple, true): return pairs.map { $0.0 + "=" + $0.1 }.joined(separator: ",")
            case (.label, false): return "." + flat
            case (.label, true): return "." + pairs.map { $0.0 + "=" + $0.1 }.joined(separator: ".")
            case (.matrix, false): return ";" + name + "=" + flat
            case (.matrix, true): return pairs.map { named($0.0, $0.1) }.joined()
            }
        default:
            let text = encoded(StructuredValueText.scalar(tree) ?? "")
            switch style {
            case .simple: return text
            case .label: return "." + text
            case .matrix: return named(name, text)
            }
        }
    }

    /// `text` percent-encoded: every character outside RFC 3986's unreserved set (the encoding of
    /// a raw ``Endpoint/pathSegments`` element).
    public static func encoded(_ text: String) -> String {
        PercentEncoding.encode(text)
    }

    /// One segment from its percent-encoded pieces (`file` and the expansion of `.json`), as
    /// generated endpoints write a segment with more than one piece.
    public static func joined(_ pieces: String...) -> String {
        pieces.joined()
    }

    /// Percent-encoded segments decoded (the raw text a server reads), for `pathSegments`.
    public static func decoded(_ segments: [String]) -> [String] {
        segments.map { $0.removingPercentEncoding ?? $0 }
    }

    /// `;name=value`, or `;name` for an empty value (RFC 6570's matrix expansion).
    private static func named(_ name: String, _ value: String) -> String {
        value.isEmpty ? ";" + name : ";" + name + "=" + value
    }
}
