import SpecwrightYAML

/// Checks what needs the whole decoded document: type references, Swift-name collisions,
/// the single gate, and default values against their types.
struct SpecValidator {
    let document: SpecDocument
    var diagnostics: DiagnosticBag

    private let typesByName: [String: TypeDefinition]
    private let knownTypeNames: [String]
    /// The endpoints of each group, in spec order. Loops read endpoints by index so that only
    /// the fields they need are retained, not whole ``Endpoint`` values.
    private let endpointLists: [[Endpoint]]

    init(document: SpecDocument, diagnostics: DiagnosticBag) {
        self.document = document
        self.diagnostics = diagnostics
        var byName: [String: TypeDefinition] = [:]
        byName.reserveCapacity(document.types.count)
        for type in document.types where byName[type.name] == nil { byName[type.name] = type }
        typesByName = byName
        knownTypeNames = PrimitiveType.allCases.map(\.rawValue) + document.types.map(\.name)
        endpointLists = document.groups.map(\.endpoints)
    }

    mutating func validate() {
        checkTypeReferences()
        checkFileParts()
        checkNames()
        checkGate()
        checkInvalidates()
        checkDefaults()
        checkBatchKeys()
        let parameterCheck = ParameterTypeCheck(typesByName: typesByName)
        for endpoints in endpointLists { parameterCheck.run(endpoints, diagnostics: &diagnostics) }
    }

    // MARK: - Type references

    private mutating func checkTypeReferences() {
        // Index access reads only the field needed instead of copying whole definitions.
        let types = document.types
        for typeIndex in types.indices {
            guard case .object(let properties) = types[typeIndex].kind else { continue }
            for index in properties.indices { checkReferences(properties[index].type) }
        }
        for endpoints in endpointLists {
            for index in endpoints.indices {
                for parameter in endpoints[index].pathParameters { checkReferences(parameter.type) }
                for parameter in endpoints[index].queryParameters { checkReferences(parameter.type) }
                for parameter in endpoints[index].headerParameters { checkReferences(parameter.type) }
                if let body = endpoints[index].body { checkReferences(body) }
                if let response = endpoints[index].response { checkReferences(response) }
                for error in endpoints[index].errors { checkReferences(error.type) }
                for field in endpoints[index].multipart ?? [] { checkReferences(field.type) }
            }
        }
    }

    /// `FilePart` is the type of a multipart field (`FilePart`, `FilePart?`, `[FilePart]`,
    /// `[FilePart]?`) or of a whole body (`body: FilePart`) and nothing else: a file has no JSON form (path, query and header parameters
    /// are checked by ``ParameterTypeCheck``).
    private mutating func checkFileParts() {
        let types = document.types
        for typeIndex in types.indices {
            guard case .object(let properties) = types[typeIndex].kind else { continue }
            for index in properties.indices { refuseFilePart(properties[index].type, "a property") }
        }
        for endpoints in endpointLists {
            for index in endpoints.indices {
                // A file is a whole body too (`body: FilePart`), one file, never optional or several.
                if let body = endpoints[index].body, body.expression != .primitive(.file),
                    body.expression.mentions(.file)
                {
                    diagnostics.error(
                        "a file body is one 'FilePart', not '\(body.expression)' (several files or an optional one: use 'multipart')",
                        at: body.location)
                }
                if let response = endpoints[index].response { refuseFilePart(response, "'response'") }
                for error in endpoints[index].errors { refuseFilePart(error.type, "an error body") }
                for field in endpoints[index].multipart ?? [] {
                    let element = field.type.expression.arrayElement ?? field.type.expression.nonOptional
                    if element != .primitive(.file) {
                        refuseFilePart(
                            field.type,
                            "a multipart part other than 'FilePart', 'FilePart?', '[FilePart]' or '[FilePart]?'")
                    }
                }
            }
        }
    }

    private mutating func refuseFilePart(_ use: TypeUse, _ place: String) {
        guard use.expression.mentions(.file) else { return }
        diagnostics.error(
            "'FilePart' cannot be the type of \(place) ('\(use.expression)'): it is the type of a file in a 'multipart' body or of a whole 'body'",
            at: use.location)
    }

    private mutating func checkReferences(_ use: TypeUse) {
        // `index(forKey:)` answers without copying the definition out of the table.
        use.forEachReference { reference in
            guard typesByName.index(forKey: reference.value) == nil else { return }
            let hint = Suggestions.didYouMean(reference.value, in: knownTypeNames)
            diagnostics.error(
                "unknown type '\(reference.value)'\(hint.text)", at: reference.location, suggestion: hint.suggestion)
        }
    }

