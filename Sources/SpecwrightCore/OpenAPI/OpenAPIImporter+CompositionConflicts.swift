import SpecwrightYAML

/// Properties an `allOf` composition declares more than once: `required` and nullability
/// combine (a value must satisfy every member), but two JSON types with no value in common
/// (`string` in one member, `integer` in another) leave no value the property could hold, and
/// the struct would silently keep the type written last.
extension OpenAPIImporter {
    /// Reports (once, at the later schema) a property whose schemas in a composition allow no
    /// common JSON type.
    mutating func checkCompatibleTypes(of property: String, _ earlier: Schema, _ later: Schema) {
        guard earlier.location != later.location, let first = jsonTypes(earlier), let second = jsonTypes(later),
            !Self.haveCommonValue(first, second), declared.reportedOnce.insert(later.location).inserted
        else { return }
        diagnostics.error(
            "'allOf' gives property '\(property)' conflicting types: \(Self.typeList(second)) here, \(Self.typeList(first)) at \(earlier.location.line):\(earlier.location.column); no value can be both",
            at: later.location)
    }

    /// The JSON types (other than `null`) a schema declares, following `$ref`s until one declares
    /// some; nil when the schema does not say.
    private mutating func jsonTypes(_ schema: Schema) -> Set<String>? {
        var current = schema
        var seen: Set<SourceLocation> = []
        while current.types.isEmpty {
            guard let reference = current.reference?.text, seen.insert(current.location).inserted,
                seen.count <= Self.maxReferenceHops, let target = lookUpSchema(reference)
            else { return nil }
            current = target
        }
        return Set(current.types)
    }

    /// Whether some value has one of the types of each set (every integer is a number).
    private static func haveCommonValue(_ first: Set<String>, _ second: Set<String>) -> Bool {
        func widened(_ types: Set<String>) -> Set<String> {
            types.contains("integer") ? types.union(["number"]) : types
        }
        return !widened(first).isDisjoint(with: widened(second))
    }

    private static func typeList(_ types: Set<String>) -> String {
        types.sorted().map { "'\($0)'" }.joined(separator: " or ")
    }
}
