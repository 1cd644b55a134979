import SpecwrightYAML

/// Where each union's discriminator selects a struct: what ``OpenAPIImporter/fixDiscriminators()``
/// fixes or adds in that struct.
extension OpenAPIImporter {
    /// One union selecting a struct by its discriminator.
    struct DiscriminatorUse {
        /// The union (its identity is what ``unionWarning(_:_:at:)`` attaches a warning by).
        let union: IR.TypeName
        /// The discriminator's property name.
        let key: String
        /// The values that select the struct.
        let values: [String]
        /// Where the discriminator's `propertyName` is written.
        let location: SourceLocation
    }

    /// The uses of every struct by a union's discriminator, by struct name (aliases followed), in
    /// declaration order. An alternative that is no struct (a map, an array, a scalar, an enum)
    /// cannot carry the property: a located warning (a union alternative carries it in its own
    /// alternatives).
    mutating func discriminatorUses() -> [IR.TypeID: [DiscriminatorUse]] {
        var uses: [IR.TypeID: [DiscriminatorUse]] = [:]
        for case .union(let union) in declared.declarations {
            guard let key = union.discriminator?.value,
                let location = declared.discriminatorLocations[union.name.id]
            else { continue }
            for unionCase in union.cases {
                guard case .named(let declaredName) = unionCase.type else { continue }
                let name = aliasTarget(declaredName.id)
                switch declared.kinds[name] {
                case .structure?:
                    uses[name, default: []].append(
                        DiscriminatorUse(
                            union: union.name, key: key,
                            values: unionCase.discriminatorValues.map(\.value),
                            location: location))
                case .union?, nil:
                    continue
                default:
                    unionWarning(
                        union.name.id,
                        "the alternative '\(type: declaredName)' of '\(type: union.name)' is no object, so it cannot carry the discriminator property '\(key)': a value sent as it does not say which alternative it is",
                        at: location)
                }
            }
        }
        return uses
    }

    /// The type an alias chain ends at (`id` itself when it is no alias of a named type).
    private func aliasTarget(_ id: IR.TypeID) -> IR.TypeID {
        var current = id
        var seen: Set<IR.TypeID> = [id]
        while case .alias(.named(let next))? = declared.kinds[current], seen.insert(next.id).inserted {
            current = next.id
        }
        return current
    }

    /// Where a schema's discriminator `propertyName` is written (the schema's location without one).
    static func discriminatorLocation(_ schema: Schema) -> SourceLocation {
        schema.keywords.node["discriminator"]?["propertyName"]?.location ?? schema.location
    }
}
