import SpecwrightYAML

extension OpenAPIImporter {
    /// A Schema Object of the typed document.
    typealias Schema = OpenAPI.JSONSchema

    /// The Swift type for a schema used somewhere (a property, an item, a parameter, a body).
    ///
    /// `hint` names the location (`Pet status`); an inline schema that needs a declaration
    /// (an object, enum or union) is declared under that name. Nullability (`nullable: true`,
    /// `type: [X, "null"]`, a `null` enum value or `oneOf` member) makes the type optional.
    mutating func typeReference(_ schema: Schema, hint: String) -> IR.TypeReference {
        guard enterNestedSchema(at: schema.location) else { return jsonValue() }
        defer { resolution.depth -= 1 }
        if let reference = schema.reference?.text {
            return specializedReference(reference, at: schema, hint: hint)
                ?? referencedType(reference, at: schema, hint: hint)
        }
        if let dynamic = schema.keywords.node["$dynamicRef"]?.openAPIText {
            return dynamicReferenceType(dynamic, at: schema, hint: hint)
        }
        let base = baseType(schema, hint: hint)
        return isNullable(schema) && !base.isOptional ? .optional(base) : base
    }

    /// A component reference is a named type; any other reference is converted where it points,
    /// one hop at a time, so that a loop of references with no declaration in between (which
    /// would never end) is found and reported at its first `$ref`.
    mutating func referencedType(_ reference: String, at schema: Schema, hint: String) -> IR.TypeReference {
        if let name = componentSchemaName(reference), let identifier = components.names[name] {
            let named = IR.TypeReference.named(identifier)
            return components.nullable.contains(name) ? .optional(named) : named
        }
        let referenceLocation = Self.referenceLocation(schema)
        guard let target = lookUpSchema(reference) else {
            reportUnresolvable(reference, at: schema.location)
            return jsonValue()
        }
        if let start = resolution.expanding.firstIndex(where: { $0.target == target.location }) {
            let first = resolution.expanding[(start + 1)...].first?.reference ?? referenceLocation
            reportCycle(
                "the schema '\(reference)' refers back to itself with no object in between, so it has no finite type",
                at: first)
            return jsonValue()
        }
        resolution.expanding.append((target.location, referenceLocation))
        defer { resolution.expanding.removeLast() }
        return typeReference(target, hint: hint)
    }

    /// Whether a schema admits `null` (3.0 `nullable`, 3.1 `type` lists, `null` in `enum`), or a
    /// `oneOf`/`anyOf` one of whose alternatives does, however it says so: a null alternative in
    /// any position, `nullable: true` or a `type` list with `null` inside an alternative
    /// (`anyOf: [{type: string, nullable: true}, {type: integer}]`), a `$ref` to a component that
    /// admits null (drf-spectacular's `oneOf: [FooEnum, BlankEnum, NullEnum]`), or a nested union
    /// that does.
    func isNullable(_ schema: Schema) -> Bool {
        if schema.allowsNullByType || schema.isNullType { return true }
        if schema.enumValues?.contains(where: \.isNullScalar) == true { return true }
        guard schema.oneOf != nil || schema.anyOf != nil else { return false }
        var visited: Set<SourceLocation> = []
        return admitsNull(schema, followsReference: false, visited: &visited)
    }

    /// `visited`: the schemas looked at already (each once: unions of unions may refer back).
    private func admitsNull(_ schema: Schema, followsReference: Bool, visited: inout Set<SourceLocation>) -> Bool {
        guard visited.insert(schema.location).inserted, visited.count < Self.maxNullabilitySchemas else { return false }
        if schema.allowsNullByType || schema.isNullType { return true }
        if schema.enumValues?.contains(where: \.isNullScalar) == true { return true }
        if followsReference, let target = componentTarget(schema) {
            return admitsNull(target, followsReference: true, visited: &visited)
        }
        for members in [schema.oneOf, schema.anyOf] {
            for member in members ?? [] where admitsNull(member, followsReference: true, visited: &visited) {
                return true
            }
        }
        return false
    }

    /// How many schemas deciding one schema's nullability looks at, at most (nested unions of a
    /// hostile document stay cheap; real ones need a handful).
    private static let maxNullabilitySchemas = 256

    /// The component schema a `$ref` names (nil for other references and schemas without one).
    private func componentTarget(_ schema: Schema) -> Schema? {
        guard let reference = schema.reference?.text, let name = componentSchemaName(reference) else { return nil }
        return components.schemas[name]
    }

    /// A `oneOf`/`anyOf` alternative that stands for `null`: a null schema (``isNullSchema(_:)``),
    /// also behind `$ref`s to components (drf-spectacular's `NullEnum: {enum: [null]}`).
    func isNullMember(_ schema: Schema) -> Bool {
        var current = schema
        for _ in 0..<Self.maxReferenceHops {
            if Self.isNullSchema(current) { return true }
            guard let target = componentTarget(current) else { return false }
            current = target
        }
        return false
    }

