import SpecwrightYAML

/// Cycles and depth: what keeps the importer finite on any document.
///
/// Recursion through a declaration (a struct property, a union case) is legal and compiles (see
/// ``RecursionBoxing``). A cycle with no declaration in between has no Swift type and is an error
/// at the cycle's first `$ref`: component aliases of each other (`A: {$ref: B}`, `B: {$ref: A}`,
/// or through `items`, `additionalProperties`, one-member `allOf`/`oneOf`/`anyOf`), an `allOf`
/// that includes itself, and references between other places that loop. Conversion nests at
/// most ``maxSchemaDepth`` schemas deep (each `$ref` hop and each nested schema counts), so no
/// document can exhaust the stack.
extension OpenAPIImporter {
    /// The deepest schema nesting converted; deeper is a located error. The reader and the
    /// structure check stop at the same depth of nesting (``OpenAPIReader/maxSchemaDepth``), so a
    /// schema needs `$ref` hops to get here.
    static let maxSchemaDepth = OpenAPIReader.maxSchemaDepth

    /// Enters one level of schema conversion; false (with an error, once) beyond ``maxSchemaDepth``.
    /// A caller that gets true decrements `depth` when it leaves.
    mutating func enterNestedSchema(at location: SourceLocation) -> Bool {
        guard resolution.depth < Self.maxSchemaDepth else {
            if !resolution.depthLimitReported {
                resolution.depthLimitReported = true
                diagnostics.error(
                    "schemas nest deeper than \(Self.maxSchemaDepth) levels here (counting nested schemas, 'allOf' members and '$ref' hops); the document is not generated",
                    at: location)
            }
            return false
        }
        resolution.depth += 1
        return true
    }

    /// Reports a reference cycle with no object in between, once per location.
    mutating func reportCycle(_ message: String, at location: SourceLocation) {
        guard resolution.reportedCycles.insert(location).inserted else { return }
        diagnostics.error(message, at: location)
    }

    /// Finds component aliases that are aliases of themselves (a `typealias` cycle does not
    /// compile), reports each cycle at its first `$ref`, and makes the alias that closes it a
    /// `JSONValue`, so that the later passes only ever see finite alias chains.
    mutating func breakAliasCycles() {
        var aliasIndex: [IR.TypeID: Int] = [:]
        for (index, declaration) in declared.declarations.enumerated() {
            if case .alias(let alias) = declaration { aliasIndex[alias.name.id] = index }
        }
        guard !aliasIndex.isEmpty else { return }
        func targets(_ index: Int) -> [Int] {
            guard case .alias(let alias) = declared.declarations[index] else { return [] }
            var found: [Int] = []
            var pending = [alias.type]
            while let type = pending.popLast() {
                switch type {
                case .builtin: break
                case .named(let name): if let target = aliasIndex[name.id] { found.append(target) }
                case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): pending.append(wrapped)
                }
            }
            return found
        }
        // Iterative depth-first search; an edge to a node on the current path closes a cycle.
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: declared.declarations.count)
        var closing: [Int] = []
        for start in aliasIndex.values.sorted() where marks[start] == .unvisited {
            var path: [(node: Int, targets: [Int], next: Int)] = [(start, targets(start), 0)]
            marks[start] = .onPath
            while let top = path.last {
                guard top.next < top.targets.count else {
                    marks[top.node] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = top.targets[top.next]
                switch marks[target] {
                case .unvisited:
                    marks[target] = .onPath
                    path.append((target, targets(target), 0))
                case .onPath:
                    let cycle = path.map(\.node).drop { $0 != target }
                    reportAliasCycle(Array(cycle))
                    closing.append(top.node)
                case .done:
                    break
                }
            }
        }
        for index in closing {
            guard case .alias(var alias) = declared.declarations[index] else { continue }
            alias.type = jsonValue()
            declared.declarations[index] = .alias(alias)
            declared.kinds[alias.name.id] = .alias(alias.type)
        }
    }

    /// Reports the alias cycle `cycle` (declaration indices, in reference order) at the `$ref`
    /// in its first member's schema that names the second member.
    private mutating func reportAliasCycle(_ cycle: [Int]) {
        let schemaNames = cycle.map { declared.declarations[$0].name }.map { components.byTypeID[$0.id] ?? $0.name }
        let next = schemaNames.count > 1 ? schemaNames[1] : schemaNames[0]
        let schema = components.schemas[schemaNames[0]]
        let location =
            schema.flatMap { firstReference(in: $0, toComponent: next) } ?? schema?.location ?? document.location
        let chain = (schemaNames + [schemaNames[0]]).map { "'\($0)'" }.joined(separator: " → ")
        reportCycle(
            "schema '\(schemaNames[0])' is an alias of itself (\(chain)): a cycle of references with no object in between has no Swift type",
            at: location)
    }

    /// The location of the first `$ref` to component `name` in `schema` or in the schemas it is
    /// made of without a declaration in between (`items`, `additionalProperties`, `allOf`, `oneOf`, `anyOf`).
    private func firstReference(in schema: Schema, toComponent name: String) -> SourceLocation? {
        var pending = [schema]
        var index = 0
        while index < pending.count {
            let current = pending[index]
            index += 1
            if let reference = current.reference?.text {
                if componentSchemaName(reference) == name { return Self.referenceLocation(current) }
                continue
            }
            for child in [current.items, current.additionalProperties] {
                if let child, case .mapping = child.form { pending.append(child) }
            }
            for members in [current.allOf, current.oneOf, current.anyOf] {
                pending.append(contentsOf: members ?? [])
            }
        }
        return nil
    }
}
