import Foundation

extension SpecwrightError {
    /// Maps a `DecodingError` to `.decoding` with a readable coding path (`items[3].author`).
    static func decoding(_ error: any Error) -> Kind {
        guard let error = error as? DecodingError else {
            return .decoding(codingPath: "", message: String(describing: error))
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .decoding(
                codingPath: path(context.codingPath), message: "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return .decoding(
                codingPath: path(context.codingPath), message: "missing \(type) value: \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return .decoding(codingPath: path(context.codingPath + [key]), message: "missing key '\(key.stringValue)'")
        case .dataCorrupted(let context):
            return .decoding(codingPath: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            return .decoding(codingPath: "", message: String(describing: error))
        }
    }

    /// Renders a coding path as `items[3].author.name`.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }
}
