extension TypeNaming {
    /// `api` with the recursion boxes (``RecursionBoxing``) named: `Indirect` + the boxed type's
    /// final name, claimed in the order the boxes were added among the module-level names (the
    /// other types, the client type and the group types); their doc comments name the boxed type.
    static func namingBoxes(in api: IR.API) -> IR.API {
        let boxes = api.types.compactMap(RecursionBoxing.boxedType)
        guard !boxes.isEmpty else { return api }
        let boxIDs = Set(boxes.map(\.box.id))
        var taken = NameScope.reservedTypeNames + [api.clientTypeName.name]
        taken += api.types.lazy.filter { !boxIDs.contains($0.id) }.map(\.name.name)
        for group in api.groups { taken += [group.enumName.name, group.protocolName.name, group.clientName.name] }
        var scope = NameScope(reserved: taken, renameSuffixes: NameScope.typeSuffixes)
        var changed: [IR.TypeID: IR.Identifier] = [:]
        var boxedNames: [IR.TypeID: String] = [:]
        for (box, boxed) in boxes {
            let name = scope.claim(RecursionBoxing.boxPrefix + boxed.name)
            if name != box.identifier { changed[box.id] = name }
            boxedNames[box.id] = boxed.name
        }
        var named = api.renamingTypes(changed)
        for index in named.types.indices {
            guard case .union(var union) = named.types[index], let boxed = boxedNames[union.name.id] else { continue }
            union.documentation = RecursionBoxing.boxDocumentation(boxed)
            named.types[index] = .union(union)
        }
        return named
    }
}
