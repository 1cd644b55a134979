/// Turns names written in a spec (snake_case, kebab-case, `X-Request-Id`, `2fa`, `default`, …)
/// into valid Swift identifiers. Pure functions, no state.
///
/// Rules:
/// - Words are split at every character that is not an ASCII letter or digit; those characters
///   are removed (`page_size`, `page-size`, `page size` → words `page`, `size`).
///   Non-ASCII characters are removed too, so that the output is plain ASCII.
/// - Existing camel case inside a word is kept (`pageSize` stays `pageSize`).
/// - ``lowerCamelCase(_:)`` lower-cases the leading capital run of the first word
///   (`URLPath` → `urlPath`, `ID` → `id`); ``upperCamelCase(_:)`` capitalises every word.
/// - A name starting with a digit gets a leading underscore (`2fa` → `_2fa`).
/// - Keywords stay as they are; ``escaped(_:)`` adds backticks where Swift requires them.
///   Collision checks compare the unescaped names.
public enum SwiftName {
    /// `lowerCamelCase` identifier for properties, parameters, endpoints, groups and enum cases;
    /// nil when `raw` has no ASCII letter or digit.
    public static func lowerCamelCase(_ raw: String) -> String? {
        let words = splitWords(raw)
        guard let first = words.first else { return nil }
        var result = lowerLeadingCapitals(first)
        for word in words.dropFirst() {
            result += capitalizeFirst(word)
        }
        return fixLeadingDigit(result)
    }

    /// `UpperCamelCase` identifier for types and the client prefix; nil when `raw` has no
    /// ASCII letter or digit.
    public static func upperCamelCase(_ raw: String) -> String? {
        let words = splitWords(raw)
        guard !words.isEmpty else { return nil }
        return fixLeadingDigit(words.map(capitalizeFirst).joined())
    }

    /// The identifier as it must be written in Swift source: keywords in backticks.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Whether `identifier` is a Swift keyword that needs backticks as a declaration name.
    public static func isKeyword(_ identifier: String) -> Bool {
        keywords.contains(identifier)
    }

    /// Swift keywords that cannot be used as plain identifiers in declarations.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "throw", "throws", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "true", "try", "Type", "Protocol",
    ]

    // MARK: - Pieces

    private static func splitWords(_ raw: String) -> [Substring.UnicodeScalarView] {
        var words: [Substring.UnicodeScalarView] = []
        var current = Substring.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            if isASCIILetterOrDigit(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = Substring.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value)
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        (0x61...0x7A).contains(scalar.value)
    }

    private static func capitalizeFirst(_ word: Substring.UnicodeScalarView) -> String {
        guard let first = word.first else { return "" }
        return String(first).uppercased() + String(word.dropFirst())
    }

    /// `URLPath` → `urlPath`, `ID` → `id`, `Page` → `page`, `page` → `page`.
    private static func lowerLeadingCapitals(_ word: Substring.UnicodeScalarView) -> String {
        let scalars = Array(word)
        var capitals = 0
        while capitals < scalars.count, isUpper(scalars[capitals]) { capitals += 1 }
        // In `URLPath` the `P` starts the next word: keep it capital.
        if capitals > 1, capitals < scalars.count, isLower(scalars[capitals]) { capitals -= 1 }
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            result.unicodeScalars.append(index < capitals ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar)
        }
        return result
    }

    private static func fixLeadingDigit(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, (0x30...0x39).contains(first.value) else { return name }
        return "_" + name
    }
}
