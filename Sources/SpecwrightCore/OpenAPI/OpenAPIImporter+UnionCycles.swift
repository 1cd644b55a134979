import SpecwrightYAML

/// Unions that contain themselves with no object in between (`U: {oneOf: [{$ref: U}, string]}`,
/// or `U` → `V` → `U` through unions and aliases): decoding such a union tries itself again
/// before it reads anything, so it never ends. An error at the alternative that closes the loop.
extension OpenAPIImporter {
    mutating func reportSelfContainingUnions() {
        var unions: [String: IR.Union] = [:]
        var aliases: [String: IR.TypeReference] = [:]
        for declaration in declared.declarations {
            switch declaration {
            case .union(let union): unions[union.name.name] = union
            case .alias(let alias): aliases[alias.name.name] = alias.type
            default: break
            }
        }
        guard !unions.isEmpty else { return }
        /// The union a case type is, through optionals and aliases (arrays and objects end the search).
        func union(of type: IR.TypeReference) -> String? {
            var current = type
            for _ in 0..<Self.maxReferenceHops {
                switch current {
                case .optional(let wrapped): current = wrapped
                case .named(let name):
                    if unions[name.name] != nil { return name.name }
                    guard let target = aliases[name.name] else { return nil }
                    current = target
                default: return nil
                }
            }
            return nil
        }
        enum Mark { case onPath, done }
        var marks: [String: Mark] = [:]
        for start in unions.keys.sorted() where marks[start] == nil {
            // Iterative depth-first search over (union, next case index).
            var path: [(name: String, next: Int)] = [(start, 0)]
            marks[start] = .onPath
            while let top = path.last {
                let cases = unions[top.name]?.cases ?? []
                guard top.next < cases.count else {
                    marks[top.name] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                guard let target = union(of: cases[top.next].type) else { continue }
                switch marks[target] {
                case nil:
                    marks[target] = .onPath
                    path.append((target, 0))
                case .onPath:
                    let loop = path.map(\.name).drop { $0 != target } + [target]
                    reportUnionLoop(Array(loop), closingCase: top.next)
                case .done:
                    break
                }
            }
        }
    }

    /// Reports the loop `names` (first == last) at the alternative of its last-but-one union that
    /// leads back (`closingCase`), or at that union's schema.
    private mutating func reportUnionLoop(_ names: [String], closingCase: Int) {
        let owner = names[names.count - 2]
        let documentNames = names.map { components.byTypeName[$0] ?? $0 }
        let chain = documentNames.map { "'\($0)'" }.joined(separator: " → ")
        let schema = components.byTypeName[owner].flatMap { components.schemas[$0] }
        let members = schema.map(unionMembers) ?? []
        let location =
            members.indices.contains(closingCase)
            ? Self.referenceLocation(members[closingCase])
            : schema?.location ?? naming.inlineNames.first { $0.value.name == owner }?.key ?? document.location
        let message =
            names.count == 2
            ? "union '\(documentNames[0])' contains itself as an alternative: decoding it would never end"
            : "union '\(documentNames[0])' contains itself through other unions (\(chain)): decoding it would never end"
        reportCycle(message, at: location)
    }
}
