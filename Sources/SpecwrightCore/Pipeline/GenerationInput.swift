/// Everything one generation run reads: the document's bytes and the settings that shape the
/// output (the generation config merged with the command line).
public struct GenerationInput: Sendable {
    /// The document's contents (a Specwright spec or an OpenAPI document, YAML or JSON).
    public var bytes: [UInt8]
    /// The name used in diagnostics and file headers (usually the path as the user gave it).
    public var file: String
    /// Access level, mutability and version of the output.
    public var options: RenderOptions
    /// Which operations to generate.
    public var filter: OperationFilter
    /// The templates to render with; nil renders with ``TemplateSet/defaults()``.
    public var templates: TemplateSet?
    /// Prefix for the generated file names (`Bookstore` → `BookstoreTypes.swift`).
    public var filePrefix: String
    /// Runtime policies on top of the document (the config's `defaults`, `envelope`, `policies`).
    public var overlay: PolicyOverlay = .none
    /// How the output is split into files (`--shards`, the config's `shards`); nil chooses by
    /// the input's size (``ShardLayout/automatic(inputBytes:)``), as the build plugin does.
    public var shards: ShardLayout?
    /// How OpenAPI operationIds become method names (the config's `operationNames`).
    public var operationNaming: OperationNaming = .idiomatic

    /// Creates an input.
    public init(
        bytes: [UInt8], file: String, options: RenderOptions = RenderOptions(), filter: OperationFilter = .all,
        templates: TemplateSet? = nil, filePrefix: String = ""
    ) {
        self.bytes = bytes
        self.file = file
        self.options = options
        self.filter = filter
        self.templates = templates
        self.filePrefix = filePrefix
    }
}
