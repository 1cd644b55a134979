import SpecwrightYAML

/// Unions that contain themselves with no object in between (`U: {oneOf: [{$ref: U}, string]}`,
/// or `U` → `V` → `U` through unions and aliases): decoding such a union tries itself again
/// before it reads anything, so it never ends. An error at the alternative that closes the loop.
extension OpenAPIImporter {
    mutating func reportSelfContainingUnions() {
        var unions: [IR.TypeID: IR.Union] = [:]
        var aliases: [IR.TypeID: IR.TypeReference] = [:]
        for declaration in declared.declarations {
            switch declaration {
            case .union(let union): unions[union.name.id] = union
            case .alias(let alias): aliases[alias.name.id] = alias.type
            default: break
            }
        }
        guard !unions.isEmpty else { return }
        /// The union a case type is, through optionals and aliases (arrays and objects end the search).
        func union(of type: IR.TypeReference) -> IR.TypeName? {
            var current = type
            for _ in 0..<Self.maxReferenceHops {
                switch current {
                case .optional(let wrapped): current = wrapped
                case .named(let name):
                    if unions[name.id] != nil { return name }
                    guard let target = aliases[name.id] else { return nil }
                    current = target
                default: return nil
                }
            }
            return nil
        }
        enum Mark { case onPath, done }
        var marks: [IR.TypeID: Mark] = [:]
        // In Swift name order, so the same loop is reported at the same place whatever the identities.
        for start in unions.values.map(\.name).sorted(by: { $0.name < $1.name }) where marks[start.id] == nil {
            // Iterative depth-first search over (union, next case index).
            var path: [(name: IR.TypeName, next: Int)] = [(start, 0)]
            marks[start.id] = .onPath
            while let top = path.last {
                let cases = unions[top.name.id]?.cases ?? []
                guard top.next < cases.count else {
                    marks[top.name.id] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                guard let target = union(of: cases[top.next].type) else { continue }
                switch marks[target.id] {
                case nil:
                    marks[target.id] = .onPath
                    path.append((target, 0))
                case .onPath:
                    let loop = path.map(\.name).drop { $0.id != target.id } + [target]
                    reportUnionLoop(Array(loop), closingCase: top.next)
                case .done:
                    break
                }
            }
        }
    }

    /// Reports the loop `names` (first == last) at the alternative of its last-but-one union that
    /// leads back (`closingCase`), or at that union's schema.
    private mutating func reportUnionLoop(_ names: [IR.TypeName], closingCase: Int) {
        let owner = names[names.count - 2]
        let documentNames = names.map { components.byTypeID[$0.id] ?? $0.name }
        let chain = documentNames.map { "'\($0)'" }.joined(separator: " → ")
        let schema = components.byTypeID[owner.id].flatMap { components.schemas[$0] }
        let members = schema.map(unionMembers) ?? []
        let location =
            members.indices.contains(closingCase)
            ? Self.referenceLocation(members[closingCase])
            : schema?.location ?? naming.inlineNames.first { $0.value.id == owner.id }?.key ?? document.location
        let message =
            names.count == 2
            ? "union '\(documentNames[0])' contains itself as an alternative: decoding it would never end"
            : "union '\(documentNames[0])' contains itself through other unions (\(chain)): decoding it would never end"
        reportCycle(message, at: location)
    }
}