    // MARK: - Names

    private mutating func checkNames() {
        var typeNames = NameTable(kind: "type", transform: .upperCamelCase)
        // One table for all the small scopes (properties, cases, parameters): emptied, not
        // reallocated, between scopes.
        var members = NameTable(kind: "property", transform: .lowerCamelCase)
        let types = document.types
        for typeIndex in types.indices {
            typeNames.add(types[typeIndex].name, at: types[typeIndex].location, diagnostics: &diagnostics)
            switch types[typeIndex].kind {
            case .object(let properties):
                members.reset(kind: "property")
                for index in properties.indices {
                    members.add(properties[index].name, at: properties[index].location, diagnostics: &diagnostics)
                }
            case .enumeration(let cases):
                members.reset(kind: "enum case")
                for enumCase in cases {
                    members.add(enumCase.value, at: enumCase.location, diagnostics: &diagnostics)
                }
            }
        }
        var groupNames = NameTable(kind: "group", transform: .lowerCamelCase)
        var endpointNames = NameTable(kind: "endpoint", transform: .lowerCamelCase)
        for group in document.groups {
            groupNames.add(group.name, at: group.location, diagnostics: &diagnostics)
            endpointNames.reset(kind: "endpoint")
            let endpoints = group.endpoints
            for index in endpoints.indices {
                endpointNames.add(endpoints[index].name, at: endpoints[index].location, diagnostics: &diagnostics)
                members.reset(kind: "parameter")
                checkParameterNames(
                    path: endpoints[index].pathParameters, query: endpoints[index].queryParameters,
                    header: endpoints[index].headerParameters, in: &members)
            }
        }
    }

    /// Declared parameters first (path, query, header), then undeclared path ones.
    private mutating func checkParameterNames(
        path: [Parameter], query: [Parameter], header: [Parameter], in parameterNames: inout NameTable
    ) {
        for parameter in path where parameter.isDeclared {
            parameterNames.add(
                parameter.name, kind: "path parameter", at: parameter.location, diagnostics: &diagnostics)
        }
        for parameter in query {
            parameterNames.add(
                parameter.name, kind: "query parameter", at: parameter.location, diagnostics: &diagnostics)
        }
        for parameter in header {
            parameterNames.add(
                parameter.name, kind: "header parameter", at: parameter.location, diagnostics: &diagnostics)
        }
        for parameter in path where !parameter.isDeclared {
            parameterNames.add(
                parameter.name, kind: "path parameter", at: parameter.location, diagnostics: &diagnostics)
        }
    }

    // MARK: - Gate

    private mutating func checkGate() {
        var gate: Endpoint?
        for endpoints in endpointLists {
            for index in endpoints.indices where endpoints[index].isGate {
                if let first = gate {
                    diagnostics.error(
                        "only one endpoint can be the gate; '\(first.operationName)' already is",
                        at: endpoints[index].location)
                } else {
                    gate = endpoints[index]
                }
            }
        }
    }

    // MARK: - Invalidates

    /// Every `invalidates:` entry names an endpoint of the spec (`group.name`).
    private mutating func checkInvalidates() {
        let operations = endpointLists.flatMap { $0.map(\.operationName) }
        let known = Set(operations)
        for endpoints in endpointLists {
            for endpoint in endpoints {
                for name in endpoint.invalidates where !known.contains(name.value) {
                    let hint = Suggestions.didYouMean(name.value, in: operations)
                    diagnostics.error(
                        "'invalidates' of '\(endpoint.operationName)' names no endpoint: '\(name.value)' (expected group.endpoint)\(hint.text)",
                        at: name.location, suggestion: hint.suggestion)
                }
            }
        }
    }

    // MARK: - Defaults

    private mutating func checkDefaults() {
        let types = document.types
        for typeIndex in types.indices {
            guard case .object(let properties) = types[typeIndex].kind else { continue }
            for index in properties.indices {
                if let value = properties[index].defaultValue {
                    checkDefault(value, fits: properties[index].type.expression)
                }
                checkNullHandling(properties[index])
            }
        }
        for endpoints in endpointLists {
            for index in endpoints.indices {
                checkDefaults(endpoints[index].pathParameters)
                checkDefaults(endpoints[index].queryParameters)
                checkDefaults(endpoints[index].headerParameters)
            }
        }
    }

    private mutating func checkDefaults(_ parameters: [Parameter]) {
        for parameter in parameters {
            if let value = parameter.defaultValue { checkDefault(value, fits: parameter.type.expression) }
        }
    }

