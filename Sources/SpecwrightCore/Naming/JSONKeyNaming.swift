/// How property names become JSON keys when a property has no explicit `key:` (spec `jsonKeys:`).
public enum JSONKeyStyle: String, Hashable, Sendable, CaseIterable {
    /// The property name as written in the spec.
    case asIs
    /// `publishedAt` → `published_at`, `isbn13` → `isbn13`, `URLValue` → `url_value`.
    case snakeCase = "snake_case"

    /// The JSON key for a property named `name` in the spec.
    public func jsonKey(for name: String) -> String {
        switch self {
        case .asIs: name
        case .snakeCase: Self.snakeCased(name)
        }
    }

    /// Converts camelCase to snake_case the way Foundation's `convertToSnakeCase` does:
    /// a capital run is one word, and its last capital starts the next word when a lower-case
    /// letter follows (`URLValue` → `url_value`). Text that has no capitals is returned unchanged.
    public static func snakeCased(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let isUpper = (0x41...0x5A).contains(scalar.value)
            if isUpper {
                let previous = index > 0 ? scalars[index - 1] : nil
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let previousIsLowerOrDigit = previous.map { (0x61...0x7A).contains($0.value) || (0x30...0x39).contains($0.value) } ?? false
                let previousIsUpper = previous.map { (0x41...0x5A).contains($0.value) } ?? false
                let nextIsLower = next.map { (0x61...0x7A).contains($0.value) } ?? false
                if index > 0, previousIsLowerOrDigit || (previousIsUpper && nextIsLower) {
                    result.append("_")
                }
                result.append(Unicode.Scalar(scalar.value + 0x20) ?? scalar)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
