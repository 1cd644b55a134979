import SpecwrightYAML

extension OpenAPIImporter {
    /// Declares a component schema under its claimed name: a struct, enum or union, or a
    /// `typealias` when the schema is a scalar, array, map or reference.
    mutating func declareComponent(_ schema: Schema, name: IR.TypeName, hint: String) {
        if schema.reference == nil, shape(schema) != .expression {
            declare(schema, name: name, hint: name.name)
            return
        }
        if declareSpecialization(schema, name: name) { return }
        naming.declaring.append(name)
        defer { naming.declaring.removeLast() }
        // A component that is an alias of itself (directly or through others) is reported by `breakAliasCycles`.
        let type = typeReference(schema, hint: name.name + " value").nonOptional
        let alias = IR.Alias(name: name, documentation: documentation(schema), type: type)
        record(.alias(alias), kind: .alias(type))
    }

    /// Declares a struct, enum or union for `schema` under `name`.
    mutating func declare(_ schema: Schema, name: IR.TypeName, hint: String) {
        naming.inlineNames[schema.location] = name
        naming.declaring.append(name)
        defer { naming.declaring.removeLast() }
        // A declaration ends every chain of references being followed: recursion through it is legal.
        let outerReferences = resolution.expanding
        resolution.expanding = []
        defer { resolution.expanding = outerReferences }
        switch shape(schema) {
        case .structure: declareStructure(schema, name: name)
        case .union: declareUnion(schema, name: name)
        case .enumeration: declareEnumeration(schema, name: name)
        case .expression: break
        }
    }

    /// The doc comment of a schema: title, description and flags.
    func documentation(_ schema: Schema, extra: [String?] = []) -> IR.Documentation {
        var notes: [String] = []
        if schema.deprecated { notes.append("Deprecated.") }
        if schema.readOnly { notes.append("Read-only: set by the server.") }
        if schema.writeOnly { notes.append("Write-only: the server never returns it.") }
        let title = schema.title
        let description = schema.description
        return IR.Documentation(
            paragraphs: [title == description ? nil : title, description] + extra + [
                notes.isEmpty ? nil : notes.joined(separator: " ")
            ])
    }

    // MARK: Enumerations

    /// Whether enum values make a string or an integer enum (nil: neither, e.g. booleans or a mix).
    func enumerationKind(_ values: [Node]) -> IR.BuiltinType? {
        let values = values.filter { !$0.isNullScalar }
        if values.allSatisfy({ $0.openAPIInt != nil }) { return .int }
        if values.allSatisfy({ $0.string != nil }) { return .string }
        return nil
    }

    /// Whether an enum schema is an integer enum (else a string enum).
    static func isIntegerEnumeration(_ schema: Schema, kind: IR.BuiltinType?) -> Bool {
        let types = schema.types
        return types == ["integer"] || (types.isEmpty && kind == .int)
    }

    /// The case names of a string enum (the type `id`): one per distinct value, then the
    /// catch-all (`unknown` unless a value took it); `renames` are warnings about names that had
    /// to change; `members` the requests for the naming pass.
    static func stringEnumCaseNames(_ schema: Schema, of id: IR.TypeID) -> (
        cases: [(value: String, name: IR.Identifier)], byValue: [String: IR.Identifier], unknown: IR.Identifier,
        renames: [String], members: MemberNaming
    ) {
        var scope = MemberNaming(.cases(id), reserved: NameScope.reservedEnumCaseNames)
        let location = schema.enumLocation ?? schema.location
        var renames: [String] = []
        var cases: [(value: String, name: IR.Identifier)] = []
        var byValue: [String: IR.Identifier] = [:]
        let values = (schema.enumValues ?? []).filter { !$0.isNullScalar }
        let names = Self.enumVariableNames(schema, count: values.count)
        let raws = values.indices.map { index in
            names?[index] ?? values[index].openAPIText.map(Self.spelledLeadingSigns) ?? ""
        }
        scope.expect(raws)
        for (index, value) in values.enumerated() {
            guard let text = value.openAPIText, byValue[text] == nil else { continue }
            let raw = raws[index]
            let what = "enum value '\(text)'"
            let caseName = scope.name(
                raw, fallback: text.isEmpty ? "empty" : "value", what: DiagnosticText(what), at: location,
                suffix: namingSuffix)
            if let rename = scope.lastRename { renames.append(NameScope.renameMessage(what, rename)) }
            byValue[text] = caseName
            cases.append((text, caseName))
        }
        let unknown = scope.claimCatchAll()
        return (cases, byValue, unknown, renames, scope)
    }

    /// What the importer appends to a `naming` warning.
    static let namingSuffix = " [\(ImportWarningKind.naming.rawValue)]"

