import Foundation
import SpecwrightYAML

/// Lowers a validated ``SpecDocument`` into the ``IR/API`` the renderer consumes.
///
/// All naming goes through ``NameScope`` (built on ``SwiftName``); all spec text that reaches
/// the output becomes an ``IR/StringLiteral`` or ``IR/Documentation``. Problems the validator
/// cannot see (a renamed type, an unusable base URL, a parameter type that cannot be sent)
/// are reported as diagnostics; errors mean no IR.
public struct SpecLowering {
    /// The IR (nil when lowering found errors) and the diagnostics.
    public struct Result: Sendable {
        /// The lowered API, or nil when ``diagnostics`` holds an error.
        public let api: IR.API?
        /// Warnings and errors found while lowering.
        public let diagnostics: [Diagnostic]
        /// The type names lowering asked for, in order, for the naming pass.
        let typeNameRequests: TypeNameRequests
    }

    let document: SpecDocument
    var diagnostics = DiagnosticBag()
    /// The module's type names, as requests for the naming pass (``TypeNaming``).
    var typeNameRequests = TypeNameRequests()
    /// Spec type name → its identity (`#/types/Book`) and Swift name.
    var typeNames: [String: IR.TypeName] = [:]
    /// Every declared type, by identity and name: reserved in member scopes, where a member
    /// spelled like a type (`_2fa`) would hide the type.
    var memberTypeNames = MemberNameRequests.TypeNames()
    /// The names of ``memberTypeNames``.
    var memberReservedNames: Set<String> { memberTypeNames.names }
    /// The spec's types by name (the document's own lookup is a linear search).
    let definitions: [String: TypeDefinition]

    /// Lowers `document`.
    public static func lower(_ document: SpecDocument) -> Result {
        var lowering = SpecLowering(document: document)
        let api = lowering.lowerAPI()
        let diagnostics = lowering.diagnostics.sorted()
        return Result(
            api: lowering.diagnostics.hasErrors ? nil : api, diagnostics: diagnostics,
            typeNameRequests: lowering.typeNameRequests)
    }

    private init(document: SpecDocument) {
        self.document = document
        var definitions: [String: TypeDefinition] = [:]
        for type in document.types where definitions[type.name] == nil { definitions[type.name] = type }
        self.definitions = definitions
    }

    private mutating func lowerAPI() -> IR.API {
        for type in document.types {
            let id = IR.TypeID.pointer("types", type.name)
            let identifier = requestTypeName(
                .type(id), converting: type.name, fallback: "Unnamed", warning: "type '\(type.name)'", at: type.location
            )
            typeNames[type.name] = IR.TypeName(id: id, identifier: identifier)
            memberTypeNames.insert(IR.TypeName(id: id, identifier: identifier))
        }
        let prefix = SwiftName.upperCamelCase(document.name.value) ?? "API"
        let clientTypeName = typeNameRequests.name(.client, exactly: prefix + "Client")
        var groupScope = NameScope(reserved: NameScope.reservedGroupNames)
        let groups = document.groups.map { group in
            lowerGroup(
                group, property: groupScope.identifier(for: group.name, style: .member, fallback: "group"))
        }
        return IR.API(
            sourceFile: URL(fileURLWithPath: document.file).lastPathComponent,
            name: NameScope.standalone(prefix),
            documentation: IR.Documentation(document.description),
            service: lowerService(),
            types: lowerTypes(),
            groups: groups,
            clientTypeName: clientTypeName)
    }

    // MARK: Service

    private mutating func lowerService() -> IR.Service {
        if URL(string: document.baseURL.value) == nil {
            diagnostics.error(
                "baseURL '\(document.baseURL.value)' is not a URL Foundation can parse", at: document.baseURL.location)
        }
        let envelope = document.envelope.map(Self.envelope)
        return IR.Service(
            name: IR.StringLiteral(document.name.value),
            baseURL: IR.StringLiteral(document.baseURL.value),
            headers: document.headers.map {
                IR.Header(name: IR.StringLiteral($0.name), value: IR.StringLiteral($0.value))
            },
            auth: Self.auth(document.auth),
            dates: IR.DateCoding(rawValue: document.dates.rawValue) ?? .iso8601,
            envelope: envelope,
            timeout: document.defaults.timeout,
            retry: Self.retry(document.defaults.retry),
            cache: Self.cache(document.defaults.cache))
    }

    static func envelope(_ envelope: EnvelopeSetting) -> IR.Envelope {
        IR.Envelope(
            codeKey: IR.StringLiteral(envelope.codeKey), messageKey: IR.StringLiteral(envelope.messageKey),
            dataKey: IR.StringLiteral(envelope.dataKey), successCodes: envelope.successCodes,
            sessionExpiredCodes: envelope.sessionExpiredCodes, tokenExpiredCodes: envelope.tokenExpiredCodes)
    }

    static func auth(_ setting: AuthSetting) -> IR.Auth {
        switch setting {
        case .none: .none
        case .bearer: .bearer
        case .apiKeyHeader(let name): .apiKeyHeader(IR.StringLiteral(name))
        case .apiKeyQuery(let name): .apiKeyQuery(IR.StringLiteral(name))
        }
    }

    static func retry(_ setting: RetrySetting) -> IR.Retry {
        IR.Retry(
            maxRetries: setting.maxRetries, baseDelay: setting.baseDelay, maxDelay: setting.maxDelay,
            statuses: setting.statuses, transportErrors: setting.transportErrors?.map(\.rawValue),
            deadline: setting.deadline, honoursLongRetryAfter: setting.longRetryAfter == .wait)
    }

    /// The IR's name for a property's `null:`.
    static func nilEncoding(_ handling: NullHandling?) -> IR.NilEncoding {
        switch handling {
        case nil, .omit: .omitted
        case .send: .null
        case .choose: .chosen
        }
    }

