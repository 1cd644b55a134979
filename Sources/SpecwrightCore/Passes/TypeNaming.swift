/// The naming pass, the last of ``IRPasses``: assigns the final Swift names of the module-level
/// types — declared types, the client type, the group types, the response-header structs and
/// the recursion boxes — once the filter and reachability have decided what is generated.
///
/// The front ends record their type-name requests (``TypeNameRequests``) in the order they
/// translate (component, client and group names first, then inline and response-header names
/// as they meet them); the pass replays that order over the requests whose target is still in
/// the API, so a kept type is not renamed because of a name a left-out operation's type took.
/// With nothing left out the replay gives every request the name the front end was given. The
/// names reach every use through ``IR/API/renamingTypes(_:)``; an inline type's name follows
/// its parent's (`PetStatus` after `Pet`). Rename warnings are the replay's: the front end's
/// warning for a request is withdrawn when the final name differs (or the target is gone) and the
/// final one added. The boxes ``RecursionBoxing`` added are named last, `Indirect` + the boxed
/// type's final name, among the module-level names (`TypeNaming+Boxes.swift`). With a filter,
/// the OpenAPI operations' method names are replayed first (`TypeNaming+Endpoints.swift`), as the
/// response-header structs are spelled after them.
enum TypeNaming {
    /// The named API and how its rename warnings changed.
    struct Output {
        var api: IR.API
        /// Front-end rename warnings that no longer hold (a target left out, another name given).
        var withdrawn: [Diagnostic] = []
        /// The rename warnings of names that changed.
        var added: [Diagnostic] = []
    }

    /// `api` (after the other passes) with its type names assigned from `requests`; `translated`
    /// is the API the front end made, before any pass (what was left out is what it has more;
    /// nil when nothing can have been: no filter).
    static func apply(to api: IR.API, requests: TypeNameRequests, translated: IR.API?) -> Output {
        var (api, requests) = (api, requests)
        var endpointKey: (IR.Endpoint) -> String = { $0.name.name }
        var endpointRenames: (withdrawn: [Diagnostic], added: [Diagnostic]) = ([], [])
        var endpointsRenamed = false
        if let translated {
            // The operations' method names first: a response-header struct is spelled after one.
            let endpoints = namingEndpoints(in: api, requests: requests.endpoints)
            api = endpoints.api
            endpointRenames = (endpoints.withdrawn, endpoints.added)
            if !endpoints.renamed.isEmpty {
                requests = retargetingResponseHeaders(requests, of: translated, endpoints)
                endpointKey = { responseHeadersKey(of: $0, endpoints) }
                endpointsRenamed = true
            }
        }
        let removed = translated.map { targets(of: $0, endpointKey).subtracting(targets(of: api)) } ?? []
        var output = Output(api: api)
        if !removed.isEmpty || endpointsRenamed {
            let replayed = replay(requests, removing: removed)
            output = Output(
                api: renaming(api, replayed.changed), withdrawn: replayed.withdrawn, added: replayed.added)
        }
        output.withdrawn += endpointRenames.withdrawn
        output.added += endpointRenames.added
        output.api = namingBoxes(in: output.api)
        let removedTypes = Set(
            removed.compactMap { target -> IR.TypeID? in
                if case .type(let id) = target { return id }
                return nil
            })
        let members = namingMembers(
            in: output.api, requests: requests.members, typeNames: declaredNames(in: output.api), removed: removedTypes)
        output.api = members.api
        output.withdrawn += members.withdrawn
        output.added += members.added
        return output
    }

    /// The Swift name of every type `api` declares (nested ones too), by identity.
    static func declaredNames(in api: IR.API) -> [IR.TypeID: String] {
        var names: [IR.TypeID: String] = [:]
        func add(_ declarations: [IR.TypeDeclaration]) {
            for declaration in declarations {
                names[declaration.id] = declaration.name.name
                if case .structure(let structure) = declaration { add(structure.nestedTypes) }
            }
        }
        add(api.types)
        return names
    }

    private struct Replay {
        var changed: [TypeNameRequests.Target: IR.Identifier] = [:]
        var withdrawn: [Diagnostic] = []
        var added: [Diagnostic] = []
    }

    /// The requests claimed again, in their order, without the `removed` targets.
    private static func replay(_ requests: TypeNameRequests, removing removed: Set<TypeNameRequests.Target>) -> Replay {
        var result = Replay()
        var scope = TypeNameRequests.moduleScope()
        scope.expect(requests.requests.lazy.filter { $0.isExpected && !removed.contains($0.target) }.map(\.spelling))
        var typeNames: [IR.TypeID: String] = [:]
        for request in requests.requests {
            let before = request.warning.flatMap { warning in request.provisionalRename.map(warning.diagnostic) }
            guard !removed.contains(request.target) else {
                if let before { result.withdrawn.append(before) }
                continue
            }
            var spelling = request.spelling
            if let parent = request.parent, let parentName = typeNames[parent.id] {
                spelling = parentName + " " + parent.words
            }
            let name =
                request.converts
                ? scope.identifier(for: spelling, style: .type, fallback: request.fallback) : scope.claim(spelling)
            let after = request.warning.flatMap { warning in scope.lastRename.map(warning.diagnostic) }
            if case .type(let id) = request.target { typeNames[id] = name.name }
            if name != request.provisional { result.changed[request.target] = name }
            if before != after {
                if let before { result.withdrawn.append(before) }
                if let after { result.added.append(after) }
            }
        }
        return result
    }

    /// Every target `api` declares a name for.
    private static func targets(
        of api: IR.API, _ endpointKey: (IR.Endpoint) -> String = { $0.name.name }
    ) -> Set<TypeNameRequests.Target> {
        var targets: Set<TypeNameRequests.Target> = [.client]
        func add(_ declarations: [IR.TypeDeclaration]) {
            for declaration in declarations {
                targets.insert(.type(declaration.id))
                if case .structure(let structure) = declaration { add(structure.nestedTypes) }
            }
        }
        add(api.types)
        for group in api.groups {
            for role in NameScope.groupTypeSuffixes.indices {
                targets.insert(.groupType(group: group.propertyName.name, role: role))
            }
            for endpoint in group.endpoints where endpoint.responseHeadersName != nil {
                targets.insert(.responseHeaders(group: group.propertyName.name, endpoint: endpointKey(endpoint)))
            }
        }
        return targets
    }

    /// `api` with the `changed` names written everywhere.
    private static func renaming(_ api: IR.API, _ changed: [TypeNameRequests.Target: IR.Identifier]) -> IR.API {
        var types: [IR.TypeID: IR.Identifier] = [:]
        for case (.type(let id), let name) in changed { types[id] = name }
        var renamed = api.renamingTypes(types)
        if let client = changed[.client] { renamed.clientTypeName = client }
        for index in renamed.groups.indices {
            var group = renamed.groups[index]
            let property = group.propertyName.name
            func name(_ role: Int) -> IR.Identifier? { changed[.groupType(group: property, role: role)] }
            if let name = name(0) { group.enumName = name }
            if let name = name(1) { group.protocolName = name }
            if let name = name(2) { group.clientName = name }
            for endpoint in group.endpoints.indices {
                let target = TypeNameRequests.Target.responseHeaders(
                    group: property, endpoint: group.endpoints[endpoint].name.name)
                if let name = changed[target] { group.endpoints[endpoint].responseHeadersName = name }
            }
            renamed.groups[index] = group
        }
        return renamed
    }
}
