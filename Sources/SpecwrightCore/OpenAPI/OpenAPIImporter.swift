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
        /// The type names the import asked for, in order, for the naming pass.
        let typeNameRequests: TypeNameRequests
    }

    /// The typed document (read once by ``OpenAPIReader``).
    let document: OpenAPI.Document
    let file: String
    /// How operationIds become method names.
    let operationNaming: OperationNaming
    /// The diagnostics role: errors, warnings and notes, and the counts of the summary.
    var diagnostics = DiagnosticBag(limit: 1000)
    var summary = ImportSummary()
    /// The component schemas: names and schemas, set before anything is declared.
    var components = ComponentTable()
    /// The naming role: type names handed out, inline schemas already named.
    var naming = NamingState()
    /// The declared types, and what the importer remembers about them.
    var declared = DeclaredTypes()
    /// The reference-resolution role: where `$ref`s lead, and how deep and in which cycles
    /// following them is.
    var resolution: ReferenceResolution
    /// Security schemes, the document's `security` and the service's scheme, lowered once.
    var security = SecurityState()
    /// Warnings about the types operations declared, attached to the endpoints that use them.
    var operationTypeWarnings = OperationTypeWarnings()

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
                componentTypeNames: result.componentTypeNames, typeNameRequests: result.typeNameRequests)
            : result
    }

    /// ``importDocument(_:file:)`` for the pipeline: the API is kept when the only errors are
    /// in operations, since the filter may leave those out. What lowering one operation
    /// reported is also attached to its endpoint (``IR/EndpointSource/diagnostics``).
    static func translate(_ root: Node, file: String, operationNaming: OperationNaming = .idiomatic) -> Result {
        // On a thread with a stack for the deepest document the limits allow (``ImportThread``).
        ImportThread.run { translateHere(root, file: file, operationNaming: operationNaming) }
    }

    private static func translateHere(_ root: Node, file: String, operationNaming: OperationNaming) -> Result {
        var importer = OpenAPIImporter(root: root, file: file, operationNaming: operationNaming)
        importer.checkStructure(root)
        let api = importer.importAPI()
        importer.summary.schemasGenerated = api.types.count
        let operationErrors = api.groups.flatMap(\.endpoints).flatMap(\.source.diagnostics).count(where: \.isError)
        let failed = importer.diagnostics.errorCount > operationErrors
        return Result(
            api: failed ? nil : api, diagnostics: importer.diagnostics.sorted(), summary: importer.summary,
            componentTypeNames: importer.components.names.mapValues(\.name), typeNameRequests: importer.naming.types)
    }

    private init(root: Node, file: String, operationNaming: OperationNaming) {
        document = OpenAPIReader.document(root)
        self.file = file
        self.operationNaming = operationNaming
        resolution = ReferenceResolution(index: ReferenceIndex(root: root, file: file))
    }

    private mutating func importAPI() -> IR.API {
        let schemas = document.components.schemas
        naming.types.expect(schemas.lazy.map(\.0))
        for (name, node) in schemas {
            let id = IR.TypeID.pointer("components", "schemas", name)
            let identifier = IR.TypeName(
                id: id,
                identifier: requestTypeName(
                    .type(id), converting: name, fallback: "Schema", expected: true, warning: "schema '\(name)'",
                    at: node.location))
            components.names[name] = identifier
            components.byTypeID[identifier.id] = name
            components.schemas[name] = node
        }
        // Once every component is known: nullability may come through references to later ones.
        for (name, node) in schemas where isNullable(node) { components.nullable.insert(name) }
        let prefix = SwiftName.upperCamelCase(document.info.title ?? "") ?? "API"
        let clientTypeName = naming.types.name(.client, exactly: prefix + "Client")
        let collected = collectOperations()
        var groupScope = NameScope(reserved: NameScope.reservedGroupNames)
        groupScope.expect(collected.map(\.name))
        let namedGroups = collected.map { group in
            (group, names: groupNames(group.name, scope: &groupScope))
        }
        shareRepeatedEnums(collected)
        for (name, node) in schemas {
            guard let identifier = components.names[name] else { continue }
            declareComponent(node, name: identifier, hint: name)
        }
        nameOperationStems(collected)
        shareRepeatedBodies(collected)
        breakAliasCycles()
        reportSelfContainingUnions()
        security.serviceAuth = lowerServiceAuth()
        let service = lowerService(name: prefix)
        let groups = namedGroups.map { lowerGroup($0.0, names: $0.names) }
        // After the operations: their inline unions (a body's, a response's) fix their variants too.
        fixDiscriminators()
        reportUnsupportedTopLevel()
        let api = IR.API(
            sourceFile: URL(fileURLWithPath: file).lastPathComponent,
            name: NameScope.standalone(prefix),
            documentation: IR.Documentation(paragraphs: [document.info.title, document.info.description]),
            service: service,
            types: declared.declarations,
            groups: groups,
            clientTypeName: clientTypeName
        )
        .relaxingOneWayRequirements(declared.oneWayRequired).leavingReadOnlyOutOfRequests(declared.readOnlyProperties)
        .choosingNilOnlyInRequestBodies()
        let defaults = declared.propertyDefaults
        return attachingOperationTypeWarnings(
            to: resolvingObjectDefaults(in: api).leavingDefaultsOutOfPatchBodies(defaults))
    }

    // MARK: Diagnostics

    /// Reports a skipped construct: a located warning, counted by kind.
    mutating func skip(_ kind: ImportWarningKind, _ message: String, at location: SourceLocation) {
        summary.skipped[kind, default: 0] += 1
        diagnostics.warning(message + " [\(kind.rawValue)]", at: location)
    }

    /// ``skip(_:_:at:)`` with a message that quotes Swift types by identity (``DiagnosticText``).
    mutating func skip(_ kind: ImportWarningKind, quoting text: DiagnosticText, at location: SourceLocation) {
        summary.skipped[kind, default: 0] += 1
        diagnostics.warning(quoting: "\(text) [\(kind.rawValue)]", at: location)
    }

    /// Requests a type name (``TypeNameRequests``) and warns (kind `naming`) where it is written
    /// when it is not the one wanted; the naming pass replaces the warning if the final name differs.
    mutating func requestTypeName(
        _ target: TypeNameRequests.Target, converting spelling: String? = nil, exactly identifier: String? = nil,
        fallback: String = "", expected: Bool = false, warning what: String, at location: SourceLocation
    ) -> IR.Identifier {
        let name = naming.types.name(
            target, converting: spelling, exactly: identifier, fallback: fallback, expected: expected, warning: what,
            at: location, suffix: " [\(ImportWarningKind.naming.rawValue)]")
        if let rename = naming.types.lastRename { skip(.naming, NameScope.renameMessage(what, rename), at: location) }
        return name
    }

    /// Warns (kind `naming`) when the last name `scope` handed out is not the one wanted.
    mutating func warnIfRenamed(_ scope: NameScope, _ what: String, at location: SourceLocation) {
        guard let rename = scope.lastRename else { return }
        skip(.naming, NameScope.renameMessage(what, rename), at: location)
    }

    /// Names the member `raw` in `members` (a request for the naming pass) and warns (kind
    /// `naming`) where it is written when it is not the one wanted.
    mutating func nameMember(
        _ raw: String, in members: inout MemberNaming, fallback: String, what: DiagnosticText,
        at location: SourceLocation
    ) -> IR.Identifier {
        let name = members.name(
            raw, fallback: fallback, what: what, at: location, suffix: " [\(ImportWarningKind.naming.rawValue)]")
        if let rename = members.lastRename { skip(.naming, quoting: NameScope.renameText(what, rename), at: location) }
        return name
    }

    /// ``warnIfRenamed(_:_:at:)`` for a `what` that quotes Swift types (``DiagnosticText``).
    mutating func warnIfRenamed(_ scope: NameScope, quoting what: DiagnosticText, at location: SourceLocation) {
        guard let rename = scope.lastRename else { return }
        skip(.naming, quoting: NameScope.renameText(what, rename), at: location)
    }

    /// Reports what ``OpenAPIStructureCheck`` finds: errors, and `structure` warnings.
    private mutating func checkStructure(_ root: Node) {
        let check = OpenAPIStructureCheck.check(root)
        // One depth error per document: the importer's own limit is not reported again.
        if check.schemasNestTooDeep { resolution.depthLimitReported = true }
        for finding in check.findings {
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