    /// `{type: "null"}`, `{enum: [null]}`, or a schema that admits `null` and describes nothing
    /// else (`{type: object, nullable: true}`, `{nullable: true}`): OpenAPI 3.0 has no null type, so
    /// such a `oneOf`/`anyOf` member stands for it (apispec, behind APIFlask and flask-smorest, writes
    /// a nullable marshmallow `Nested` as `anyOf: [{type: object, nullable: true}, {$ref: Item}]`:
    /// `Item?`, not a union whose untyped object would match every item).
    static func isNullSchema(_ schema: Schema) -> Bool {
        if schema.isNullType { return true }
        if let values = schema.enumValues, !values.isEmpty, values.allSatisfy(\.isNullScalar) { return true }
        return schema.allowsNullByType && schema.reference == nil && schema.types.allSatisfy { $0 == "object" }
            && schema.properties.isEmpty && schema.required.isEmpty && schema.additionalProperties == nil
            && schema.items == nil && schema.enumValues == nil && schema.constant == nil
            && schema.allOf == nil && schema.oneOf == nil && schema.anyOf == nil
    }

    // MARK: Kinds

    /// What a schema turns into.
    enum SchemaShape {
        /// A struct (properties, or `allOf` composition).
        case structure
        /// A union (`oneOf`/`anyOf` of real alternatives).
        case union
        /// A string or integer enum.
        case enumeration
        /// A reference, scalar, array or map: no declaration of its own.
        case expression
    }

    /// The shape of a schema that is not a `$ref`.
    func shape(_ schema: Schema) -> SchemaShape {
        if let members = schema.allOf, !members.isEmpty {
            guard schema.properties.isEmpty else { return .structure }
            let typed = Self.typedAllOfMembers(members)
            return typed.count <= 1 || typed.allSatisfy(isValueMember) ? .expression : .structure
        }
        if !unionMembers(schema).isEmpty {
            return unionMembers(schema).count == 1 ? .expression : .union
        }
        if let values = schema.enumValues, values.contains(where: { !$0.isNullScalar }) {
            let types = schema.types
            if types.isEmpty || types == ["string"] || types == ["integer"] {
                // An integer enum stays one when some values are not integers (they are reported).
                return enumerationKind(values) == nil && types != ["integer"] ? .expression : .enumeration
            }
        }
        let types = schema.types
        if types.count <= 1, types.first ?? "object" == "object", !schema.properties.isEmpty {
            return .structure
        }
        return .expression
    }

    /// The `allOf` members that say something about the type or list `required` keys. The others
    /// (`{description: …}`, `{maxLength: 3}`, the boolean schema `true`) only document or
    /// constrain: `allOf: [{$ref: Color}, {description: …}]` is a `Color`, not an empty struct.
    static func typedAllOfMembers(_ members: [Schema]) -> [Schema] {
        members.filter { $0.describesType || !$0.required.isEmpty }
    }

    /// Whether an `allOf` member (through component `$ref`s) describes a value that is no object: a
    /// scalar, an array or an enum. A composition of only such members narrows one value
    /// (`allOf: [{type: string}, {type: string, format: date-time}]`, `[{$ref: Name}, {type: string}]`)
    /// and builds no struct, which would have no fields and decode nothing.
    func isValueMember(_ member: Schema) -> Bool {
        var current = member
        for _ in 0..<Self.maxReferenceHops {
            guard let reference = current.reference?.text else { break }
            guard let name = componentSchemaName(reference), let target = components.schemas[name] else { return false }
            current = target
        }
        guard current.reference == nil, current.properties.isEmpty, current.required.isEmpty,
            current.allOf == nil, current.oneOf == nil, current.anyOf == nil, current.additionalProperties == nil
        else { return false }
        let types = current.types
        if types.isEmpty { return current.enumValues.map { !$0.isEmpty } ?? false }
        return !types.contains("object")
    }

    /// The `allOf` member whose type a value-narrowing composition takes: a named one (`$ref`)
    /// first, then one with a `format`, then the first that describes a type.
    static func narrowestAllOfMember(_ members: [Schema]) -> Schema? {
        let typed = members.filter(\.describesType)
        return typed.first { $0.reference != nil } ?? typed.first { $0.format != nil } ?? typed.first ?? members.first
    }

    /// The non-null `oneOf`/`anyOf` members that describe a type (members that only list
    /// `required` keys are validation rules, not alternatives).
    func unionMembers(_ schema: Schema) -> [Schema] {
        let members = (schema.oneOf ?? schema.anyOf ?? []).filter { !isNullMember($0) }
        return members.allSatisfy(\.describesType) ? members : []
    }

    // MARK: Expressions

