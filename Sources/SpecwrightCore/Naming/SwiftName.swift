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
/// - ``lowerCamelCase(_:)`` spells a trailing comparison as words, the way filter parameters
///   write them (`DateCreated<` → `dateCreatedLessThan`, `StartTime>=` →
///   `startTimeGreaterThanOrEqual`), so `DateCreated`, `DateCreated<` and `DateCreated>` are three
///   names rather than one name renamed twice. A name with a `<` or `>` elsewhere (`List<Item>`)
///   keeps the plain rule.
/// - Keywords stay as they are; ``escaped(_:)`` adds backticks where Swift requires them.
///   Collision checks compare the unescaped names.
public enum SwiftName {
    /// `lowerCamelCase` identifier for properties, parameters, endpoints, groups and enum cases;
    /// nil when `raw` has no ASCII letter or digit.
    public static func lowerCamelCase(_ raw: String) -> String? {
        // Fast path: a name that is already one lower-camel-case word is its own identifier.
        if isSingleWord(raw, startingWith: isLower) { return raw }
        let words = splitWords(raw) + comparisonWords(raw)
        guard let first = words.first else { return nil }
        var result = lowerLeadingCapitals(first)
        for word in words.dropFirst() {
            result += capitalizeFirst(word)
        }
        return fixLeadingDigit(result)
    }

    /// The words of a trailing `<`, `>`, `<=` or `>=` (a filter parameter's comparison), when the
    /// name has no other angle bracket and something before it; else none.
    static func comparisonWords(_ raw: String) -> [[UInt8]] {
        guard let last = raw.utf8.last,
            last == UInt8(ascii: "<") || last == UInt8(ascii: ">") || last == UInt8(ascii: "=")
        else { return [] }
        let suffixes: [(String, [String])] = [
            ("<=", ["less", "than", "or", "equal"]), (">=", ["greater", "than", "or", "equal"]),
            ("<", ["less", "than"]), (">", ["greater", "than"])
        ]
        for (suffix, words) in suffixes where raw.hasSuffix(suffix) {
            let stem = raw.dropLast(suffix.count)
            guard !stem.contains(where: { $0 == "<" || $0 == ">" }), !splitWords(String(stem)).isEmpty else {
                return []
            }
            return words.map { Array($0.utf8) }
        }
        return []
    }

    /// `UpperCamelCase` identifier for types and the client prefix; nil when `raw` has no
    /// ASCII letter or digit.
    public static func upperCamelCase(_ raw: String) -> String? {
        // Fast path: a name that is already one upper-camel-case word is its own identifier.
        if isSingleWord(raw, startingWith: isUpper) { return raw }
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
        "false", "is", "nil", "self", "Self", "super", "true", "try", "Type", "Protocol"
    ]

    // MARK: - Pieces (ASCII bytes: only ASCII letters and digits survive)

    private static func splitWords(_ raw: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in raw.utf8 {
            if isLetterOrDigit(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                words.append(current)
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether `raw` is non-empty, made only of ASCII letters and digits, and starts with a byte
    /// accepted by `isStart`: then both conversions leave it unchanged.
    private static func isSingleWord(_ raw: String, startingWith isStart: (UInt8) -> Bool) -> Bool {
        var utf8 = raw.utf8.makeIterator()
        guard let first = utf8.next(), isStart(first) else { return false }
        while let byte = utf8.next() {
            guard isLetterOrDigit(byte) else { return false }
        }
        return true
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isUpper(byte) || isLower(byte) || (0x30...0x39).contains(byte)
    }

    private static func isUpper(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte)
    }

    private static func isLower(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte)
    }

    private static func capitalizeFirst(_ word: [UInt8]) -> String {
        var bytes = word
        if let first = bytes.first, isLower(first) { bytes[0] = first - 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `URLPath` → `urlPath`, `ID` → `id`, `Page` → `page`, `page` → `page`.
    private static func lowerLeadingCapitals(_ word: [UInt8]) -> String {
        var bytes = word
        var capitals = 0
        while capitals < bytes.count, isUpper(bytes[capitals]) { capitals += 1 }
        // In `URLPath` the `P` starts the next word: keep it capital.
        if capitals > 1, capitals < bytes.count, isLower(bytes[capitals]) { capitals -= 1 }
        for index in 0..<capitals { bytes[index] += 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func fixLeadingDigit(_ name: String) -> String {
        guard let first = name.utf8.first, (0x30...0x39).contains(first) else { return name }
        return "_" + name
    }
}
