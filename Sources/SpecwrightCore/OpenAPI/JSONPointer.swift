import Foundation

/// A `$ref` to a place in the same document, reduced to its reference tokens, so that every
/// spelling of one pointer compares equal.
///
/// A `$ref` is a URI reference whose fragment is a JSON pointer (RFC 6901 §6): the fragment is
/// percent-decoded first (RFC 3986: `schema%73` is `schemas`, `%2F` is a separator, `%7E1` is
/// `~1`), then split at `/`, then each token unescaped (`~1` → `/`, `~0` → `~`). The part before
/// `#` must be empty or name this document's own file (`api.yaml#/…`, `./api.yaml#/…`).
struct JSONPointer: Hashable {
    /// The unescaped reference tokens (`#/components/schemas/A` → `components`, `schemas`, `A`).
    let tokens: [String]

    /// The pointer to the place these tokens lead to.
    init(tokens: [String]) {
        self.tokens = tokens
    }

    /// The pointer a `$ref` string names, or nil when it is not a well-formed local reference.
    /// `file` is the path of the document the reference is written in.
    init?(reference: String, file: String) {
        guard let hash = reference.firstIndex(of: "#") else { return nil }
        guard Self.namesSameDocument(reference[..<hash], file: file) else { return nil }
        let rawFragment = reference[reference.index(after: hash)...]
        let fragment: String
        if rawFragment.contains("%") {
            guard let decoded = String(rawFragment).removingPercentEncoding else { return nil }
            fragment = decoded
        } else {
            fragment = String(rawFragment)
        }
        if fragment.isEmpty {
            tokens = []
            return
        }
        guard fragment.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = Self.unescaped(raw) else { return nil }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    /// The component schema name when the pointer is `#/components/schemas/<name>`.
    var componentSchemaName: String? {
        tokens.count == 3 && tokens[0] == "components" && tokens[1] == "schemas" ? tokens[2] : nil
    }

    /// The canonical spelling: `#` then `/token` per token, `~` and `/` escaped, nothing percent-encoded.
    var canonical: String {
        "#"
            + tokens.map {
                "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }.joined()
    }

    /// `~1` → `/`, `~0` → `~`; nil for a `~` followed by anything else (RFC 6901 §3).
    private static func unescaped(_ raw: Substring) -> String? {
        guard raw.contains("~") else { return String(raw) }
        var result = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: return nil
            }
        }
        return result
    }

    /// Whether `reference` points into the document written in `file` (well-formed or not), as
    /// opposed to another file or a URL.
    static func isLocal(_ reference: String, file: String) -> Bool {
        guard let hash = reference.firstIndex(of: "#") else { return false }
        return namesSameDocument(reference[..<hash], file: file)
    }

    /// Whether the URI before `#` refers to the current document: empty, or the document's own
    /// file name (optionally with a leading `./`).
    private static func namesSameDocument(_ prefix: Substring, file: String) -> Bool {
        if prefix.isEmpty { return true }
        var path = String(prefix)
        while path.hasPrefix("./") { path.removeFirst(2) }
        guard !path.isEmpty, !path.contains("/") else { return false }
        return path == URL(fileURLWithPath: file).lastPathComponent
    }
}
