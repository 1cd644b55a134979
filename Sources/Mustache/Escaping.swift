/// How `{{name}}` tags escape what they write (`{{{name}}}` and `{{&name}}` never escape).
public enum Escaping: Sendable, Hashable {
    /// HTML escaping of `&`, `<`, `>` and `"`, as the Mustache spec requires.
    case html
    /// No escaping: for code templates, whose values are already valid in their target language.
    case none

    func escape(_ text: String) -> String {
        guard self == .html else { return text }
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
