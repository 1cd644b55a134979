import SpecwrightYAML

/// JSON Schema 2020-12's `$dynamicRef` / `$dynamicAnchor` (OAS 3.1), resolved statically.
///
/// The pattern documents use is a generic schema whose `$dynamicRef: '#T'` a schema referring to
/// it binds: `List: {type: array, items: {$dynamicRef: '#T'}, $defs: {T: {$dynamicAnchor: T}}}` and
/// `Names: {$ref: List, $defs: {name: {$dynamicAnchor: T, type: string}}}`. `Names` is then
/// `[String]` — the generic schema is expanded in place with the binding (the outermost binding
/// of a name wins, as the dynamic scope says) — and `List` itself `[JSONValue]` (its own anchor).
/// A `$dynamicRef` reached with no binding means the `$dynamicAnchor` of its own schema resource
/// (the component it is written in), or the only one of that name in the document; when neither
/// decides, it is a `JSONValue` with a located warning.
extension OpenAPIImporter {
    /// The `$dynamicAnchor` schemas a schema binds: those its `$defs` declare, and itself when it
    /// declares one (the recursive "tree" pattern).
    func dynamicBindings(_ schema: Schema) -> [DynamicBinding] {
        let node = schema.keywords.node
        var bindings: [DynamicBinding] = []
        if let name = node["$dynamicAnchor"]?.openAPIText {
            bindings.append(DynamicBinding(name: name, schema: schema))
        }
        for entry in node["$defs"]?.mapping ?? [] {
            guard let name = entry.value["$dynamicAnchor"]?.openAPIText else { continue }
            bindings.append(DynamicBinding(name: name, schema: Schema(reading: entry.value)))
        }
        return bindings.filter { binding in !resolution.dynamicScope.contains { $0.name == binding.name } }
    }

    /// A `$ref` whose schema binds dynamic anchors: the target expanded in place with the
    /// bindings in scope (nil when the schema binds nothing new or the target is not found).
    mutating func specializedReference(_ reference: String, at schema: Schema, hint: String) -> IR.TypeReference? {
        let bindings = dynamicBindings(schema)
        guard !bindings.isEmpty, let target = lookUpSchema(reference), target.location != schema.location else {
            return nil
        }
        resolution.dynamicScope += bindings
        defer { resolution.dynamicScope.removeLast(bindings.count) }
        return typeReference(target, hint: hint)
    }

    /// A component that binds dynamic anchors for the generic struct, union or enum it refers to
    /// is that type's specialization, declared under the component's own name (not an alias of
    /// an inline type). `false` when the component binds nothing or its target is no declaration.
    mutating func declareSpecialization(_ schema: Schema, name: IR.TypeName) -> Bool {
        let bindings = dynamicBindings(schema)
        guard !bindings.isEmpty, let reference = schema.reference?.text, let target = lookUpSchema(reference),
            target.location != schema.location, target.reference == nil, shape(target) != .expression
        else { return false }
        resolution.dynamicScope += bindings
        defer { resolution.dynamicScope.removeLast(bindings.count) }
        let unspecialized = naming.inlineNames[target.location]
        declare(target, name: name, hint: name.name)
        naming.inlineNames[target.location] = unspecialized
        return true
    }

    /// The type a `$dynamicRef` stands for (see the extension's documentation).
    mutating func dynamicReferenceType(_ reference: String, at schema: Schema, hint: String) -> IR.TypeReference {
        guard let name = resolution.index.anchorName(reference) else {
            // Not a plain-name fragment: it behaves as a `$ref` (JSON Schema 2020-12 §8.2.3.2).
            return referencedType(reference, at: schema, hint: hint)
        }
        if let bound = resolution.dynamicScope.first(where: { $0.name == name }) {
            if let component = componentName(at: bound.schema.location), let identifier = components.names[component] {
                return .named(identifier)
            }
            guard !resolution.dynamicExpanding.contains(bound.schema.location) else {
                skip(
                    .schema, "'$dynamicRef: \(reference)' refers back to the schema that binds it; it is 'JSONValue'",
                    at: schema.location)
                return jsonValue()
            }
            resolution.dynamicExpanding.insert(bound.schema.location)
            defer { resolution.dynamicExpanding.remove(bound.schema.location) }
            return typeReference(bound.schema, hint: hint)
        }
        let anchors = resolution.index.anchors
        let declarations = anchors.dynamicAnchors[name] ?? anchors.anchors[name] ?? []
        guard !declarations.isEmpty else {
            reportUnresolvable(reference, at: schema.location)
            return jsonValue()
        }
        guard let chosen = Self.staticAnchor(declarations, from: anchors.dynamicReferences[schema.location]) else {
            skip(
                .schema,
                "'$dynamicRef: \(reference)' cannot be resolved statically: \(declarations.count) schemas declare '$dynamicAnchor: \(name)' and none is in this schema's own component; it is 'JSONValue'",
                at: schema.location)
            return jsonValue()
        }
        if let component = chosen.pointer.componentSchemaName, let identifier = components.names[component] {
            return components.nullable.contains(component) ? .optional(.named(identifier)) : .named(identifier)
        }
        guard let target = lookUpSchema(chosen.pointer.canonical) else { return jsonValue() }
        // The anchor's own schema: its `$dynamicAnchor` is a name, not a binding to expand again.
        if target.keywords.node["$ref"] == nil, !target.describesType { return jsonValue() }
        return typeReference(target, hint: hint)
    }

    /// The declaration a `$dynamicRef` at `origin` means without a binding: the only one, or the
    /// one in the same component schema (its own schema resource).
    static func staticAnchor(_ declarations: [SchemaAnchors.Declaration], from origin: JSONPointer?)
        -> SchemaAnchors.Declaration?
    {
        if declarations.count == 1 { return declarations[0] }
        guard let origin, origin.componentSchemaRoot != nil else { return nil }
        let same = declarations.filter { $0.pointer.componentSchemaRoot == origin.componentSchemaRoot }
        return same.count == 1 ? same[0] : nil
    }

    /// The component schema whose schema is the one at `location`, if any.
    func componentName(at location: SourceLocation) -> String? {
        components.schemas.first { $0.value.location == location }?.key
    }
}

/// A `$dynamicAnchor` name bound to the schema a `$dynamicRef` to it means on this path.
struct DynamicBinding {
    let name: String
    let schema: OpenAPI.JSONSchema
}

extension JSONPointer {
    /// The component schema this pointer is in (`#/components/schemas/List/items` → `List`), or nil.
    var componentSchemaRoot: String? {
        tokens.count >= 3 && tokens[0] == "components" && tokens[1] == "schemas" ? tokens[2] : nil
    }
}
