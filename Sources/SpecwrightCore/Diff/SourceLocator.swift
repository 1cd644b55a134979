import SpecwrightYAML

/// Finds where an ``APIChange/Subject`` is written in a document (a Specwright spec or an
/// OpenAPI document), from its node tree: the IR keeps no source locations, and both formats
/// name operations, parameters, types, fields and enum values in predictable places.
struct SourceLocator {
    private let root: Node
    private let isOpenAPI: Bool
    /// Operation key → its mapping node's key location and value.
    private var operations: [APIEndpointKey: (location: SourceLocation, node: Node)] = [:]
    /// Type name → its key location and schema (or spec type) node.
    private var types: [String: (location: SourceLocation, node: Node)] = [:]
    /// Type name → the first operation using it (for inline types).
    private var firstUser: [String: APIEndpointKey] = [:]
    /// `paths:` or `endpoints:`, the place of a removed operation.
    private var operationsRoot: SourceLocation

    init(root: Node, api: IR.API, isOpenAPI: Bool) {
        self.root = root
        self.isOpenAPI = isOpenAPI
        operationsRoot = root.location
        indexOperations(api)
        indexTypes(api)
    }

    /// Where `subject` is written, or nil when this document does not have it.
    func locate(_ subject: APIChange.Subject) -> SourceLocation? {
        switch subject {
        case .service(let key):
            return Self.entry(root, key)?.key.location
        case .endpoint(let key):
            return operations[key]?.location
        case .parameter(let key, let wireName):
            return operations[key].flatMap { parameterLocation(wireName, in: $0.node) }
        case .type(let name):
            return types[name]?.location
        case .property(let type, let jsonKey):
            guard let properties = types[type]?.node["properties"]?.mapping else { return nil }
            let wanted = Self.normalized(jsonKey)
            return properties.first { entry in
                entry.key.scalar.map { Self.normalized($0.text) == wanted || Self.jsonKey(entry) == jsonKey } == true
            }?.key.location
        case .enumValue(let type, let value):
            return types[type]?.node["enum"]?.sequence?.first { $0.scalar?.text == value }?.location
        }
    }

    /// The place of `subject` or, when this document does not have it, of the nearest thing that
    /// encloses it (an operation's parameter → the operation → `paths:`; a field → its type).
    func nearest(_ subject: APIChange.Subject) -> SourceLocation {
        if let location = locate(subject) { return location }
        switch subject {
        case .service: return root.location
        case .endpoint: return operationsRoot
        case .parameter(let key, _): return nearest(.endpoint(key))
        case .type(let name): return firstUser[name].map { nearest(.endpoint($0)) } ?? root.location
        case .property(let type, _), .enumValue(let type, _): return nearest(.type(type))
        }
    }

    private func parameterLocation(_ wireName: String, in operation: Node) -> SourceLocation? {
        if isOpenAPI {
            let item = operation["parameters"]?.sequence?.first { $0["name"]?.scalar?.text == wireName }
            return item.flatMap { $0["name"]?.location ?? $0.location }
        }
        for section in ["path", "query", "headers"] {
            if let entry = operation[section]?.mapping?.first(where: { $0.key.scalar?.text == wireName }) {
                return entry.key.location
            }
        }
        return nil
    }

    private static func entry(_ node: Node, _ key: String) -> MappingEntry? {
        node.mapping?.first { $0.key.scalar?.text == key }
    }

    /// A spec property's `key:` override, if any.
    private static func jsonKey(_ entry: MappingEntry) -> String? {
        entry.value["key"]?.scalar?.text
    }

