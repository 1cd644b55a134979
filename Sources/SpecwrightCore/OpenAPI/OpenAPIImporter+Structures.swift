import Foundation
import SpecwrightYAML

extension OpenAPIImporter {
    /// The properties of an object schema with its `allOf` members merged in.
    struct MergedObject {
        /// Property name → schema, in first-seen order (a later member's schema replaces an earlier one).
        private(set) var properties: [(name: String, schema: Schema)] = []
        /// Where each property name is in `properties`.
        private var positions: [String: Int] = [:]
        /// Names listed as `required` anywhere in the composition.
        var required: Set<String> = []
        /// The component types the object was composed of (for the doc comment).
        var composedOf: [IR.TypeReference] = []
        /// Schemas reached through a `$ref` and merged already, by location (each is merged once).
        var visited: Set<SourceLocation> = []
        /// The schemas being merged right now, outermost first, each with the `$ref` that led to it.
        var path: [(schema: SourceLocation, reference: SourceLocation?)] = []
        /// The `additionalProperties` schema (`true` included) of the object or a member.
        var additionalProperties: Schema?

        /// Adds or replaces the property `name`; returns the schema it replaced.
        @discardableResult
        mutating func add(_ name: String, _ schema: Schema) -> Schema? {
            if let index = positions[name] {
                defer { properties[index].schema = schema }
                return properties[index].schema
            }
            positions[name] = properties.count
            properties.append((name, schema))
            return nil
        }
    }

    /// Collects the properties of `schema` and of its `allOf` members. `reference` is the `$ref`
    /// that led here; `followsReference` merges what a reference object points at (used for
    /// references to places other than component schemas, which may chain).
    mutating func merge(
        _ schema: Schema, into object: inout MergedObject, enteredBy reference: SourceLocation? = nil,
        followsReference: Bool = false
    ) {
        guard enterNestedSchema(at: schema.location) else { return }
        defer { resolution.depth -= 1 }
        object.path.append((schema.location, reference))
        defer { object.path.removeLast() }
        let members = schema.allOf ?? (followsReference && schema.reference != nil ? [schema] : [])
        for member in members {
            if let reference = member.reference?.text {
                mergeReferenced(member, reference, into: &object)
                continue
            }
            if !unionMembers(member).isEmpty {
                skip(
                    .schema,
                    "an 'allOf' member with 'oneOf'/'anyOf' is not merged; its properties are missing from the struct",
                    at: member.location)
                continue
            }
            merge(member, into: &object)
        }
        for (name, property) in schema.properties {
            if let replaced = object.add(name, property) {
                checkCompatibleTypes(of: name, replaced, property)
            }
        }
        object.required.formUnion(schema.required)
        if let additional = schema.additionalProperties {
            switch additional.form {
            case .boolean(true), .mapping: object.additionalProperties = additional
            case .boolean(false), .other: break
            }
        }
    }

    /// Merges the schema an `allOf` member's `$ref` names, once per composition; a reference back
    /// to a schema being merged is a composition cycle, reported at the cycle's first `$ref`.
    private mutating func mergeReferenced(_ member: Schema, _ reference: String, into object: inout MergedObject) {
        let location = Self.referenceLocation(member)
        let target: Schema
        let isComponent: Bool
        if let component = componentSchemaName(reference), let identifier = components.names[component] {
            object.composedOf.append(.named(identifier))
            guard let schema = components.schemas[component] else { return }
            target = schema
            isComponent = true
        } else {
            guard let schema = lookUpSchema(reference) else {
                reportUnresolvable(reference, at: member.location)
                return
            }
            target = schema
            isComponent = false
        }
        if let start = object.path.firstIndex(where: { $0.schema == target.location }) {
            let first = object.path[(start + 1)...].lazy.compactMap(\.reference).first ?? location
            reportCycle(
                "'allOf' includes '\(reference)', which is being composed already: a composition cycle has no object in between",
                at: first)
            return
        }
        guard object.visited.insert(target.location).inserted else { return }
        merge(target, into: &object, enteredBy: location, followsReference: !isComponent)
    }

