extension IR.API {
    /// This API with only the top-level types its endpoints use — through parameters, responses
    /// and error bodies, directly or through other types — plus the types `roots` identifies and
    /// what they use. Order is kept.
    func keepingUsedTypes(plus roots: Set<IR.TypeID>) -> IR.API {
        var references: [IR.TypeReference] = []
        for endpoint in groups.flatMap(\.endpoints) {
            references += endpoint.parameters.map(\.type)
            if let type = endpoint.response.decodedType { references.append(type) }
            references += endpoint.errors.map(\.type)
            references += endpoint.responseHeaders.map(\.type)
        }
        let used = typeIDs(reachableFrom: references, plus: roots)
        var pruned = self
        pruned.types = types.filter { used.contains($0.id) }
        return pruned
    }

    /// The identities of the top-level types `references` and `roots` use, directly or through
    /// other types (`roots` themselves included when they are declared).
    func typeIDs(reachableFrom references: [IR.TypeReference], plus roots: Set<IR.TypeID> = []) -> Set<IR.TypeID> {
        let declarations = Dictionary(types.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var used: Set<IR.TypeID> = []
        var pending: [IR.TypeID] = []
        func use(_ id: IR.TypeID) {
            if declarations[id] != nil, used.insert(id).inserted { pending.append(id) }
        }
        func use(_ reference: IR.TypeReference) {
            switch reference {
            case .builtin: break
            case .named(let name): use(name.id)
            case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): use(wrapped)
            }
        }
        func use(_ declaration: IR.TypeDeclaration) {
            switch declaration {
            case .structure(let structure):
                structure.properties.forEach { use($0.type) }
                structure.composedOf.forEach(use)
                if let extra = structure.additionalProperties { use(extra.valueType) }
                structure.nestedTypes.forEach(use)
            case .union(let union): union.cases.forEach { use($0.type) }
            case .alias(let alias): use(alias.type)
            case .stringEnum, .integerEnum: break
            }
        }
        references.forEach(use)
        roots.sorted().forEach(use)
        while let id = pending.popLast() {
            if let declaration = declarations[id] { use(declaration) }
        }
        return used
    }
}
