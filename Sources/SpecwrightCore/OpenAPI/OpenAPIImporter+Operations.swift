import SpecwrightYAML

extension OpenAPIImporter {
    /// One operation found under `paths`.
    struct CollectedOperation {
        var path: String
        var pathLocation: SourceLocation
        var method: IR.HTTPMethod
        var operation: OpenAPI.Operation
        /// Parameters declared on the path item (operations may override them).
        var sharedParameters: [OpenAPI.Referenceable<OpenAPI.Parameter>]
    }

    /// Operations grouped by their first tag (else the first path segment with a letter), groups in first-seen order.
    struct CollectedGroup {
        var name: String
        var operations: [CollectedOperation]
    }

    /// The type and property names of a group.
    struct GroupNames {
        var property: IR.Identifier
        var enumName: IR.Identifier
        var protocolName: IR.Identifier
        var clientName: IR.Identifier
    }

    static let methods: [String: IR.HTTPMethod] = [
        "get": .get, "put": .put, "post": .post, "delete": .delete, "patch": .patch, "head": .head
    ]

    mutating func collectOperations() -> [CollectedGroup] {
        var groups: [CollectedGroup] = []
        var indexByName: [String: Int] = [:]
        for entry in document.paths {
            guard let item = resolved(entry.item) else { continue }
            let path = entry.path
            for (key, operation) in item.operations {
                guard let method = Self.methods[key] else {
                    if key == "options" || key == "trace" {
                        skip(
                            .method,
                            "\(key.uppercased()) operations are not generated: the runtime does not send that method",
                            at: operation.location)
                    }
                    continue
                }
                let tags = operation.tags
                let collected = CollectedOperation(
                    path: path, pathLocation: entry.keyLocation, method: method, operation: operation,
                    sharedParameters: item.parameters)
                let group = tags.first ?? Self.firstLiteralSegment(path) ?? "default"
                if let index = indexByName[group] {
                    groups[index].operations.append(collected)
                } else {
                    indexByName[group] = groups.count
                    groups.append(CollectedGroup(name: group, operations: [collected]))
                }
            }
        }
        return groups
    }

    /// The group of an operation without tags: its first literal path segment that has a letter,
    /// so that a version segment (`/2.0/users` → `users`) does not name the group `_20` (#14 item 2:
    /// no name ends in digits the document does not write as a word); else its first literal segment.
    static func firstLiteralSegment(_ path: String) -> String? {
        let literal = path.split(separator: "/").filter { !$0.contains("{") }
        return (literal.first { $0.contains(where: \.isLetter) } ?? literal.first).map(String.init)
    }

    mutating func groupNames(_ raw: String, scope: inout NameScope) -> GroupNames {
        let property = scope.identifier(for: raw, style: .member, fallback: "group")
        let stem = SwiftName.upperCamelCase(raw) ?? "Group"
        var names: [IR.Identifier] = []
        for suffix in NameScope.groupTypeSuffixes {
            names.append(
                requestTypeName(
                    .groupType(group: property.name, role: names.count), exactly: stem + suffix,
                    warning: "the type '\(stem + suffix)' of group '\(raw)'", at: document.pathsLocation))
        }
        return GroupNames(property: property, enumName: names[0], protocolName: names[1], clientName: names[2])
    }

    mutating func lowerGroup(_ group: CollectedGroup, names: GroupNames) -> IR.EndpointGroup {
        // Type names are reserved too: a member spelled like a type (`_2fa`) would hide it.
        let reserved = NameScope.reservedEndpointNames + components.names.values.map(\.name)
        var endpointScope = NameScope(reserved: reserved)
        naming.types.endpoints.open(group: names.property.name, reserved: reserved)
        var endpoints: [IR.Endpoint] = []
        for operation in group.operations {
            let raw = operation.operation.id ?? Self.derivedName(operation.method, operation.path)
            let name = operationName(operation, raw: raw, group: names.property.name, scope: &endpointScope)
            let reported = diagnostics.diagnostics.count
            let declaredBefore = declared.declarations.count
            var endpoint = lowerOperation(operation, name: name, group: names, raw: raw)
            endpoint.source.diagnostics = Array(diagnostics.diagnostics[reported...])
            operationTypeWarnings.declaredByOperations.formUnion(declared.declarations[declaredBefore...].map(\.id))
            endpoints.append(endpoint)
            summary.operationsGenerated += 1
        }
        return IR.EndpointGroup(
            propertyName: names.property, enumName: names.enumName, protocolName: names.protocolName,
            clientName: names.clientName, documentation: IR.Documentation("The `\(group.name)` endpoints."),
            endpoints: endpoints)
    }

