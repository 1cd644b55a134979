/// Method names a Swift developer would write, from the operationIds web frameworks generate.
///
/// FastAPI names an operation `<function>_<path with every non-word character as _>_<method>`
/// (`read_item_items__item_id__get` for `read_item` on `GET /items/{item_id}`); other generators
/// write the same in camel case (`listPetsPetsGet`). When an operationId's words end with its
/// path's words and then its method, those are dropped: `readItem`, `listPets`. Litestar writes the
/// path first, in UpperCamelCase, then the function (`ItemsItemIdReadItem` for `read_item` on
/// `/items/{item_id}`, `HealthHealth` for `health` on `/health`): when an UpperCamelCase operationId
/// starts with its path's words, those are dropped: `readItem`,
/// `health`. The generation config's `operationNames: operationId` keeps the raw id instead.
public enum OperationNaming: String, Hashable, Sendable, CaseIterable {
    /// Framework suffixes dropped (the default).
    case idiomatic
    /// The operationId as written, made lowerCamelCase.
    case operationId
}

enum OperationName {
    /// The operationId without the path-and-method suffix a framework appended, or nil when it
    /// has none (or nothing would be left).
    static func idiomatic(_ operationId: String, method: String, path: String) -> String? {
        withoutSuffix(operationId, method: method, path: path) ?? withoutPrefix(operationId, method: method, path: path)
    }

    private static func withoutSuffix(_ operationId: String, method: String, path: String) -> String? {
        let words = Self.words(operationId)
        var suffix = Self.segments(path).flatMap(Self.words).map { $0.lowercased() }
        suffix.append(method.lowercased())
        guard words.count > suffix.count,
            zip(words.suffix(suffix.count), suffix).allSatisfy({ $0.lowercased() == $1 })
        else { return nil }
        return words.dropLast(suffix.count).joined(separator: " ")
    }

    /// An UpperCamelCase operationId without the leading path words a framework wrote before the
    /// function's name (a method after them is the function's: Litestar writes one only for a
    /// function serving several methods); nil when it has none, or when nothing or only the method
    /// is left.
    private static func withoutPrefix(_ operationId: String, method: String, path: String) -> String? {
        guard let first = operationId.utf8.first, first >= 65, first <= 90 else { return nil }
        let words = Self.words(operationId)
        let lowered = words.map { $0.lowercased() }
        for prefix in pathPrefixes(path) where lowered.count > prefix.count && lowered.starts(with: prefix) {
            let rest = words.dropFirst(prefix.count)
            guard rest.first.map({ $0.lowercased() != method.lowercased() || rest.count > 1 }) == true,
                let head = rest.first?.utf8.first, head > 57
            else { continue }
            return rest.joined(separator: " ")
        }
        return nil
    }

    /// The lowercased words a framework may put before a function's name: every path segment's, and
    /// Litestar's, which skips a segment whose title-cased text already occurs in what it wrote so far
    /// (`/items/{item}` → `Items`).
    private static func pathPrefixes(_ path: String) -> [[String]] {
        let segments = Self.segments(path, droppingBraces: true)
        var namespace = ""
        for segment in segments {
            let titled = pythonTitle(segment)
            // Python's `in`: code unit by code unit (no Foundation search, which would also match
            // canonically equivalent spellings).
            if !containsBytes(namespace, titled) { namespace += titled }
        }
        let every = segments.flatMap { Self.words($0) }.map { $0.lowercased() }
        let litestar = Self.words(namespace).map { $0.lowercased() }
        return every == litestar ? [every] : [every, litestar]
    }

    /// The segments of `path` (without `{` and `}` when `droppingBraces`); an ASCII path (almost
    /// every one) is cut byte by byte, with the same result as cutting it by Character.
    private static func segments(_ path: String, droppingBraces: Bool = false) -> [String] {
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
            let segments = path.split(separator: "/").map(String.init)
            return droppingBraces ? segments.map { $0.filter { $0 != "{" && $0 != "}" } } : segments
        }
        return Array(path.utf8).split(separator: UInt8(ascii: "/")).map { segment in
            let isBrace = { (byte: UInt8) in byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") }
            let kept = droppingBraces ? segment.filter { !isBrace($0) } : Array(segment)
            return String(decoding: kept, as: UTF8.self)
        }
    }

    /// Whether `needle` occurs in `text` (byte by byte; the empty needle nowhere, as Foundation's
    /// `contains` said before).
    private static func containsBytes(_ text: String, _ needle: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(needle.utf8)
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Python's `str.title()` for ASCII: each run of letters capitalized, the rest lowercased
    /// (non-ASCII letters count as letters but are kept as written).
    static func pythonTitle(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return unicodePythonTitle(text) }
        var previousIsLetter = false
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let lowered = byte | 0x20
            let isLetter = lowered >= 0x61 && lowered <= 0x7A
            bytes.append(isLetter ? (previousIsLetter ? lowered : lowered & ~0x20) : byte)
            previousIsLetter = isLetter
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``pythonTitle(_:)`` for text with non-ASCII characters (Unicode letter properties).
    private static func unicodePythonTitle(_ text: String) -> String {
        var previousIsLetter = false
        return String(
            text.map { character -> Character in
                defer { previousIsLetter = character.isLetter }
                guard character.isASCII, character.isLetter else { return character }
                return Character(previousIsLetter ? character.lowercased() : character.uppercased())
            })
    }

    /// Words of an identifier: split at every character that is not an ASCII letter or digit,
    /// and inside camel case (`listPetsGet` → list, Pets, Get; `HTTPServer` → HTTP, Server).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        let bytes = Array(text.utf8)
        func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
        func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        for (index, byte) in bytes.enumerated() {
            guard isUpper(byte) || isLower(byte) || isDigit(byte) else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll()
                continue
            }
            if let last = current.last, isUpper(byte) {
                let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
                if isLower(last) || isDigit(last) || (isUpper(last) && nextIsLower) {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll()
                }
            }
            current.append(byte)
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }
}
