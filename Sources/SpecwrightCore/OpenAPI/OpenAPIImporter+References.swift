import Foundation
import SpecwrightYAML

extension OpenAPIImporter {
    /// The most `$ref` hops followed for one object before the chain counts as a loop.
    static let maxReferenceHops = 32

    /// The `$ref` string of a node, if it is a reference object.
    static func referenceString(_ node: Node) -> String? {
        node["$ref"]?.openAPIText
    }

    /// The component schema name a `$ref` names in any spelling (`#/components/schemas/A`,
    /// `#/components/schema%73/A`, `api.yaml#/components/schemas/A`, …), nil for any other reference.
    func componentSchemaName(_ reference: String) -> String? {
        let prefix = "#/components/schemas/"
        if reference.hasPrefix(prefix) {
            let name = reference.utf8.dropFirst(prefix.utf8.count)
            let slash = UInt8(ascii: "/"), tilde = UInt8(ascii: "~"), percent = UInt8(ascii: "%")
            if !name.contains(where: { $0 == slash || $0 == tilde || $0 == percent }) { return String(name) }
        }
        return references.pointer(reference)?.componentSchemaName
    }

    /// Follows `$ref`s (parameters, responses, request bodies, path items …) to the object they
    /// point at. Unresolvable references and reference loops are reported and give nil.
    mutating func resolved(_ node: Node) -> Node? {
        var current = node
        var seen: Set<SourceLocation> = []
        for _ in 0..<Self.maxReferenceHops {
            guard let reference = Self.referenceString(current) else { return current }
            guard seen.insert(current.location).inserted else { break }
            guard let target = lookUp(reference) else {
                reportUnresolvable(reference, at: current.location)
                return nil
            }
            current = target
        }
        skip(.unresolvedReference, "the reference chain starting here does not end", at: node.location)
        return nil
    }

    /// Reports a `$ref` that names nothing: an error when it points into this document (the
    /// document is broken), a skipped-construct warning when it names another file or a URL
    /// (valid OpenAPI the importer does not follow).
    mutating func reportUnresolvable(_ reference: String, at location: SourceLocation) {
        if JSONPointer.isLocal(reference, file: file) {
            diagnostics.error("'\(reference)' names nothing in this document", at: location)
        } else {
            skip(
                .unresolvedReference,
                "cannot resolve '\(reference)': only references within this document are supported", at: location)
        }
    }

    /// The node a local JSON pointer (`#/a/b~1c/0`, in any spelling) names, or nil.
    mutating func lookUp(_ reference: String) -> Node? {
        if let name = componentSchemaName(reference) { return componentNodes[name] }
        return references.node(for: reference)
    }

    /// Where the `$ref` key of a reference object is (its value when it has no key node).
    static func referenceLocation(_ node: Node) -> SourceLocation {
        node.keyLocation("$ref") ?? node.location
    }
}