    /// `null:` says what an optional's `nil` is sent as: a non-optional type is never `nil`, and a
    /// property whose `nil` the caller chooses is left out by default, so it has no `default`.
    private mutating func checkNullHandling(_ property: Property) {
        guard let null = property.null else { return }
        if !property.type.expression.isOptional {
            diagnostics.error(
                "'null: \(null.value.rawValue)' needs an optional type; '\(property.type.expression)' is never nil (write '\(property.type.expression)?')",
                at: null.location)
        } else if null.value == .choose, let value = property.defaultValue {
            diagnostics.error(
                "'null: choose' leaves the key out unless the caller sets it, so the property takes no 'default'",
                at: value.location)
        }
    }

    private mutating func checkDefault(_ value: Located<LiteralValue>, fits type: TypeExpression) {
        if let problem = DefaultValueChecker(typesByName: typesByName).problem(value.value, type) {
            diagnostics.error(
                "default value \(NodeDescription.excerpt(value.value.description)) does not fit type '\(type)': \(problem)",
                at: value.location)
        }
    }

    // MARK: - Batch keys

    /// `batch: { key: }` names a required property of the response's element type whose type is
    /// the batch parameter's element type (the generated code reads the id from it).
    private mutating func checkBatchKeys() {
        for endpoints in endpointLists {
            for index in endpoints.indices {
                guard let batch = endpoints[index].batch, let key = batch.key else { continue }
                let element = endpoints[index].response?.expression.arrayElement
                let idType = endpoints[index].queryParameters.first { $0.name == batch.parameter.value }?.type
                    .expression.arrayElement
                guard case .named(let typeName)? = element, let type = typesByName[typeName],
                    case .object(let properties) = type.kind
                else {
                    diagnostics.error(
                        "batch 'key' needs a response that is an array of an object type", at: key.location)
                    continue
                }
                guard let property = properties.first(where: { $0.name == key.value }) else {
                    let hint = Suggestions.didYouMean(key.value, in: properties.map(\.name))
                    diagnostics.error(
                        "batch key '\(key.value)' is not a property of '\(typeName)'\(hint.text)", at: key.location,
                        suggestion: hint.suggestion)
                    continue
                }
                if let idType, property.type.expression != idType {
                    diagnostics.error(
                        "batch key '\(key.value)' has type '\(property.type.expression)', but the ids are '\(idType)'",
                        at: key.location)
                }
            }
        }
    }
}

/// Detects names that become the same Swift identifier. Most scopes are small (a few
/// properties or parameters), so entries are kept in an array and indexed by a dictionary only
/// once a scope grows.
private struct NameTable {
    private struct Entry {
        let swiftName: String
        let name: String
        let kind: String
    }

    /// Which Swift-name conversion the scope uses (an enum, not a closure, in the hot loop).
    enum Transform {
        case lowerCamelCase, upperCamelCase
    }

    private(set) var kind: String
    let transform: Transform
    private var entries: [Entry] = []
    private var index: [String: Int] = [:]
    private static let indexThreshold = 16

    init(kind: String, transform: Transform) {
        self.kind = kind
        self.transform = transform
    }

    /// Empties the table for a new scope of `kind`, keeping its storage.
    mutating func reset(kind: String) {
        self.kind = kind
        entries.removeAll(keepingCapacity: true)
        if !index.isEmpty { index.removeAll(keepingCapacity: true) }
    }

    mutating func add(
        _ name: String, kind: String? = nil, at location: SourceLocation, diagnostics: inout DiagnosticBag
    ) {
        let kind = kind ?? self.kind
        let converted = transform == .lowerCamelCase ? SwiftName.lowerCamelCase(name) : SwiftName.upperCamelCase(name)
        guard let swiftName = converted else { return }
        if let earlier = find(swiftName) {
            let earlierKind = earlier.kind == kind ? "" : earlier.kind + " "
            let message =
                earlier.name == name
                ? "duplicate \(kind) name '\(name)'"
                : "\(kind) '\(name)' collides with \(earlierKind)'\(earlier.name)': both are '\(swiftName)' in Swift"
            diagnostics.error(message, at: location)
            return
        }
        entries.append(Entry(swiftName: swiftName, name: name, kind: kind))
        if entries.count == Self.indexThreshold {
            for (position, entry) in entries.enumerated() { index[entry.swiftName] = position }
        } else if entries.count > Self.indexThreshold {
            index[swiftName] = entries.count - 1
        }
    }

    private func find(_ swiftName: String) -> Entry? {
        if entries.count >= Self.indexThreshold {
            return index[swiftName].map { entries[$0] }
        }
        return entries.first { $0.swiftName == swiftName }
    }
}