    private mutating func baseType(_ schema: Schema, hint: String) -> IR.TypeReference {
        let shape = shape(schema)
        switch shape {
        case .structure, .union, .enumeration:
            // A generic schema expanded with `$dynamicAnchor` bindings is a type of its own.
            let specializing = !resolution.dynamicScope.isEmpty
            if !specializing, let existing = naming.inlineNames[schema.location] { return .named(existing) }
            let key =
                specializing ? nil : sharedShapeKey(schema, shape: shape) ?? naming.repeatedBodyKeys[schema.location]
            if let key, let existing = naming.sharedShapes[key] {
                naming.inlineNames[schema.location] = existing
                return .named(existing)
            }
            let sharedEnum = specializing || key != nil ? nil : naming.sharedEnums.places[schema.location]
            if let sharedEnum, let existing = naming.sharedEnums.types[sharedEnum.group] {
                naming.inlineNames[schema.location] = existing
                return .named(existing)
            }
            let wanted =
                key.flatMap { naming.repeatedBodyNames[$0] }
                ?? sharedEnum.flatMap { place in
                    naming.sharedEnums.names[place.group].map { sharedEnumName($0, use: place.use, hint: hint) }
                } ?? hint
            // A specialisation is another type than the generic schema it expands: its bindings are part of its id.
            let bindings = resolution.dynamicScope.map { $0.name + "@" + $0.schema.location.description }
            let id = IR.TypeID(
                schema.location.description + (specializing ? "|" + bindings.joined(separator: ",") : ""))
            let name = IR.TypeName(
                id: id,
                identifier: naming.types.name(
                    .type(id), converting: wanted, fallback: "Inline", parent: naming.declaring.last))
            if let key { naming.sharedShapes[key] = name }
            if let sharedEnum { naming.sharedEnums.types[sharedEnum.group] = name }
            let unspecialized = naming.inlineNames[schema.location]
            declare(schema, name: name, hint: wanted)
            if specializing { naming.inlineNames[schema.location] = unspecialized }
            return .named(name)
        case .expression:
            break
        }
        if Self.admitsOnlyNull(schema) { return jsonNull() }
        if let members = schema.allOf, let only = Self.narrowestAllOfMember(members) {
            return typeReference(only, hint: hint).nonOptional
        }
        if let only = unionMembers(schema).first {
            return typeReference(only, hint: hint).nonOptional
        }
        let types = schema.types
        if types.count > 1 {
            skip(
                .schema, "a schema with several types (\(types.joined(separator: ", "))) is generated as 'JSONValue'",
                at: schema.location)
            return jsonValue()
        }
        switch types.first {
        case "string": return stringType(schema)
        case "integer":
            switch schema.format {
            case "int32": return .builtin(.int32)
            case "int64": return .builtin(.int64)
            case "unix-milliseconds": return .builtin(.date)
            default: return .builtin(.int)
            }
        case "number":
            switch schema.format {
            case "float": return .builtin(.float)
            case "unix-seconds": return .builtin(.date)
            default: return .builtin(.double)
            }
        case "boolean": return .builtin(.bool)
        case "array":
            guard let items = schema.items else { return .array(jsonValue()) }
            return .array(typeReference(items, hint: hint + " item"))
        case "object", nil:
            if let additional = schema.additionalProperties, additional.form == .mapping(isEmpty: false) {
                return .dictionary(typeReference(additional, hint: hint + " value"))
            }
            if types.isEmpty, let items = schema.items {
                return .array(typeReference(items, hint: hint + " item"))
            }
            if types.isEmpty, schema.additionalProperties == nil { return jsonValue() }
            return .dictionary(jsonValue())
        case let other?:
            skip(
                .schema, "unknown schema type '\(other)' is generated as 'JSONValue'",
                at: schema.typeLocation ?? schema.location)
            return jsonValue()
        }
    }

    private func stringType(_ schema: Schema) -> IR.TypeReference {
        // OAS 3.1 spells files without `format`: `contentMediaType: application/octet-stream`
        // (FastAPI's UploadFile) or `contentEncoding: base64`.
        if schema.hasContentEncoding { return .builtin(.data) }
        if let media = schema.contentMediaType, !Self.isTextual(mediaType: media) {
            return .builtin(.data)
        }
        switch schema.format {
        case "date-time": return .builtin(.date)
        case "date": return .builtin(.calendarDate)
        case "uuid": return .builtin(.uuid)
        case "uri", "url": return .builtin(.url)
        case "byte", "binary": return .builtin(.data)
        default: return .builtin(.string)
        }
    }

    /// Whether a media type is text a `String` holds (`text/*`, JSON, XML, form data) rather than bytes.
    static func isTextual(mediaType: String) -> Bool {
        let type =
            mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.hasPrefix("text/") || type == "application/json" || type.hasSuffix("+json")
            || type == "application/xml"
            || type.hasSuffix("+xml") || type == "application/x-www-form-urlencoded"
    }

    /// The runtime's `JSONValue`: any JSON value, for schemas that do not say what they hold
    /// (its name is reserved, so a schema called `JSONValue` is renamed and cannot shadow it).
    func jsonValue() -> IR.TypeReference {
        Self.jsonValueType
    }

    private static let jsonValueType = IR.TypeReference.named(
        IR.TypeName(id: .runtime("JSONValue"), identifier: NameScope.standalone("JSONValue")))

    /// Adds a finished declaration.
    mutating func record(_ declaration: IR.TypeDeclaration, kind: DeclaredKind) {
        declared.declarations.append(declaration)
        declared.kinds[declaration.id] = kind
    }
}
