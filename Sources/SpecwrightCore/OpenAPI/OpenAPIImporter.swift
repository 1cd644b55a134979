import Foundation
import SpecwrightYAML

/// Imports an OpenAPI 3.0/3.1 document (a located ``Node`` tree, from YAML or JSON) into the
/// generator's ``IR/API``: the structure check runs on the tree, ``OpenAPIReader`` reads the typed
/// document (``OpenAPI/Document``) once, and the importer translates that; it reads no key names.
///
/// The translation runs in four passes so that names do not depend on where a type is first used:
/// component schema names are claimed first, then the group type names, then components are
/// declared (their inline schemas claim names from their location, e.g. `Pet` › `status` →
/// `PetStatus`), then operations are lowered. `$ref`s to component schemas become named
/// references, so recursive and mutually recursive schemas need no special traversal.
///
/// Nothing is dropped silently: every construct without a mapping is skipped with a located
/// warning of an ``ImportWarningKind`` and counted in the ``ImportSummary``. See `docs/openapi.md`.
public struct OpenAPIImporter {
    /// The outcome of an import.
    public struct Result: Sendable {
        /// The API, or nil when ``diagnostics`` holds an error.
        public let api: IR.API?
        /// Errors, warnings and notes, sorted by location.
        public let diagnostics: [Diagnostic]
        /// Counts of what was generated and skipped.
        public let summary: ImportSummary
        /// Component schema name → its Swift type name (the filter's `schemas` match either).
        public let componentTypeNames: [String: String]
    }

    /// The typed document (read once by ``OpenAPIReader``).
    let document: OpenAPI.Document
    let file: String
    /// How operationIds become method names.
    let operationNaming: OperationNaming
    var diagnostics = DiagnosticBag(limit: 1000)
    var summary = ImportSummary()
    var typeScope = NameScope(reserved: NameScope.reservedTypeNames, renameSuffixes: NameScope.typeSuffixes)
    /// Component schema name → its Swift type name.
    var componentNames: [String: IR.Identifier] = [:]
    /// Swift type name → component schema name.
    var componentByName: [String: String] = [:]
    /// Component schema name → its schema.
    var componentSchemas: [String: Schema] = [:]
    /// Components that are `nullable` themselves: every reference to them is optional.
    var nullableComponents: Set<String> = []
    /// Declarations in the order they were completed.
    var declarations: [IR.TypeDeclaration] = []
    /// What each declared type is, by Swift name (query and header checks, defaults).
    var declaredKinds: [String: DeclaredKind] = [:]
    /// Inline schemas already declared, by location (a schema reached twice is declared once).
    var inlineNames: [SourceLocation: IR.Identifier] = [:]
    /// Inline unions and titled schemas already declared, by content (``sharedShapeKey(_:shape:)``).
    var sharedShapes: [String: IR.Identifier] = [:]
    /// The service's auth scheme (operations whose effective security is this scheme inherit it).
    var serviceAuth: IR.Auth = .none
    /// Security schemes and the document's `security`, lowered once.
    var security = SecurityState()
    /// How deeply schema conversion nests right now (see ``maxSchemaDepth``).
    var depth = 0
    /// Whether the nesting limit was reported (once per document).
    var depthLimitReported = false
    /// Resolves `$ref`s, remembering each answer.
    var references: ReferenceIndex
    /// Non-component references being converted now, innermost last, since the last declaration.
    var expandingReferences: [(target: SourceLocation, reference: SourceLocation)] = []
    /// Where reference cycles were reported (each once).
    var reportedCycles: Set<SourceLocation> = []
    /// String enum cases of components not declared yet, worked out for default values (nil: not a string enum).
    var laterEnumCases: [String: (cases: [String: IR.Identifier], unknown: IR.Identifier)?] = [:]
    /// Object defaults met during the import, resolved at its end (``objectDefault(_:named:)``).
    var pendingObjectDefaults: [(value: Node, name: IR.Identifier)] = []
    /// The structures once the import is complete (set by ``resolvingObjectDefaults(in:)``).
    var finalStructures: [String: IR.Structure]?
    /// Remembered answers of `isQueryCompatible` for named types.
    var queryCompatibility: [QueryCompatibilityKey: Bool] = [:]

    /// What the importer remembers about a declared type.
    enum DeclaredKind {
        case structure
        case stringEnum(cases: [String: IR.Identifier], unknown: IR.Identifier)
        case integerEnum(cases: [Int: IR.Identifier], unknown: IR.Identifier)
        case union
        case alias(IR.TypeReference)
    }

