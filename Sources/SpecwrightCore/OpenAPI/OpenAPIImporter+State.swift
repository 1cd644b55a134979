import SpecwrightYAML

/// The importer's state, split by role (the diagnostics role is ``OpenAPIImporter/diagnostics``
/// and ``OpenAPIImporter/summary``; security is ``OpenAPIImporter/SecurityState``).
extension OpenAPIImporter {
    /// The component schemas, set before anything is declared.
    struct ComponentTable {
        /// Component schema name → its identity (`#/components/schemas/Name`) and Swift type name.
        var names: [String: IR.TypeName] = [:]
        /// Type identity → component schema name.
        var byTypeID: [IR.TypeID: String] = [:]
        /// Component schema name → its schema.
        var schemas: [String: Schema] = [:]
        /// Components that are `nullable` themselves: every reference to them is optional.
        var nullable: Set<String> = []
    }

    /// Names handed out to types, and the inline schemas that have one.
    struct NamingState {
        /// The module's type names, as requests for the naming pass (``TypeNaming``).
        var types = TypeNameRequests()
        /// The types being declared, innermost last: the parents whose Swift names inline types' names continue.
        var declaring: [IR.TypeName] = []
        /// Inline schemas already declared, by location (a schema reached twice is declared once).
        var inlineNames: [SourceLocation: IR.TypeName] = [:]
        /// Inline unions and titled schemas already declared, by content (``sharedShapeKey(_:shape:)``).
        var sharedShapes: [String: IR.TypeName] = [:]
        /// The content keys of the document's schemas, each computed once (``contentKey(_:ignoringTitle:)``).
        var contentKeys = SchemaContentKeys()
        /// The type-name stem of each operation's inline types, by raw id (``nameOperationStems(_:)``).
        var operationStems: [String: String] = [:]
        /// Inline body schemas written at several places: their content key, by location
        /// (``shareRepeatedBodies(_:)``).
        var repeatedBodyKeys: [SourceLocation: String] = [:]
        /// The name words of each repeated body, by content key.
        var repeatedBodyNames: [String: String] = [:]
        /// Inline enums written at several places that share one type (``shareRepeatedEnums(_:)``).
        var sharedEnums = SharedEnums()
    }

    /// The declarations made so far, and what the importer remembers about them.
    struct DeclaredTypes {
        /// Declarations in the order they were completed.
        var declarations: [IR.TypeDeclaration] = []
        /// What each declared type is, by identity (query and header checks, defaults).
        var kinds: [IR.TypeID: DeclaredKind] = [:]
        /// String enum cases of components not declared yet, worked out for default values (nil: not a string enum).
        var laterEnumCases: [IR.TypeID: (cases: [String: IR.Identifier], unknown: IR.Identifier)?] = [:]
        /// Remembered answers of `isQueryCompatible` for named types.
        var queryCompatibility: [QueryCompatibilityKey: Bool] = [:]
        /// Object defaults met during the import, resolved at its end (``objectDefault(_:named:)``).
        var pendingObjectDefaults: [(value: Node, name: IR.TypeName)] = []
        /// The indices of ``pendingObjectDefaults`` met in the default of a required value: one that
        /// does not fit leaves the value required, without a default (``requiredDefault(_:schema:)``).
        var requiredPendingDefaults: Set<Int> = []
        /// The structures once the import is complete (set by ``resolvingObjectDefaults(in:)``).
        var finalStructures: [IR.TypeID: IR.Structure]?
        /// Schema problems reported once per place (a composition's conflicting property types at
        /// the later schema, a fixed value that does not fit its type at the value).
        var reportedOnce: Set<SourceLocation> = []
        /// Where the discriminator of each union with one is written, by the union's identity.
        var discriminatorLocations: [IR.TypeID: SourceLocation] = [:]
        /// The `required` properties of each struct that are `readOnly` or `writeOnly`, by JSON key
        /// (``IR/API/relaxingOneWayRequirements(_:)`` makes them optional where they go the other way).
        var oneWayRequired: [IR.TypeID: [String: PropertyDirection]] = [:]
        /// The `readOnly` properties of each struct, by JSON key (``IR/API/leavingReadOnlyOutOfRequests(_:)``
        /// marks them in the types a request sends).
        var readOnlyProperties: [IR.TypeID: Set<String>] = [:]
        /// The text of each struct property's `default` the initializer takes, by JSON key
        /// (``IR/API/leavingDefaultsOutOfPatchBodies(_:)`` moves it to the doc comment in `PATCH` bodies).
        var propertyDefaults: [IR.TypeID: [String: String]] = [:]
    }

    /// Where `$ref`s lead, and the state of following them: the chain being expanded, the
    /// cycles reported, the nesting depth.
    struct ReferenceResolution {
        /// Resolves `$ref`s, remembering each answer.
        var index: ReferenceIndex
        /// Non-component references being converted now, innermost last, since the last declaration.
        var expanding: [(target: SourceLocation, reference: SourceLocation)] = []
        /// Where reference cycles were reported (each once).
        var reportedCycles: Set<SourceLocation> = []
        /// How deeply schema conversion nests right now (see ``maxSchemaDepth``).
        var depth = 0
        /// Whether the nesting limit was reported (once per document).
        var depthLimitReported = false
        /// The `$dynamicAnchor` bindings of the schemas being expanded, outermost first.
        var dynamicScope: [DynamicBinding] = []
        /// Bound schemas being expanded for a `$dynamicRef` now (a loop back to one is reported).
        var dynamicExpanding: Set<SourceLocation> = []
    }
}
