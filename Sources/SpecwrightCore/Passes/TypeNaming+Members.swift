extension TypeNaming {
    /// `api` with the member names decided from `requests` (``MemberNameRequests``): each scope
    /// replayed, in its order, with the names it reserves and — for a scope that reserves the
    /// module's type names — those types under their final names (`typeNames`; a type the filter
    /// left out keeps the name it had, so a member never takes the name of one). A member whose
    /// name differs from the one its front end was given is renamed in its declaration, its
    /// rename warning withdrawn and the new one added; the scopes of the types the filter left
    /// out (`removed`) are dropped, with their rename warnings.
    ///
    /// The front ends gave each member the name the replay gives when the reserved type names are
    /// the ones they read; those change only when a type a scope reserves is renamed, which the
    /// spec front end's types (the only ones reserved) are not: requested first, they never yield.
    static func namingMembers(
        in api: IR.API, requests: MemberNameRequests, typeNames: [IR.TypeID: String], removed: Set<IR.TypeID>
    ) -> Output {
        var output = Output(api: api)
        let reservedTypeNames = Set(requests.typeNames.types.map { typeNames[$0.id] ?? $0.name })
        var changed: [MemberNameRequests.Owner: [String: IR.Identifier]] = [:]
        for requested in requests.scopes {
            let owner: IR.TypeID =
                switch requested.owner {
                case .properties(let id), .cases(let id): id
                }
            guard typeNames[owner] != nil else {
                // A type the front end itself did not keep has no members to name.
                guard removed.contains(owner) else { continue }
                for request in requested.requests {
                    guard let warning = request.warning, let rename = request.provisionalRename else { continue }
                    output.withdrawn.append(warning.diagnostic(rename))
                }
                continue
            }
            var scope = NameScope(
                reserved: requested.reserved, shared: requested.reservesTypeNames ? reservedTypeNames : [])
            scope.expect(requested.expected)
            for request in requested.requests {
                let name: IR.Identifier
                switch request.spelling {
                case .converted(let raw, let fallback):
                    name = scope.identifier(for: raw, style: .member, fallback: fallback)
                case .catchAll:
                    name = scope.claimCatchAll()
                }
                if name != request.provisional {
                    changed[requested.owner, default: [:]][request.provisional.name] = name
                }
                guard let warning = request.warning else { continue }
                let before = request.provisionalRename.map(warning.diagnostic)
                let after = scope.lastRename.map(warning.diagnostic)
                if before != after {
                    if let before { output.withdrawn.append(before) }
                    if let after { output.added.append(after) }
                }
            }
        }
        if !changed.isEmpty {
            output.api.types = output.api.types.map { renamingMembers(of: $0, changed) }
        }
        return output
    }

    /// `declaration` (and the types nested in it) with the `changed` member names (provisional
    /// name → final, by owner).
    private static func renamingMembers(
        of declaration: IR.TypeDeclaration, _ changed: [MemberNameRequests.Owner: [String: IR.Identifier]]
    ) -> IR.TypeDeclaration {
        switch declaration {
        case .structure(var structure):
            if let names = changed[.properties(structure.name.id)] {
                for index in structure.properties.indices {
                    if let name = names[structure.properties[index].name.name] {
                        structure.properties[index].name = name
                    }
                }
                if let extra = structure.additionalProperties?.name.name, let name = names[extra] {
                    structure.additionalProperties?.name = name
                }
            }
            structure.nestedTypes = structure.nestedTypes.map { renamingMembers(of: $0, changed) }
            return .structure(structure)
        case .stringEnum(var enumeration):
            guard let names = changed[.cases(enumeration.name.id)] else { return declaration }
            for index in enumeration.cases.indices {
                if let name = names[enumeration.cases[index].name.name] { enumeration.cases[index].name = name }
            }
            if let name = names[enumeration.unknownCaseName.name] { enumeration.unknownCaseName = name }
            return .stringEnum(enumeration)
        case .integerEnum(var enumeration):
            guard let names = changed[.cases(enumeration.name.id)] else { return declaration }
            for index in enumeration.cases.indices {
                if let name = names[enumeration.cases[index].name.name] { enumeration.cases[index].name = name }
            }
            if let name = names[enumeration.unknownCaseName.name] { enumeration.unknownCaseName = name }
            return .integerEnum(enumeration)
        case .union, .alias:
            return declaration
        }
    }
}
