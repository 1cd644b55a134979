/// The recursion-boxing pass: breaks value-type recursion so the generated code compiles, the
/// one recursion policy of every front end.
///
/// A struct cannot contain itself, not even through an `Optional` (arrays and dictionaries are
/// fine: their storage is on the heap). The types are a graph whose edges are "contains by
/// value" (property, union case and alias types with optionals stripped); every edge inside a
/// strongly connected component is part of a cycle. Struct properties on such edges are given
/// a one-case `indirect enum` box (`IndirectNode`), and unions in a cycle become `indirect`.
/// So recursion through a declaration (`parent: Category?`, `Person → Company → Person`) is
/// legal in a Specwright spec and in an OpenAPI document alike; a cycle with no declaration in
/// between (aliases of each other) has no Swift type and is a front-end error.
struct RecursionBoxing {
    private var declarations: [IR.TypeDeclaration]
    private var indexByID: [IR.TypeID: Int] = [:]

    init(_ declarations: [IR.TypeDeclaration]) {
        self.declarations = declarations
        for (index, declaration) in declarations.enumerated() { indexByID[declaration.id] = index }
    }

    /// `api` with boxes added where recursion needs them. A box is named `Indirect` + the boxed
    /// type's name here; the naming pass (``TypeNaming``) gives it its final name.
    static func apply(to api: IR.API) -> IR.API {
        var boxed = api
        boxed.types = apply(to: api.types).declarations
        return boxed
    }

    /// What a box's name starts with (`IndirectNode`).
    static let boxPrefix = "Indirect"

    /// The doc comment of the box of `boxed`.
    static func boxDocumentation(_ boxed: String) -> IR.Documentation {
        IR.Documentation("Holds a `\(boxed)` out of line, so that recursive types have a finite size.")
    }

    /// The box and the boxed type's name, when `declaration` is a box this pass added.
    static func boxedType(_ declaration: IR.TypeDeclaration) -> (box: IR.TypeName, boxed: IR.TypeName)? {
        guard case .union(let union) = declaration, union.isIndirect, union.cases.count == 1,
            case .named(let boxed) = union.cases[0].type, union.name.id == boxed.id.derived(boxRole)
        else { return nil }
        return (union.name, boxed)
    }

    private static let boxRole = "indirect"

    /// The declarations with boxes added where recursion needs them, and how many properties were boxed.
    private static func apply(to declarations: [IR.TypeDeclaration]) -> (
        declarations: [IR.TypeDeclaration], boxed: Int
    ) {
        var storage = RecursionBoxing(declarations)
        let component = storage.stronglyConnectedComponents()
        func cyclic(_ from: Int, _ to: Int) -> Bool { component[from] == component[to] }
        var boxes: [IR.TypeID: IR.TypeName] = [:]
        var added: [IR.TypeDeclaration] = []
        var boxed = 0
        for index in storage.declarations.indices {
            switch storage.declarations[index] {
            case .structure(var structure):
                var changed = false
                for (propertyIndex, property) in structure.properties.enumerated() {
                    guard let target = storage.directTarget(property.type), cyclic(index, target),
                        case .named(let targetName) = property.type.nonOptional
                    else { continue }
                    let box =
                        boxes[targetName.id]
                        ?? {
                            let name = IR.TypeName(
                                id: targetName.id.derived(boxRole),
                                identifier: NameScope.standalone(boxPrefix + targetName.name))
                            added.append(
                                .union(
                                    IR.Union(
                                        name: name,
                                        documentation: boxDocumentation(targetName.name),
                                        kind: .oneOf,
                                        cases: [
                                            IR.UnionCase(name: NameScope.standalone("value"), type: .named(targetName))
                                        ],
                                        isIndirect: true)))
                            boxes[targetName.id] = name
                            return name
                        }()
                    structure.properties[propertyIndex].type =
                        property.type.isOptional ? .optional(.named(box)) : .named(box)
                    structure.properties[propertyIndex].defaultValue = nil
                    changed = true
                    boxed += 1
                }
                if changed { storage.declarations[index] = .structure(structure) }
            case .union(var union):
                let targets = union.cases.compactMap { storage.directTarget($0.type) }
                if targets.contains(where: { cyclic(index, $0) }) {
                    union.isIndirect = true
                    storage.declarations[index] = .union(union)
                }
            default:
                break
            }
        }
        return (storage.declarations + added, boxed)
    }

    /// The declaration a type contains by value (optionals stripped; arrays and maps break containment).
    private func directTarget(_ type: IR.TypeReference) -> Int? {
        switch type {
        case .named(let name): indexByID[name.id]
        case .optional(let wrapped): directTarget(wrapped)
        case .builtin, .array, .dictionary: nil
        }
    }

    private func edges(_ index: Int) -> [Int] {
        switch declarations[index] {
        case .structure(let value): value.properties.compactMap { directTarget($0.type) }
        case .union(let value): value.cases.compactMap { directTarget($0.type) }
        case .alias(let value): directTarget(value.type).map { [$0] } ?? []
        case .stringEnum, .integerEnum: []
        }
    }

    /// The component id of every declaration (Tarjan's algorithm, iterative). A self-loop
    /// counts as a cycle: such nodes get their own id, shared with nothing, but edges to
    /// themselves compare equal.
    private func stronglyConnectedComponents() -> [Int] {
        let count = declarations.count
        let adjacency = (0..<count).map(edges)
        var indexOf = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var component = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        var counter = 0
        var components = 0
        for start in 0..<count where indexOf[start] < 0 {
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            indexOf[start] = counter; lowLink[start] = counter; counter += 1
            stack.append(start); onStack[start] = true
            while let (node, edge) = work.last {
                if edge < adjacency[node].count {
                    work[work.count - 1].edge += 1
                    let next = adjacency[node][edge]
                    if indexOf[next] < 0 {
                        indexOf[next] = counter; lowLink[next] = counter; counter += 1
                        stack.append(next); onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], indexOf[next])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { lowLink[parent.node] = min(lowLink[parent.node], lowLink[node]) }
                if lowLink[node] == indexOf[node] {
                    var members: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        members.append(member)
                        if member == node { break }
                    }
                    let isCycle = members.count > 1 || adjacency[node].contains(node)
                    for member in members { component[member] = isCycle ? components : -2 - member }
                    components += 1
                }
            }
        }
        return component
    }
}
