import SpecwrightYAML

/// Bodies written again and again: frameworks inline the same schema in many operations
/// (Litestar writes its 400 error body into every operation, 18 times in one service). Before
/// the operations are lowered, the inline JSON schemas of every operation's request body, success
/// response and error responses are compared by content (``OpenAPI/JSONSchema/contentKey(ignoringTitle:keys:)``:
/// locations, the order of mapping keys and use-only words such as `description` aside): identical ones become one type,
/// named by what their places have in common — the words after the operation's name when every
/// place agrees (`ReadItem error 400`, `ListItems error 400` → `Error400`), else (or when another
/// body or a schema wants that name) the first place's name. A schema written once (also one
/// response component used everywhere) keeps its place's name, so documents without repetition generate
/// exactly what they did. Everything is visited in document order: the names never depend on
/// hash order.
extension OpenAPIImporter {
    /// The type-name stem of each operation (by raw id), from its idiomatic method name
    /// (`read_item_items__item_id__get` → `ReadItem`) when no other operation of the document has
    /// that name, else from the raw id (`ReadItemItemsItemIdGet`), so the names of inline types
    /// never collide across groups.
    mutating func nameOperationStems(_ groups: [CollectedGroup]) {
        var stems: [(raw: String, stem: String)] = []
        for group in groups {
            for operation in group.operations {
                let raw = operation.operation.id ?? Self.derivedName(operation.method, operation.path)
                var stem = SwiftName.upperCamelCase(raw) ?? raw
                if operationNaming == .idiomatic, operation.operation.operationId != nil,
                    let short = OperationName.idiomatic(raw, method: operation.method.rawValue, path: operation.path),
                    let idiomatic = SwiftName.upperCamelCase(short)
                {
                    stem = idiomatic
                }
                stems.append((raw, stem))
            }
        }
        var counts: [String: Int] = [:]
        for entry in stems { counts[entry.stem, default: 0] += 1 }
        for entry in stems where counts[entry.stem] == 1 { naming.operationStems[entry.raw] = entry.stem }
    }

    /// Finds the inline body schemas written more than once (see the extension's documentation)
    /// and chooses their shared name; `baseType` declares each once.
    mutating func shareRepeatedBodies(_ groups: [CollectedGroup]) {
        var places: [String: [(location: SourceLocation, words: [String])]] = [:]
        var order: [String] = []
        for group in groups {
            for collected in group.operations {
                let raw = collected.operation.id ?? Self.derivedName(collected.method, collected.path)
                let stem = naming.operationStems[raw] ?? SwiftName.upperCamelCase(raw) ?? raw
                for (schema, role) in bodySchemas(collected.operation) {
                    let shape = shape(schema)
                    guard schema.reference == nil, shape != .expression,
                        let key = contentKey(schema, ignoringTitle: shape == .union)
                    else { continue }
                    if places[key] == nil { order.append(key) }
                    places[key, default: []].append((schema.location, [stem] + role))
                }
            }
        }
        // Written at one place (a response component every operation refers to) is no repetition:
        // it is one type already, named where it is first used.
        let repeated = order.compactMap { key in
            places[key].flatMap { uses in Set(uses.map(\.location)).count > 1 ? (key, uses) : nil }
        }
        var wanted: [String: Int] = [:]
        for (_, uses) in repeated { wanted[Self.sharedName(uses.map(\.words)), default: 0] += 1 }
        for (key, uses) in repeated {
            for use in uses { naming.repeatedBodyKeys[use.location] = key }
            // Two different bodies that would share a name, or one a schema has, keep their first place's.
            let name = Self.sharedName(uses.map(\.words))
            let free = wanted[name] == 1 && !naming.types.contains(SwiftName.upperCamelCase(name) ?? name)
            naming.repeatedBodyNames[key] = free ? name : uses[0].words.joined(separator: " ")
        }
    }

    /// The name words of a body written at several places: the words after the operation's name
    /// that every place shares, when they say more than a bare role; else the first place's words.
    static func sharedName(_ places: [[String]]) -> String {
        var common = Array(places[0].dropFirst())
        for words in places.dropFirst() {
            let tail = Array(words.dropFirst())
            var shared = 0
            while shared < min(common.count, tail.count),
                common[common.count - 1 - shared] == tail[tail.count - 1 - shared]
            {
                shared += 1
            }
            common = Array(common.suffix(shared))
        }
        let bareRoles: Set<[String]> = [[], ["request"], ["response"], ["error"]]
        return (bareRoles.contains(common) ? places[0] : common).joined(separator: " ")
    }

    /// The inline JSON schemas of an operation's bodies with the words its place adds to the
    /// operation's name (`request`, `response`, `error 422`), as ``lowerOperation`` names them.
    private mutating func bodySchemas(_ operation: OpenAPI.Operation) -> [(Schema, [String])] {
        var found: [(Schema, [String])] = []
        if let requestBody = operation.requestBody, let body = quietlyResolved(requestBody),
            let json = body.content.first(where: { Self.isJSON($0.mediaType) }), let schema = json.media.schema
        {
            found.append((schema, ["request"]))
        }
        var success: (status: Int, schema: Schema?)?
        for (code, value) in operation.responses {
            guard let response = quietlyResolved(value) else { continue }
            let schema = Self.jsonSchema(response.content).schema
            if let status = Int(code), (200..<300).contains(status) {
                if success.map({ status < $0.status }) ?? true { success = (status, schema) }
            } else if let schema, code == "default" || Int(code) != nil {
                found.append((schema, code == "default" ? ["error"] : ["error", code]))
            }
        }
        if let schema = success?.schema { found.append((schema, ["response"])) }
        return found
    }

    /// ``resolved(_:)`` without reporting anything: the lowering reports what does not resolve.
    mutating func quietlyResolved<Value>(_ item: OpenAPI.Referenceable<Value>) -> Value? {
        var current = item
        for _ in 0..<Self.maxReferenceHops {
            switch current {
            case .value(let value): return value
            case .reference(let reference):
                guard let target = lookUpNode(reference.text) else { return nil }
                current = OpenAPIReader.referenceable(target)
            }
        }
        return nil
    }
}
