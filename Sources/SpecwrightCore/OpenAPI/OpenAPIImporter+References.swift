import Foundation
import SpecwrightYAML

extension OpenAPIImporter {
    /// The most `$ref` hops followed for one object before the chain counts as a loop.
    static let maxReferenceHops = 32

    /// The `$ref` string of a node, if it is a reference object.
    static func referenceString(_ node: Node) -> String? {
        node["$ref"]?.openAPIText
    }

    /// The component schema name for `#/components/schemas/Name`, nil for any other reference.
    static func componentSchemaName(_ reference: String) -> String? {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        let name = String(reference.dropFirst(prefix.count))
        guard !name.contains("/") else { return nil }
        return unescapePointerToken(name)
    }

    /// Follows `$ref`s (parameters, responses, request bodies, path items …) to the object they
    /// point at. Unresolvable references are reported once and give nil.
    mutating func resolved(_ node: Node) -> Node? {
        var current = node
        for _ in 0..<Self.maxReferenceHops {
            guard let reference = Self.referenceString(current) else { return current }
            guard let target = lookUp(reference) else {
                skip(.unresolvedReference, "cannot resolve '\(reference)': only references within this document are supported", at: current.location)
                return nil
            }
            current = target
        }
        skip(.unresolvedReference, "the reference chain starting here does not end", at: node.location)
        return nil
    }

    /// The node a local JSON pointer (`#/a/b~1c/0`) names, or nil.
    func lookUp(_ reference: String) -> Node? {
        guard reference.hasPrefix("#") else { return nil }
        if let name = Self.componentSchemaName(reference) { return componentNodes[name] }
        var current = root
        for rawToken in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = Self.unescapePointerToken(String(rawToken))
            switch current.kind {
            case .mapping:
                guard let next = current[token] else { return nil }
                current = next
            case .sequence(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            case .scalar:
                return nil
            }
        }
        return current
    }

    /// `~1` → `/`, `~0` → `~`, and percent-decoding (pointers inside URIs may be encoded).
    static func unescapePointerToken(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "~") }) else { return token }
        let decoded = token.removingPercentEncoding ?? token
        return decoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}