    /// Imports the document whose root is `root` (named `file` in diagnostics): every operation
    /// and every component schema, as translated (the pipeline's passes filter and box recursion).
    public static func importDocument(_ root: Node, file: String, operationNaming: OperationNaming = .idiomatic)
        -> Result
    {
        let result = translate(root, file: file, operationNaming: operationNaming)
        return result.diagnostics.contains(where: \.isError)
            ? Result(
                api: nil, diagnostics: result.diagnostics, summary: result.summary,
                componentTypeNames: result.componentTypeNames)
            : result
    }

    /// ``importDocument(_:file:)`` for the pipeline: the API is kept when the only errors are
    /// in operations, since the filter may leave those out. What lowering one operation
    /// reported is also attached to its endpoint (``IR/EndpointSource/diagnostics``).
    static func translate(_ root: Node, file: String, operationNaming: OperationNaming = .idiomatic) -> Result {
        var importer = OpenAPIImporter(root: root, file: file, operationNaming: operationNaming)
        importer.checkStructure(root)
        let api = importer.importAPI()
        importer.summary.schemasGenerated = api.types.count
        let operationErrors = api.groups.flatMap(\.endpoints).flatMap(\.source.diagnostics).count(where: \.isError)
        let failed = importer.diagnostics.errorCount > operationErrors
        return Result(
            api: failed ? nil : api, diagnostics: importer.diagnostics.sorted(), summary: importer.summary,
            componentTypeNames: importer.componentNames.mapValues(\.name))
    }

    private init(root: Node, file: String, operationNaming: OperationNaming) {
        document = OpenAPIReader.document(root)
        self.file = file
        self.operationNaming = operationNaming
        references = ReferenceIndex(root: root, file: file)
    }

    private mutating func importAPI() -> IR.API {
        let schemas = document.components.schemas
        for (name, node) in schemas {
            let identifier = typeScope.identifier(for: name, style: .type, fallback: "Schema")
            warnIfRenamed(typeScope, "schema '\(name)'", at: node.location)
            componentNames[name] = identifier
            componentByName[identifier.name] = name
            componentSchemas[name] = node
            if isNullable(node) { nullableComponents.insert(name) }
        }
        let prefix = SwiftName.upperCamelCase(document.info.title ?? "") ?? "API"
        let clientTypeName = typeScope.claim(prefix + "Client")
        let collected = collectOperations()
        var groupScope = NameScope(reserved: NameScope.reservedGroupNames)
        let namedGroups = collected.map { group in
            (group, names: groupNames(group.name, scope: &groupScope))
        }
        for (name, node) in schemas {
            guard let identifier = componentNames[name] else { continue }
            declareComponent(node, name: identifier, hint: name)
        }
        breakAliasCycles()
        reportSelfContainingUnions()
        fixDiscriminators()
        serviceAuth = lowerServiceAuth()
        let service = lowerService(name: prefix)
        let groups = namedGroups.map { lowerGroup($0.0, names: $0.names) }
        reportUnsupportedTopLevel()
        let api = IR.API(
            sourceFile: URL(fileURLWithPath: file).lastPathComponent,
            name: NameScope.standalone(prefix),
            documentation: IR.Documentation(paragraphs: [document.info.title, document.info.description]),
            service: service,
            types: declarations,
            groups: groups,
            clientTypeName: clientTypeName
        ).choosingNilOnlyInRequestBodies()
        return resolvingObjectDefaults(in: api)
    }

    // MARK: Diagnostics

    /// Reports a skipped construct: a located warning, counted by kind.
    mutating func skip(_ kind: ImportWarningKind, _ message: String, at location: SourceLocation) {
        summary.skipped[kind, default: 0] += 1
        diagnostics.warning(message + " [\(kind.rawValue)]", at: location)
    }

    /// Warns (kind `naming`) when the last name `scope` handed out is not the one wanted.
    mutating func warnIfRenamed(_ scope: NameScope, _ what: String, at location: SourceLocation) {
        guard let rename = scope.lastRename else { return }
        skip(.naming, NameScope.renameMessage(what, rename), at: location)
    }

    /// Reports what ``OpenAPIStructureCheck`` finds: errors, and `structure` warnings.
    private mutating func checkStructure(_ root: Node) {
        for finding in OpenAPIStructureCheck.check(root).findings {
            if finding.error {
                diagnostics.error(finding.message, at: finding.location)
            } else {
                skip(.structure, finding.message, at: finding.location)
            }
        }
    }

    private mutating func reportUnsupportedTopLevel() {
        for webhook in document.webhooks {
            skip(
                .webhook, "webhook '\(webhook.value)' is not generated: clients only send requests",
                at: webhook.location)
        }
    }
}
