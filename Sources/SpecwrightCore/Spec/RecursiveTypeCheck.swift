import SpecwrightYAML

/// Finds object types that contain themselves by value (`parent: Node?` inside `Node`, or
/// `A → B → A`): generated structs cannot be recursive. Arrays and dictionaries break a
/// cycle because their storage is on the heap.
///
/// Iterative depth-first search, so that a long chain of types in a hostile spec cannot
/// exhaust the stack. Each cycle is reported once, at the property that closes it.
struct RecursiveTypeCheck {
    let types: [TypeDefinition]

    func run(diagnostics: inout DiagnosticBag) {
        var indexByName: [String: Int] = [:]
        indexByName.reserveCapacity(types.count)
        var isEnum: [Bool] = []
        isEnum.reserveCapacity(types.count)
        for index in types.indices {
            isEnum.append(types[index].isEnum)
            if indexByName[types[index].name] == nil { indexByName[types[index].name] = index }
        }
        // For each type: (index of the property, index of the object type it holds by value).
        var edges: [[(property: Int, target: Int)]] = []
        edges.reserveCapacity(types.count)
        for typeIndex in types.indices {
            var outgoing: [(property: Int, target: Int)] = []
            if case .object(let properties) = types[typeIndex].kind {
                for index in properties.indices {
                    guard case .named(let name) = properties[index].type.expression.nonOptional,
                        let target = indexByName[name], !isEnum[target]
                    else { continue }
                    outgoing.append((index, target))
                }
            }
            edges.append(outgoing)
        }

        enum State { case unvisited, onPath, done }
        var state = [State](repeating: .unvisited, count: types.count)
        for root in types.indices where state[root] == .unvisited {
            var path: [(type: Int, nextEdge: Int)] = [(root, 0)]
            state[root] = .onPath
            while let top = path.last {
                let outgoing = edges[top.type]
                guard top.nextEdge < outgoing.count else {
                    state[top.type] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].nextEdge += 1
                let edge = outgoing[top.nextEdge]
                switch state[edge.target] {
                case .unvisited:
                    state[edge.target] = .onPath
                    path.append((edge.target, 0))
                case .onPath:
                    let property = types[top.type].properties[edge.property]
                    let start = path.firstIndex { $0.type == edge.target } ?? 0
                    let chain = Self.describe(path[start...].map { types[$0.type].name } + [types[edge.target].name])
                    diagnostics.error(
                        "property '\(property.name)' makes '\(types[top.type].name)' contain itself (\(chain)); "
                            + "a struct cannot hold itself: use an array, a dictionary or an identifier",
                        at: property.type.location)
                case .done:
                    break
                }
            }
        }
    }

    /// `A → B → A`, shortened in the middle for long cycles.
    private static func describe(_ names: [String]) -> String {
        guard names.count > 8 else { return names.joined(separator: " → ") }
        return (names.prefix(4) + ["…"] + names.suffix(3)).joined(separator: " → ")
    }
}
