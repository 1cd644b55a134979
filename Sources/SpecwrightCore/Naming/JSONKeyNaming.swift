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
        let bytes = Array(name.utf8)
        guard bytes.contains(where: isUpper) else { return name }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 4)
        for (index, byte) in bytes.enumerated() {
            guard isUpper(byte) else {
                result.append(byte)
                continue
            }
            if index > 0 {
                let previous = bytes[index - 1]
                let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
                    result.append(UInt8(ascii: "_"))
                }
            }
            result.append(byte + 0x20)
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
    private static func isLower(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