    static func cache(_ setting: CacheSetting) -> IR.Cache {
        switch setting {
        case .none: .networkOnly
        case .http: .http
        case .cacheFirst(let ttl): .cacheFirst(ttl: ttl)
        case .networkFirst(let ttl): .networkFirst(ttl: ttl)
        case .staleWhileRevalidate(let ttl): .staleWhileRevalidate(ttl: ttl)
        }
    }

    // MARK: Types

    /// The Swift names of the properties of the object type `typeName`, in order (one scope per
    /// object).
    func propertyNames(_ properties: [Property], of typeName: String) -> [IR.Identifier] {
        namedProperties(properties, of: typeName).names
    }

    private func namedProperties(_ properties: [Property], of typeName: String) -> MemberNaming {
        var naming = MemberNaming(
            .properties(.pointer("types", typeName)), reserved: NameScope.reservedPropertyNames,
            typeNames: memberTypeNames)
        for property in properties {
            naming.name(property.name, fallback: "unnamed", what: "property '\(property.name)'", at: property.location)
        }
        return naming
    }

    /// The case names of the string enum `typeName` (the spec's values first) and of its
    /// catch-all case.
    private func namedCases(_ cases: [EnumCase], of typeName: String) -> (
        naming: MemberNaming, catchAll: IR.Identifier
    ) {
        var naming = MemberNaming(
            .cases(.pointer("types", typeName)), reserved: NameScope.reservedEnumCaseNames,
            typeNames: memberTypeNames)
        for enumCase in cases {
            naming.name(
                enumCase.value, fallback: enumCase.value.isEmpty ? "empty" : "value",
                what: "enum value '\(enumCase.value)'",
                at: enumCase.location)
        }
        let catchAll = naming.claimCatchAll()
        return (naming, catchAll)
    }

    /// Every type, warning about each renamed member; the member names are recorded as requests
    /// for the naming pass (``MemberNameRequests``).
    private mutating func lowerTypes() -> [IR.TypeDeclaration] {
        typeNameRequests.members.typeNames = memberTypeNames
        for type in document.types {
            switch type.kind {
            case .object(let properties): record(namedProperties(properties, of: type.name))
            case .enumeration(let cases): record(namedCases(cases, of: type.name).naming)
            }
        }
        return document.types.map(lowerType)
    }

    private mutating func record(_ naming: MemberNaming) {
        for rename in naming.renames { diagnostics.warning(quoting: rename.message, at: rename.location) }
        typeNameRequests.members.add(naming)
    }

    func lowerType(_ type: TypeDefinition) -> IR.TypeDeclaration {
        let name = typeName(type.name)
        let documentation = IR.Documentation(type.description)
        switch type.kind {
        case .object(let properties):
            let names = propertyNames(properties, of: type.name)
            let lowered = zip(properties, names).map { property, name in
                IR.Property(
                    name: name,
                    jsonKey: IR.StringLiteral(property.jsonKey(style: document.jsonKeys)),
                    type: reference(property.type.expression),
                    defaultValue: property.defaultValue.map {
                        defaultExpression($0.value, type: property.type.expression)
                    },
                    documentation: IR.Documentation(property.description),
                    nilEncoding: Self.nilEncoding(property.null?.value))
            }
            return .structure(IR.Structure(name: name, documentation: documentation, properties: lowered))
        case .enumeration(let cases):
            // The spec's values name their cases first; the catch-all takes a name they leave free.
            let (naming, unknown) = namedCases(cases, of: type.name)
            let lowered = zip(cases, naming.names).map { enumCase, caseName in
                IR.StringEnumCase(name: caseName, rawValue: IR.StringLiteral(enumCase.value))
            }
            return .stringEnum(
                IR.StringEnum(name: name, documentation: documentation, cases: lowered, unknownCaseName: unknown))
        }
    }

    /// The IR type for a spec type expression.
    func reference(_ expression: TypeExpression) -> IR.TypeReference {
        switch expression {
        case .primitive(let primitive): .builtin(IR.BuiltinType(rawValue: primitive.rawValue) ?? .string)
        case .named(let name): .named(typeName(name))
        case .optional(let wrapped): .optional(reference(wrapped))
        case .array(let element): .array(reference(element))
        case .dictionary(let value): .dictionary(reference(value))
        }
    }

    /// The identity and Swift name of the spec type `name` (validated to exist; `Unnamed` if not).
    private func typeName(_ name: String) -> IR.TypeName {
        typeNames[name] ?? IR.TypeName(id: .pointer("types", name), identifier: NameScope.standalone("Unnamed"))
    }

    /// Requests a type name (``TypeNameRequests``) and warns where it is written when it is not
    /// the one wanted; the naming pass replaces the warning if the final name differs.
    mutating func requestTypeName(
        _ target: TypeNameRequests.Target, converting spelling: String? = nil, exactly identifier: String? = nil,
        fallback: String = "", warning what: String, at location: SourceLocation
    ) -> IR.Identifier {
        let name = typeNameRequests.name(
            target, converting: spelling, exactly: identifier, fallback: fallback, expected: false, warning: what,
            at: location, suffix: "")
        if let rename = typeNameRequests.lastRename {
            diagnostics.warning(NameScope.renameMessage(what, rename), at: location)
        }
        return name
    }

    /// Warns when the last name `scope` handed out is not the one wanted: every rename is
    /// reported where the name is written.
    mutating func warnIfRenamed(_ scope: NameScope, _ what: String, at location: SourceLocation) {
        guard let rename = scope.lastRename else { return }
        diagnostics.warning(NameScope.renameMessage(what, rename), at: location)
    }
}