    /// Declares a struct for an object schema (or an `allOf` composition).
    mutating func declareStructure(_ schema: Schema, name: IR.TypeName) {
        discriminatorValues(schema, members: nil, union: name)
        var object = MergedObject()
        merge(schema, into: &object)
        var members = MemberNaming(.properties(name.id), reserved: NameScope.reservedPropertyNames)
        members.expect(object.properties.map { $0.schema.swiftName ?? $0.name })
        var properties: [IR.Property] = []
        for (key, propertySchema) in object.properties {
            let propertyName = nameMember(
                propertySchema.swiftName ?? key, in: &members, fallback: "property",
                what: "property '\(key)' of '\(type: name)'", at: propertySchema.location)
            // Required in one direction only: made optional where the type also goes the other
            // way, once the operations are known (``IR/API/relaxingOneWayRequirements(_:)``).
            let direction = direction(propertySchema)
            let isRequired = object.required.contains(key)
            if isRequired, direction.isOneWay { declared.oneWayRequired[name.id, default: [:]][key] = direction }
            if direction.readOnly { declared.readOnlyProperties[name.id, default: []].insert(key) }
            var type = typeReference(propertySchema, hint: name.name + " " + key)
            let isNullable = type.isOptional
            var defaultValue: IR.Expression?
            let fixedValue = propertySchema.constant.flatMap { constant in
                fixedExpression(constant, type: &type)
            }
            if fixedValue == nil {
                // A required property's default pre-fills the initializer only: it is always sent,
                // and decoding still requires the key.
                if isRequired {
                    defaultValue = requiredDefault(type, schema: propertySchema)
                } else {
                    (type, defaultValue) = omittable(type, schema: propertySchema)
                }
                if defaultValue != nil, let value = propertySchema.defaultValue {
                    declared.propertyDefaults[name.id, default: [:]][key] = Self.defaultText(value)
                }
            }
            var property = IR.Property(
                name: propertyName,
                jsonKey: IR.StringLiteral(key),
                type: type,
                defaultValue: defaultValue,
                documentation: propertyDocumentation(
                    propertySchema,
                    extra: Self.oneWayRequirementNote(direction, required: object.required.contains(key))),
                nilEncoding: fixedValue != nil
                    ? .omitted : isRequired ? .null : isNullable && !direction.readOnly ? .chosen : .omitted,
                fixedValue: fixedValue)
            property.requiresKey = isRequired && defaultValue != nil
            properties.append(property)
        }
        var additionalProperties: IR.AdditionalProperties?
        if let additional = object.additionalProperties {
            let valueType =
                additional.form == .mapping(isEmpty: false)
                ? typeReference(additional, hint: name.name + " additional property") : jsonValue()
            additionalProperties = IR.AdditionalProperties(
                name: members.name("additionalProperties", fallback: "additionalProperties"), valueType: valueType)
        }
        naming.types.members.add(members)
        let structure = IR.Structure(
            name: name, documentation: documentation(schema), properties: properties,
            composedOf: object.composedOf, additionalProperties: additionalProperties)
        record(.structure(structure), kind: .structure)
    }

    /// A property's doc comment; a `$ref` property uses the description written next to it
    /// (3.1) or, failing that, nothing (the type documents itself).
    private func propertyDocumentation(_ schema: Schema, extra: String?) -> IR.Documentation {
        if schema.reference != nil {
            return IR.Documentation(paragraphs: [schema.description, extra])
        }
        return documentation(schema, extra: [extra])
    }

    /// The type and default of a value the caller or the server may leave out (a property that
    /// is not `required`, an optional parameter or form field): the type with the schema's
    /// `default` when the default fits it, else the optional type.
    mutating func omittable(_ type: IR.TypeReference, schema: Schema) -> (
        type: IR.TypeReference, defaultValue: IR.Expression?
    ) {
        if let value = schema.defaultValue, reportsMisfit(value, keyword: "default", type: type) {
            return (type.isOptional ? type : .optional(type), nil)
        }
        guard !type.isOptional else { return (type, nil) }
        if let value = schema.defaultValue, let expression = defaultExpression(value, type: type) {
            return (type, expression)
        }
        return (.optional(type), nil)
    }

    /// The default of a value the caller must send (a `required` property, parameter or form
    /// field), which fills the initializer's or the method's argument only: the schema's
    /// `default` when it fits `type`, which is not optional (a misfit is reported as for an
    /// omittable value, and left out). An object default still unresolved is marked, so that it
    /// leaves the value required if it turns out not to fit (``resolvingObjectDefaults(in:)``).
    mutating func requiredDefault(_ type: IR.TypeReference, schema: Schema) -> IR.Expression? {
        guard let value = schema.defaultValue, !type.isOptional,
            !reportsMisfit(value, keyword: "default", type: type)
        else { return nil }
        let pending = declared.pendingObjectDefaults.count
        let expression = defaultExpression(value, type: type)
        declared.requiredPendingDefaults.formUnion(pending..<declared.pendingObjectDefaults.count)
        return expression
    }