    /// Letters and digits only, lower-cased: `published_at`, `publishedAt` → `publishedat`.
    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    private static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Matches the IR's operations to the document's by method and path (parameters as `{}`),
    /// then by name for the rest.
    private mutating func indexOperations(_ api: IR.API) {
        var byRoute: [String: (location: SourceLocation, node: Node)] = [:]
        var byName: [String: (location: SourceLocation, node: Node)] = [:]
        let routeOf = { (method: String, path: String) in
            method.lowercased() + " " + path.replacing(#/\{[^}]*\}/#, with: "{}")
        }
        if isOpenAPI, let paths = Self.entry(root, "paths") {
            operationsRoot = paths.key.location
            for item in paths.value.mapping ?? [] {
                guard let path = item.key.scalar?.text else { continue }
                for operation in item.value.mapping ?? [] {
                    guard let method = operation.key.scalar?.text, Self.methods.contains(method) else { continue }
                    byRoute[routeOf(method, path)] = (operation.key.location, operation.value)
                    if let id = operation.value["operationId"]?.scalar?.text {
                        byName[Self.normalized(id)] = (operation.key.location, operation.value)
                    }
                }
            }
        } else if let endpoints = Self.entry(root, "endpoints") {
            operationsRoot = endpoints.key.location
            for group in endpoints.value.mapping ?? [] {
                for endpoint in group.value.mapping ?? [] {
                    let place = (endpoint.key.location, endpoint.value)
                    let name = Self.normalized((group.key.scalar?.text ?? "") + "." + (endpoint.key.scalar?.text ?? ""))
                    byName[name] = place
                    for method in Self.methods {
                        if let path = endpoint.value[method]?.scalar?.text { byRoute[routeOf(method, path)] = place }
                    }
                }
            }
        }
        for (key, endpoint) in APIComparison.endpoints(of: api) {
            let route = routeOf(endpoint.method.rawValue, APIComparison.pathText(endpoint, namingParameters: false))
            let name = isOpenAPI ? Self.normalized(key.name) : Self.normalized(key.group + "." + key.name)
            if let place = byRoute[route] ?? byName[name] { operations[key] = place }
        }
    }

    /// `name` without the words (`ErrorModel` → `Error`, `ErrorModelSchema` → `ErrorModel`, `Error`)
    /// or digits ``NameScope`` appends to a name that is taken.
    static func unsuffixed(_ name: String) -> [String] {
        var stems: [String] = []
        var stem = name
        while let suffix = NameScope.typeSuffixes.first(where: { stem.hasSuffix($0) && stem.count > $0.count }) {
            stem.removeLast(suffix.count)
            stems.append(stem)
        }
        let undigited = String(name.reversed().drop(while: \.isNumber).reversed())
        if undigited != name, !undigited.isEmpty { stems.append(undigited) }
        return stems
    }

    /// Component schemas (OpenAPI) or spec types, by normalized name; inline types by first user.
    private mutating func indexTypes(_ api: IR.API) {
        let container = isOpenAPI ? root["components"]?["schemas"] : root["types"]
        var byName: [String: (location: SourceLocation, node: Node)] = [:]
        for entry in container?.mapping ?? [] {
            guard let name = entry.key.scalar?.text else { continue }
            byName[Self.normalized(name)] = (entry.key.location, entry.value)
        }
        for declaration in APIComparison.allTypes(api) {
            let name = declaration.name.name
            // A name the importer renamed to avoid a clash (`Error` → `ErrorModel`) matches without its suffix.
            if let place = byName[Self.normalized(name)]
                ?? Self.unsuffixed(name).lazy.compactMap({ byName[Self.normalized($0)] }).first
            {
                types[name] = place
            }
        }
        // Inline types live in their parent's property (or in its `items`).
        for declaration in APIComparison.allTypes(api) {
            guard case .structure(let structure) = declaration, let parent = types[declaration.name.name] else {
                continue
            }
            for property in structure.properties {
                for name in Self.namedTypes(in: property.type) where types[name] == nil {
                    guard
                        let entry = parent.node["properties"]?.mapping?.first(where: {
                            $0.key.scalar?.text == property.jsonKey.value
                        })
                    else { continue }
                    let schema = entry.value["items"] ?? entry.value
                    types[name] = (
                        entry.key.location, schema["enum"] != nil || schema["properties"] != nil ? schema : entry.value
                    )
                }
            }
        }
        let declarations = APIComparison.typesByName(api)
        for (key, endpoint) in APIComparison.endpoints(of: api) {
            var references = endpoint.parameters.map(\.type) + endpoint.errors.map(\.type)
            if let type = endpoint.response.decodedType { references.append(type) }
            var pending = references.flatMap(Self.namedTypes)
            while let name = pending.popLast() {
                guard firstUser[name] == nil else { continue }
                firstUser[name] = key
                if let declaration = declarations[name] {
                    pending += APIComparison.references(in: declaration).flatMap(Self.namedTypes)
                }
            }
        }
    }

    private static func namedTypes(in reference: IR.TypeReference) -> [String] {
        switch reference {
        case .builtin: []
        case .named(let name): [name.name]
        case .optional(let inner), .array(let inner), .dictionary(let inner): namedTypes(in: inner)
        }
    }
}
