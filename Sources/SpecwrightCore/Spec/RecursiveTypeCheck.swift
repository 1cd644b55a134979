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
        // All edges in one list, type by type: (index of the property, index of the object type
        // it holds by value); type `t`'s edges are `edges[edgeStart[t]..<edgeStart[t + 1]]`.
        var edges: [(property: Int, target: Int)] = []
        var edgeStart: [Int] = []
        edgeStart.reserveCapacity(types.count + 1)
        for typeIndex in types.indices {
            edgeStart.append(edges.count)
            if case .object(let properties) = types[typeIndex].kind {
                for index in properties.indices {
                    guard case .named(let name) = properties[index].type.expression.nonOptional,
                        let target = indexByName[name], !isEnum[target]
                    else { continue }
                    edges.append((index, target))
                }
            }
        }
        edgeStart.append(edges.count)

        enum State { case unvisited, onPath, done }
        var state = [State](repeating: .unvisited, count: types.count)
        var path: [(type: Int, nextEdge: Int)] = []  // reused for every root; nextEdge indexes `edges`
        for root in types.indices where state[root] == .unvisited {
            path.removeAll(keepingCapacity: true)
            path.append((root, edgeStart[root]))
            state[root] = .onPath
            while let top = path.last {
                guard top.nextEdge < edgeStart[top.type + 1] else {
                    state[top.type] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].nextEdge += 1
                let edge = edges[top.nextEdge]
                switch state[edge.target] {
                case .unvisited:
                    state[edge.target] = .onPath
                    path.append((edge.target, edgeStart[edge.target]))
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