    /// Case names of an integer enum: from `x-enum-varnames` / `x-enumNames` when they name every
    /// value, else `value1`, `valueMinus1`.
    static func integerEnumCaseNames(_ schema: Schema, of id: IR.TypeID) -> (
        cases: [(value: Int, name: IR.Identifier)], byValue: [Int: IR.Identifier], unknown: IR.Identifier,
        renames: [String], members: MemberNaming
    ) {
        var scope = MemberNaming(.cases(id), reserved: NameScope.reservedEnumCaseNames)
        let location = schema.enumLocation ?? schema.location
        var renames: [String] = []
        let values = (schema.enumValues ?? []).filter { !$0.isNullScalar }
        let names = Self.enumVariableNames(schema, count: values.count)
        var cases: [(value: Int, name: IR.Identifier)] = []
        var byValue: [Int: IR.Identifier] = [:]
        if let names { scope.expect(names) }
        for (index, value) in values.enumerated() {
            guard let number = value.openAPIInt, byValue[number] == nil else { continue }
            let raw = names?[index] ?? (number < 0 ? "value minus \(-number)" : "value \(number)")
            let what = "enum value \(number)"
            let caseName = scope.name(
                raw, fallback: "value\(index)", what: DiagnosticText(what), at: location, suffix: namingSuffix)
            if let rename = scope.lastRename { renames.append(NameScope.renameMessage(what, rename)) }
            byValue[number] = caseName
            cases.append((number, caseName))
        }
        let unknown = scope.claimCatchAll()
        return (cases, byValue, unknown, renames, scope)
    }

    /// The names `x-enum-varnames` (openapi-generator) or `x-enumNames` (NSwag) give the values,
    /// when they name every one.
    static func enumVariableNames(_ schema: Schema, count: Int) -> [String]? {
        schema.enumVariableNameLists.first { $0.count == count && count > 0 }
    }

    /// Signs in front of an enum value spelled as words, so `-name` (descending order in many
    /// APIs) is `minusName` next to `name`, not `name2`.
    static func spelledLeadingSigns(_ value: String) -> String {
        var words: [String] = []
        var rest = Substring(value)
        while let first = rest.first, let word = Self.signWords[first] {
            words.append(word)
            rest = rest.dropFirst()
        }
        return words.isEmpty ? value : (words + [String(rest)]).joined(separator: " ")
    }

    private static let signWords: [Character: String] = [
        "-": "minus", "+": "plus", "<": "less than", ">": "greater than", "=": "equals", "!": "not", "~": "tilde",
        "*": "star", "@": "at", "#": "hash", "$": "dollar", "%": "percent", "^": "caret", "&": "and"
    ]

    private mutating func declareEnumeration(_ schema: Schema, name: IR.TypeName) {
        let values = (schema.enumValues ?? []).filter { !$0.isNullScalar }
        let documentation = sharedEnumIsDocumented(at: schema.location) ? documentation(schema) : .none
        if Self.isIntegerEnumeration(schema, kind: enumerationKind(values)) {
            reportIntegerEnumMisfits(values, of: name)
            let names = Self.integerEnumCaseNames(schema, of: name.id)
            for rename in names.renames { skip(.naming, rename, at: schema.enumLocation ?? schema.location) }
            naming.types.members.add(names.members)
            let cases = names.cases.map { IR.IntegerEnumCase(name: $0.name, rawValue: $0.value) }
            let declaration = IR.IntegerEnum(
                name: name, documentation: documentation, cases: cases, unknownCaseName: names.unknown)
            record(.integerEnum(declaration), kind: .integerEnum(cases: names.byValue, unknown: names.unknown))
            return
        }
        let names = Self.stringEnumCaseNames(schema, of: name.id)
        for rename in names.renames { skip(.naming, rename, at: schema.enumLocation ?? schema.location) }
        naming.types.members.add(names.members)
        let cases = names.cases.map { IR.StringEnumCase(name: $0.name, rawValue: IR.StringLiteral($0.value)) }
        let declaration = IR.StringEnum(
            name: name, documentation: documentation, cases: cases, unknownCaseName: names.unknown)
        record(.stringEnum(declaration), kind: .stringEnum(cases: names.byValue, unknown: names.unknown))
    }

    // MARK: Unions

