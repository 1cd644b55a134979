import Foundation
import SpecwrightYAML

extension OpenAPIImporter {
    /// The most `$ref` hops followed for one object before the chain counts as a loop.
    static let maxReferenceHops = 32

    /// The component schema name a `$ref` names in any spelling (`#/components/schemas/A`,
    /// `#/components/schema%73/A`, `api.yaml#/components/schemas/A`, …), nil for any other reference.
    func componentSchemaName(_ reference: String) -> String? {
        let prefix = "#/components/schemas/"
        if reference.hasPrefix(prefix) {
            let name = reference.utf8.dropFirst(prefix.utf8.count)
            let slash = UInt8(ascii: "/"), tilde = UInt8(ascii: "~"), percent = UInt8(ascii: "%")
            if !name.contains(where: { $0 == slash || $0 == tilde || $0 == percent }) { return String(name) }
        }
        return resolution.index.pointer(reference)?.componentSchemaName
    }

    /// Follows `$ref`s (parameters, responses, request bodies, path items …) to the object they
    /// point at, read as a `Value` where the chain ends. Unresolvable references and reference
    /// loops are reported and give nil.
    mutating func resolved<Value>(_ item: OpenAPI.Referenceable<Value>) -> Value? {
        var current = item
        var seen: Set<SourceLocation> = []
        for _ in 0..<Self.maxReferenceHops {
            let reference: OpenAPI.Reference
            switch current {
            case .value(let value): return value
            case .reference(let next): reference = next
            }
            guard seen.insert(reference.location).inserted else { break }
            guard let target = lookUpNode(reference.text) else {
                reportUnresolvable(reference.text, at: reference.location)
                return nil
            }
            current = OpenAPIReader.referenceable(target)
        }
        skip(.unresolvedReference, "the reference chain starting here does not end", at: item.location)
        return nil
    }

    /// ``resolved(_:)`` for a schema: the schema a chain of `$ref`s ends at.
    mutating func resolved(_ schema: Schema) -> Schema? {
        var current = schema
        var seen: Set<SourceLocation> = []
        for _ in 0..<Self.maxReferenceHops {
            guard let reference = current.reference?.text else { return current }
            guard seen.insert(current.location).inserted else { break }
            guard let target = lookUpSchema(reference) else {
                reportUnresolvable(reference, at: current.location)
                return nil
            }
            current = target
        }
        skip(.unresolvedReference, "the reference chain starting here does not end", at: schema.location)
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
    mutating func lookUpNode(_ reference: String) -> Node? {
        if let name = componentSchemaName(reference) { return components.schemas[name]?.node }
        return resolution.index.node(for: reference)
    }

    /// The schema a local JSON pointer names (a component schema as read with the document,
    /// any other place read on first use), or nil.
    mutating func lookUpSchema(_ reference: String) -> Schema? {
        if let name = componentSchemaName(reference) { return components.schemas[name] }
        return resolution.index.schema(for: reference)
    }

    /// Where the `$ref` key of a schema is (the schema's location when it has none).
    static func referenceLocation(_ schema: Schema) -> SourceLocation {
        schema.referenceKeyLocation ?? schema.location
    }
}
