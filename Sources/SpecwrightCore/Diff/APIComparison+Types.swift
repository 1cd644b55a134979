/// Type rules: what a type's change means depends on the side it is used on. A request type's
/// fields are written by the old client (a new required field breaks it); a response type's
/// fields are read by it (a removed, retyped or newly nullable field breaks it).
extension APIComparison {
    /// Which way a type travels.
    struct Sides: OptionSet, Hashable {
        let rawValue: Int
        static let request = Sides(rawValue: 1)
        static let response = Sides(rawValue: 2)
    }

    mutating func compareTypes() {
        let oldTypes = Self.typesByName(old)
        let newTypes = Self.typesByName(new)
        let oldSides = Self.sides(of: old, types: oldTypes)
        let newSides = Self.sides(of: new, types: newTypes)
        for declaration in Self.allTypes(old) {
            let name = declaration.name.name
            guard let replacement = newTypes[name] else { continue }
            let sides = oldSides[name, default: []].union(newSides[name, default: []])
            compare(declaration, replacement, sides: sides)
        }
    }

    private mutating func compare(_ old: IR.TypeDeclaration, _ new: IR.TypeDeclaration, sides: Sides) {
        let name = old.name.name
        switch (old, new) {
        case (.structure(let before), .structure(let after)):
            compareFields(before, after, type: name, sides: sides)
            if before.documentation != after.documentation {
                reportDocumentation(of: "type '\(name)'", .type(name))
            }
        case (.stringEnum(let before), .stringEnum(let after)):
            compareValues(
                before.cases.map(\.rawValue.value), after.cases.map(\.rawValue.value), type: name, sides: sides)
        case (.integerEnum(let before), .integerEnum(let after)):
            compareValues(
                before.cases.map { String($0.rawValue) }, after.cases.map { String($0.rawValue) }, type: name,
                sides: sides)
        case (.union(let before), .union(let after)):
            let oldCases = Set(before.cases.map(\.type))
            for alternative in after.cases where !oldCases.contains(alternative.type) && sides.contains(.response) {
                report(
                    .breaking,
                    "union '\(name)' has a new alternative \(alternative.type.code) that old clients cannot decode",
                    .type(name))
            }
            let newCases = Set(after.cases.map(\.type))
            for alternative in before.cases where !newCases.contains(alternative.type) && sides.contains(.request) {
                report(
                    .breaking, "union '\(name)' no longer accepts \(alternative.type.code), which old clients send",
                    .type(name))
            }
            if before.discriminator != after.discriminator {
                report(.breaking, "union '\(name)' changed its discriminator", .type(name))
            }
        case (.alias(let before), .alias(let after)):
            if before.type != after.type {
                report(.breaking, "type '\(name)' changed from \(before.type.code) to \(after.type.code)", .type(name))
            }
        default:
            report(.breaking, "type '\(name)' changed from \(Self.kindName(old)) to \(Self.kindName(new))", .type(name))
        }
    }

    private mutating func compareFields(_ old: IR.Structure, _ new: IR.Structure, type: String, sides: Sides) {
        let newFields = Dictionary(
            new.properties.map { ($0.jsonKey.value, $0) }, uniquingKeysWith: { first, _ in first })
        let oldKeys = Set(old.properties.map(\.jsonKey.value))
        for field in old.properties {
            let key = field.jsonKey.value
            let subject = APIChange.Subject.property(type: type, jsonKey: key)
            guard let replacement = newFields[key] else {
                if sides.contains(.response) {
                    report(.breaking, "response field '\(type).\(key)' was removed", subject)
                } else {
                    report(
                        .compatible, "request field '\(type).\(key)' was removed (old clients still send it)", subject)
                }
                continue
            }
            if field.type.nonOptional != replacement.type.nonOptional {
                let side = sides.contains(.response) ? "response" : "request"
                report(
                    .breaking,
                    "\(side) field '\(type).\(key)' changed type from \(field.type.code) to \(replacement.type.code)",
                    subject)
                continue
            }
            if sides.contains(.request), !Self.isRequired(field), Self.isRequired(replacement) {
                report(.breaking, "request field '\(type).\(key)' became required", subject)
            }
            if sides.contains(.response), !field.type.isOptional, replacement.type.isOptional {
                report(
                    .breaking,
                    "response field '\(type).\(key)' became nullable (\(field.type.code) → \(replacement.type.code))",
                    subject)
            }
            if field.documentation != replacement.documentation {
                reportDocumentation(of: "field '\(type).\(key)'", subject)
            }
        }
        for field in new.properties where !oldKeys.contains(field.jsonKey.value) {
            let key = field.jsonKey.value
            let subject = APIChange.Subject.property(type: type, jsonKey: key)
            if sides.contains(.request), Self.isRequired(field) {
                report(.breaking, "request type '\(type)' has a new required field '\(key)'", subject)
            } else {
                report(
                    .compatible, "type '\(type)' has a new \(Self.isRequired(field) ? "" : "optional ")field '\(key)'",
                    subject)
            }
        }
    }