    private mutating func declareUnion(_ schema: Schema, name: IR.TypeName) {
        let members = unionMembers(schema)
        let kind: IR.Union.Kind = schema.hasOneOf ? .oneOf : .anyOf
        let discriminator = schema.discriminatorProperty
        let mapping = discriminatorValues(schema, members: members, union: name)
        var scope = NameScope(reserved: NameScope.reservedEnumCaseNames)
        scope.expect(members.compactMap { member in unionComponentName(member.reference) ?? member.title })
        var cases: [IR.UnionCase] = []
        for (index, member) in members.enumerated() {
            if let component = unionComponentName(member.reference),
                let identifier = components.names[component]
            {
                var values = mapping[component] ?? []
                if values.isEmpty, discriminator != nil { values = [component] }
                cases.append(
                    IR.UnionCase(
                        name: caseName(component, index: index, scope: &scope, of: name, at: member.location),
                        type: .named(identifier), discriminatorValues: values.map(IR.StringLiteral.init)))
                warnIfRenamed(scope, quoting: "the case for '\(component)' of '\(type: name)'", at: member.location)
                continue
            }
            let named = inlineAlternativeLabel(members, index: index, discriminator: discriminator)
            let label = named.label ?? Self.positionLabel(index)
            let type = typeReference(member, hint: name.name + " " + label).nonOptional
            let caseName = named.label ?? (named.positional ? label : Self.caseLabel(type))
            let identifier = self.caseName(caseName, index: index, scope: &scope, of: name, at: member.location)
            cases.append(IR.UnionCase(name: identifier, type: type))
            if let rename = scope.lastRename, cases.dropLast().contains(where: { $0.name.name == rename.wanted }) {
                skip(
                    .naming,
                    quoting:
                        "the case '\(rename.wanted)' of '\(type: name)' is generated as '\(rename.given)': another alternative of '\(type: name)' is named '\(rename.wanted)' too",
                    at: member.location)
            } else {
                warnIfRenamed(scope, quoting: "the case '\(caseName)' of '\(type: name)'", at: member.location)
            }
            if named.positional {
                skip(
                    .naming,
                    quoting:
                        "alternative \(index + 1) of '\(type: name)' has no title, tag value or property of its own to be named after: its case is named '\(identifier.name)' after its position",
                    at: member.location)
            }
        }
        // A discriminator only helps when every alternative has a value to be selected by.
        let unselectable = cases.firstIndex { $0.discriminatorValues.isEmpty }
        let usable = discriminator != nil && unselectable == nil
        if !usable { cases = cases.map { IR.UnionCase(name: $0.name, type: $0.type) } }
        if let discriminator {
            let location = Self.discriminatorLocation(schema)
            if usable {
                declared.discriminatorLocations[name.id] = location
            } else if let inline = unselectable {
                skip(
                    .schema,
                    quoting:
                        "the discriminator '\(discriminator)' of '\(type: name)' is not used: alternative \(inline + 1) is an inline schema, which a discriminator cannot select (only a $ref can be); decoding tries each alternative in turn",
                    at: location)
            }
        }
        let union = IR.Union(
            name: name, documentation: documentation(schema), kind: kind, cases: cases,
            discriminator: usable ? discriminator.map(IR.StringLiteral.init) : nil)
        record(.union(union), kind: .union)
    }

    /// The name of a union case. A case named like a type would hide that type inside the enum
    /// (`case _3eNum1(_3eNum1)` makes `_3eNum1.self` the case), so a name that is also a type's
    /// (only names starting with `_` can be: cases are lowerCamelCase, types UpperCamelCase) gets
    /// a `case` prefix: `case3eNum1(_3eNum1)`, with a `naming` warning (#14 item 2: every rename is warned).
    private mutating func caseName(
        _ raw: String, index: Int, scope: inout NameScope, of union: IR.TypeName, at location: SourceLocation
    ) -> IR.Identifier {
        let fallback = SwiftName.lowerCamelCase(Self.positionLabel(index)) ?? "option"
        let candidate = SwiftName.lowerCamelCase(raw) ?? fallback
        let isTypeName = naming.types.contains(candidate) || NameScope.reservedTypeNames.contains(candidate)
        let identifier = scope.identifier(
            for: isTypeName ? "case " + candidate : raw, style: .member, fallback: fallback)
        if SwiftName.lowerCamelCase(raw) == nil {
            skip(
                .naming,
                quoting:
                    "the case '\(raw)' of '\(type: union)' is generated as '\(identifier.name)' after its position: '\(raw)' has no letter or digit to name it by",
                at: location)
        } else if isTypeName {
            skip(
                .naming,
                quoting:
                    "the case '\(candidate)' of '\(type: union)' is generated as '\(identifier.name)': a case of that name would hide the type of that name inside '\(type: union)'",
                at: location)
        }
        return identifier
    }

    /// The component schema a union member's `$ref` names, if it names one.
    private func unionComponentName(_ reference: OpenAPI.Reference?) -> String? {
        reference.flatMap { componentSchemaName($0.text) }
    }

    /// A case name for an inline alternative, from its type (`string`, `int`, `[User]` → `Users`, …).
    static func caseLabel(_ type: IR.TypeReference) -> String {
        switch type {
        case .builtin(let builtin): builtin.rawValue
        case .named(let name): name.name
        case .optional(let wrapped): caseLabel(wrapped)
        case .array(let element): plural(caseLabel(element))
        case .dictionary: "object"
        }
    }
}