    /// A default value as a Swift expression of `type`, when the value fits the type.
    mutating func defaultExpression(_ value: Node, type: IR.TypeReference) -> IR.Expression? {
        switch type {
        case .builtin(.string):
            return value.string.map { IR.Expression(code: IR.StringLiteral($0).code) }
        case .builtin(.int), .builtin(.int64):
            return value.openAPIInt.map { IR.Expression(code: String($0)) }
        case .builtin(.int32):
            return value.openAPIInt.flatMap { Int32(exactly: $0) }.map { IR.Expression(code: String($0)) }
        case .builtin(.double), .builtin(.float):
            if let number = value.openAPIInt { return IR.Expression(code: String(number)) }
            guard let number = Self.number(value), misfit(value, type: type) == nil else { return nil }
            return IR.Expression(code: SourceLayout.number(number))
        case .builtin(.bool):
            return value.openAPIBool.map { IR.Expression(code: $0 ? "true" : "false") }
        case .builtin(.calendarDate):
            guard let text = value.string, CalendarDateText.isValid(text) else { return nil }
            return IR.Expression(code: "CalendarDate(\(IR.StringLiteral(text).code))!")
        case .builtin(.uuid):
            guard let text = value.string, UUID(uuidString: text) != nil else { return nil }
            return IR.Expression(code: "UUID(uuidString: \(IR.StringLiteral(text).code))!")
        case .builtin(.url):
            guard let text = value.string, URL(string: text) != nil else { return nil }
            return IR.Expression(code: "URL(string: \(IR.StringLiteral(text).code))!")
        case .array(let element):
            guard let items = value.sequence else { return nil }
            let elements = items.map { defaultExpression($0, type: element) }
            guard elements.allSatisfy({ $0 != nil }) else { return nil }
            return "[" + IR.Expression.joined(elements.compactMap { $0 }, separator: ", ") + "]"
        case .dictionary(let valueType):
            guard let entries = value.mapping else { return nil }
            if entries.isEmpty { return IR.Expression(code: "[:]") }
            let pairs = value.openAPIEntries.map { entry in
                defaultExpression(entry.value, type: valueType).map { IR.StringLiteral(entry.key).code + ": " + $0 }
            }
            guard pairs.allSatisfy({ $0 != nil }) else { return nil }
            return "[" + IR.Expression.joined(pairs.compactMap { $0 }, separator: ", ") + "]"
        case .named(let name):
            if case .alias(let target)? = declared.kinds[name.id] { return defaultExpression(value, type: target) }
            if value.mapping != nil { return objectDefault(value, named: name) }
            if let number = value.openAPIInt, let (cases, unknown) = integerEnumCases(named: name) {
                return IR.Expression(code: "." + (cases[number].map(\.code) ?? unknown.code + "(\(number))"))
            }
            guard let text = value.string, let (cases, unknown) = stringEnumCases(named: name) else { return nil }
            if let match = cases[text] { return IR.Expression(code: "." + match.code) }
            return IR.Expression(code: "." + unknown.code + "(" + IR.StringLiteral(text).code + ")")
        default:
            return nil
        }
    }

    /// The cases of an integer enum by raw value, whether it is declared already or is a
    /// component declared later (its case names are computed the same way).
    func integerEnumCases(named name: IR.TypeName) -> (cases: [Int: IR.Identifier], unknown: IR.Identifier)? {
        if case .integerEnum(let cases, let unknown)? = declared.kinds[name.id] { return (cases, unknown) }
        guard declared.kinds[name.id] == nil, let component = components.byTypeID[name.id],
            let schema = components.schemas[component],
            schema.reference == nil, shape(schema) == .enumeration,
            Self.isIntegerEnumeration(schema, kind: enumerationKind(schema.enumValues ?? []))
        else { return nil }
        let names = Self.integerEnumCaseNames(schema, of: name.id)
        return (names.byValue, names.unknown)
    }

    /// The cases of a string enum by raw value, whether it is declared already or is a
    /// component declared later (its case names are computed the same way).
    /// A component not declared yet is worked out once and remembered (its declaration computes
    /// the same names).
    mutating func stringEnumCases(named name: IR.TypeName) -> (
        cases: [String: IR.Identifier], unknown: IR.Identifier
    )? {
        if case .stringEnum(let cases, let unknown)? = declared.kinds[name.id] { return (cases, unknown) }
        if let known = declared.laterEnumCases[name.id] { return known }
        guard let component = components.byTypeID[name.id], let schema = components.schemas[component],
            schema.reference == nil, shape(schema) == .enumeration,
            !Self.isIntegerEnumeration(schema, kind: enumerationKind(schema.enumValues ?? []))
        else {
            declared.laterEnumCases[name.id] = .some(nil)
            return nil
        }
        let names = Self.stringEnumCaseNames(schema, of: name.id)
        declared.laterEnumCases[name.id] = (names.byValue, names.unknown)
        return (names.byValue, names.unknown)
    }
}
