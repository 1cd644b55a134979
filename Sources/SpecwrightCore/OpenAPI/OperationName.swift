/// Method names a Swift developer would write, from the operationIds web frameworks generate.
///
/// FastAPI names an operation `<function>_<path with every non-word character as _>_<method>`
/// (`read_item_items__item_id__get` for `read_item` on `GET /items/{item_id}`); other generators
/// write the same in camel case (`listPetsPetsGet`). When an operationId's words end with its
/// path's words and then its method, those are dropped: `readItem`, `listPets`. The generation
/// config's `operationNames: operationId` keeps the raw id instead.
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
        let words = Self.words(operationId)
        var suffix = path.split(separator: "/").flatMap { Self.words(String($0)) }.map { $0.lowercased() }
        suffix.append(method.lowercased())
        guard words.count > suffix.count,
            zip(words.suffix(suffix.count), suffix).allSatisfy({ $0.lowercased() == $1 })
        else { return nil }
        return words.dropLast(suffix.count).joined(separator: " ")
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
