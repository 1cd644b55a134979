import SpecwrightYAML

/// Which operations to generate: the `filter:` of a generation config. An operation is kept when
/// it matches any listed operation, tag or path; with a filter, only the types the kept
/// operations use (directly or through other types) and the listed `schemas` are generated, so a
/// client of a few endpoints of a large API compiles in proportion to what it uses.
///
/// Names are matched as the document writes them: for OpenAPI the `operationId`, the tags and
/// the path template (`/pets/{petId}`); for a Specwright spec the endpoint (`list` or
/// `books.list`), the group (`books`) and the endpoint's path. `schemas` match a type's name in
/// the document or its Swift name.
public struct OperationFilter: Hashable, Sendable {
    /// One listed name and where the config lists it.
    public struct Entry: Hashable, Sendable {
        /// The name as listed.
        public var value: String
        /// Where it is listed (for "matches nothing" warnings).
        public var location: SourceLocation

        /// Creates an entry.
        public init(_ value: String, at location: SourceLocation) {
            self.value = value
            self.location = location
        }
    }

    /// Operations to keep, by name.
    public var operations: [Entry]
    /// Keep the operations with one of these tags (OpenAPI) or in one of these groups (spec).
    public var tags: [Entry]
    /// Keep the operations on these paths.
    public var paths: [Entry]
    /// Types to generate even when no kept operation uses them.
    public var schemas: [Entry]

    /// Creates a filter; an empty one keeps everything.
    public init(operations: [Entry] = [], tags: [Entry] = [], paths: [Entry] = [], schemas: [Entry] = []) {
        self.operations = operations
        self.tags = tags
        self.paths = paths
        self.schemas = schemas
    }

    /// No filter: every operation and every type.
    public static let all = OperationFilter()

    /// Whether the filter keeps everything.
    public var isEmpty: Bool { operations.isEmpty && tags.isEmpty && paths.isEmpty && schemas.isEmpty }

    /// Whether the filter lists operations, tags or paths (with only `schemas`, every operation is kept).
    var selectsOperations: Bool { !(operations.isEmpty && tags.isEmpty && paths.isEmpty) }

    /// The filter pass: the API with only the endpoints the filter keeps (matched by their
    /// ``IR/EndpointSource``) and without the groups left empty, and the endpoints left out.
    /// Adds the entries that matched to `matched`.
    func selectingEndpoints(of api: IR.API, matched: inout Set<Entry>) -> (api: IR.API, leftOut: [IR.Endpoint]) {
        guard selectsOperations else { return (api, []) }
        var result = api
        var leftOut: [IR.Endpoint] = []
        result.groups = api.groups.compactMap { group in
            var kept = group
            kept.endpoints = group.endpoints.filter { endpoint in
                let source = endpoint.source
                let included = includes(
                    names: source.names, tags: source.tags, path: source.pathTemplate, matched: &matched)
                if !included { leftOut.append(endpoint) }
                return included
            }
            return kept.endpoints.isEmpty ? nil : kept
        }
        return (result, leftOut)
    }

    /// Whether an operation with these `names`, `tags` and `path` is kept; adds the entries it matches to `matched`.
    func includes(names: [String], tags operationTags: [String], path: String, matched: inout Set<Entry>) -> Bool {
        guard selectsOperations else { return true }
        let hits =
            operations.filter { names.contains($0.value) } + tags.filter { operationTags.contains($0.value) }
            + paths.filter { $0.value == path }
        matched.formUnion(hits)
        return !hits.isEmpty
    }

    /// The API keeping only the types its endpoints use and the listed `schemas` (`names` maps a
    /// type's name in the document to its Swift name); unchanged without a filter.
    func prunedTypes(of api: IR.API, documentNames names: [String: String], matched: inout Set<Entry>) -> IR.API {
        guard !isEmpty else { return api }
        var roots: Set<IR.TypeID> = []
        let bySwiftName = Dictionary(api.types.map { ($0.name.name, $0.id) }, uniquingKeysWith: { first, _ in first })
        for entry in schemas {
            if let name = names[entry.value] ?? (bySwiftName[entry.value] != nil ? entry.value : nil) {
                if let id = bySwiftName[name] { roots.insert(id) }
                matched.insert(entry)
            }
        }
        return api.keepingUsedTypes(plus: roots)
    }

    /// A warning for each listed name that matched nothing.
    func unmatchedWarnings(_ matched: Set<Entry>) -> [Diagnostic] {
        let kinds = [("operation", operations), ("tag", tags), ("path", paths), ("schema", schemas)]
        return kinds.flatMap { kind, entries in
            entries.filter { !matched.contains($0) }.map {
                Diagnostic(.warning, "filter \(kind) '\($0.value)' matches nothing in the document", at: $0.location)
            }
        }
    }
}
