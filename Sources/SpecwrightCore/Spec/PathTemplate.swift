/// A path such as `/books/{id}/reviews` split into literal text and `{parameter}` path variables.
public struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
    /// A piece of a path.
    public enum Part: Hashable, Sendable {
        /// Literal text, exactly as written (may contain `/`).
        case literal(String)
        /// A `{name}` path variable.
        case parameter(String)
    }

    /// The path as written.
    public let text: String
    /// The pieces in order.
    public let parts: [Part]

    /// The path variable names in order of appearance (duplicates kept).
    public var parameterNames: [String] {
        parts.compactMap { part in
            if case .parameter(let name) = part { return name }
            return nil
        }
    }

    /// The path as written.
    public var description: String { text }

    /// Whether the path ends with `/` after a segment (`/api/catalog/`; not the root path `/`):
    /// the request keeps the slash (`IR.Endpoint.hasTrailingSlash`).
    public var hasTrailingSlash: Bool { Self.hasTrailingSlash(text) }

    /// Whether `path` ends with `/` after a segment: `/api/catalog/` does, `/` and `/api` do not.
    public static func hasTrailingSlash(_ path: String) -> Bool {
        path.hasSuffix("/") && path.contains { $0 != "/" }
    }

    /// Raw `/`-separated segments, each a list of parts, without empty segments
    /// (`/books/{id}.json` → `[[.literal("books")], [.parameter("id"), .literal(".json")]]`).
    public var segments: [[Part]] {
        var result: [[Part]] = [[]]
        for part in parts {
            switch part {
            case .parameter:
                result[result.count - 1].append(part)
            case .literal(let text):
                let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
                for (index, piece) in pieces.enumerated() {
                    if index > 0 { result.append([]) }
                    if !piece.isEmpty { result[result.count - 1].append(.literal(String(piece))) }
                }
            }
        }
        return result.filter { !$0.isEmpty }
    }
}