    /// The method name of an operation: its operationId without a framework's path-and-method
    /// suffix (``OperationName``) unless the config keeps raw ids or that name is taken, else
    /// the operationId (or `method path`) made Swift; a collision is warned about. Recorded as a
    /// request (``EndpointNameRequests``) the naming pass replays over the operations kept.
    private mutating func operationName(
        _ operation: CollectedOperation, raw: String, group: String, scope: inout NameScope
    ) -> IR.Identifier {
        let location = operation.operation.operationId?.location ?? operation.operation.location
        var idiomatic: String?
        if operationNaming == .idiomatic, operation.operation.operationId != nil,
            let short = OperationName.idiomatic(raw, method: operation.method.rawValue, path: operation.path)
        {
            idiomatic = SwiftName.lowerCamelCase(short)
        }
        let (name, warning) = EndpointNameRequests.name(raw: raw, idiomatic: idiomatic, in: &scope)
        if let warning { skip(.naming, warning, at: location) }
        naming.types.endpoints.add(
            EndpointNameRequests.Request(
                operationName: group + "." + name.name, raw: raw, idiomatic: idiomatic, location: location,
                provisional: name, provisionalWarning: warning))
        return name
    }

    /// `get /pets/{petId}` → `get pets by petId` (made lowerCamelCase by the name scope).
    static func derivedName(_ method: IR.HTTPMethod, _ path: String) -> String {
        var words = [method.rawValue]
        for segment in path.split(separator: "/") {
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                words.append("by " + segment.dropFirst().dropLast())
            } else {
                words.append(String(segment))
            }
        }
        return words.joined(separator: " ")
    }

    /// The path split into segments of literal text and parameters.
    static func pathSegments(_ path: String) -> [[(isParameter: Bool, text: String)]] {
        // Fast path, same result: an ASCII path (almost every one) is cut byte by byte.
        if path.utf8.allSatisfy({ $0 < 0x80 }) { return asciiPathSegments(Array(path.utf8)) }
        return path.split(separator: "/").map { segment in
            var pieces: [(isParameter: Bool, text: String)] = []
            var rest = Substring(segment)
            while !rest.isEmpty {
                if let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                    if open > rest.startIndex { pieces.append((false, String(rest[..<open]))) }
                    pieces.append((true, String(rest[rest.index(after: open)..<close])))
                    rest = rest[rest.index(after: close)...]
                } else {
                    pieces.append((false, String(rest)))
                    rest = ""
                }
            }
            return pieces
        }
    }

    /// ``pathSegments(_:)`` of an ASCII path.
    private static func asciiPathSegments(_ path: [UInt8]) -> [[(isParameter: Bool, text: String)]] {
        func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        return path.split(separator: UInt8(ascii: "/")).map { segment in
            var pieces: [(isParameter: Bool, text: String)] = []
            var rest = segment
            while !rest.isEmpty {
                if let open = rest.firstIndex(of: UInt8(ascii: "{")),
                    let close = rest[open...].firstIndex(of: UInt8(ascii: "}"))
                {
                    if open > rest.startIndex { pieces.append((false, text(rest[..<open]))) }
                    pieces.append((true, text(rest[(open + 1)..<close])))
                    rest = rest[(close + 1)...]
                } else {
                    pieces.append((false, text(rest)))
                    rest = []
                }
            }
            return pieces
        }
    }
}