    private mutating func compareValues(_ old: [String], _ new: [String], type: String, sides: Sides) {
        let newValues = Set(new)
        let oldValues = Set(old)
        for value in old where !newValues.contains(value) {
            let subject = APIChange.Subject.enumValue(type: type, value: value)
            if sides.contains(.request) {
                report(.breaking, "value '\(value)' was removed from enum '\(type)', which old clients send", subject)
            } else {
                report(.compatible, "value '\(value)' was removed from enum '\(type)'", subject)
            }
        }
        for value in new where !oldValues.contains(value) {
            report(
                .compatible, "value '\(value)' was added to enum '\(type)' (old clients decode it as .unknown)",
                .enumValue(type: type, value: value))
        }
    }

    /// Whether a value must hold the field: not optional, and no default or one that only
    /// pre-fills the initializer (``IR/Property/requiresKey``: the key is still required).
    static func isRequired(_ property: IR.Property) -> Bool {
        !property.type.isOptional && (property.defaultValue == nil || property.requiresKey)
    }

    static func kindName(_ declaration: IR.TypeDeclaration) -> String {
        switch declaration {
        case .structure: "an object"
        case .stringEnum: "a string enum"
        case .integerEnum: "an integer enum"
        case .union: "a union"
        case .alias: "an alias"
        }
    }

    /// Every declaration, nested ones included, in document order.
    static func allTypes(_ api: IR.API) -> [IR.TypeDeclaration] {
        func flatten(_ declarations: [IR.TypeDeclaration]) -> [IR.TypeDeclaration] {
            declarations.flatMap { declaration -> [IR.TypeDeclaration] in
                if case .structure(let structure) = declaration {
                    return [declaration] + flatten(structure.nestedTypes)
                }
                return [declaration]
            }
        }
        return flatten(api.types)
    }

    static func typesByName(_ api: IR.API) -> [String: IR.TypeDeclaration] {
        Dictionary(allTypes(api).map { ($0.name.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The sides each type is used on: reachable from a request parameter or from a response
    /// (including typed error bodies).
    static func sides(of api: IR.API, types: [String: IR.TypeDeclaration]) -> [String: Sides] {
        var result: [String: Sides] = [:]
        func visit(_ reference: IR.TypeReference, _ side: Sides) {
            switch reference {
            case .builtin: return
            case .optional(let inner), .array(let inner), .dictionary(let inner): visit(inner, side)
            case .named(let name):
                guard !result[name.name, default: []].contains(side) else { return }
                result[name.name, default: []].insert(side)
                guard let declaration = types[name.name] else { return }
                for inner in references(in: declaration) { visit(inner, side) }
            }
        }
        for group in api.groups {
            for endpoint in group.endpoints {
                endpoint.parameters.forEach { visit($0.type, .request) }
                if let type = endpoint.response.decodedType { visit(type, .response) }
                endpoint.errors.forEach { visit($0.type, .response) }
            }
        }
        return result
    }

    /// The type references a declaration's values contain.
    static func references(in declaration: IR.TypeDeclaration) -> [IR.TypeReference] {
        switch declaration {
        case .structure(let structure):
            structure.properties.map(\.type) + (structure.additionalProperties.map { [$0.valueType] } ?? [])
        case .union(let union): union.cases.map(\.type)
        case .alias(let alias): [alias.type]
        case .stringEnum, .integerEnum: []
        }
    }
}
