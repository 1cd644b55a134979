import Mustache

/// Renders an ``IR/API`` into `Types.swift`, `Endpoints.swift` and `Client.swift`, or into the
/// files of ``RenderOptions/shards`` when the output is split (``ShardLayout``).
///
/// The renderer only builds template contexts (documented in `docs/templates.md`) and runs the
/// templates; every name, literal and comment in the contexts is already Swift-safe in the IR.
public struct SwiftClientRenderer: Sendable {
    /// The templates to render with.
    public let templates: TemplateSet
    /// Access level and version for the output.
    public let options: RenderOptions

    /// Creates a renderer.
    public init(templates: TemplateSet, options: RenderOptions = RenderOptions()) {
        self.templates = templates
        self.options = options
    }

    /// The generated files, in a fixed order.
    public func render(_ api: IR.API) throws(TemplateSet.Failure) -> [GeneratedFile] {
        let root = rootContext(api)
        if options.shards.isSharded { return try renderShards(api, root: root) }
        var files: [GeneratedFile] = []
        for (template, fileName) in [
            ("Types", "Types.swift"), ("Endpoints", "Endpoints.swift"), ("Client", "Client.swift")
        ] {
            var context = root
            context["fileName"] = .string(fileName)
            let text = SourcePrinter.layOut(try templates.render(template, context: .object(context)))
            files.append(GeneratedFile(name: fileName, contents: text))
        }
        return files
    }

    /// The context every top-level template receives.
    func rootContext(_ api: IR.API) -> [String: MustacheValue] {
        let access = options.access
        let types = TypeContexts(access: access, mutableProperties: options.mutableProperties)
        let formatting = ValueFormatting(types: api.types, dates: api.service.dates)
        let endpoints = EndpointContexts(access: access, formatting: formatting)
        let clients = ClientContexts(access: access)
        let groups = api.groups.map { group -> MustacheValue in
            var context: [String: MustacheValue] = [
                "doc": .list(SourceLayout.docLines(group.documentation).map(MustacheValue.string)),
                "groupName": .string(group.propertyName.name),
                "propertyName": .string(group.propertyName.code),
                "enumName": .string(group.enumName.code),
                "protocolName": .string(group.protocolName.code),
                "clientName": .string(group.clientName.code)
            ]
            context.merge(endpoints.group(group)) { _, new in new }
            context.merge(clients.group(group)) { _, new in new }
            return .object(context)
        }
        return [
            "access": .string(access.modifier),
            "generatorVersion": .string(options.generatorVersion),
            "inputHash": options.provenance.map { .string($0.inputHash) } ?? .null,
            "configHash": options.provenance.map { .string($0.configHash) } ?? .null,
            "specFile": .string(IR.Documentation(api.sourceFile).lines.joined(separator: " ")),
            "name": .string(api.name.code),
            "doc": .list(SourceLayout.docLines(api.documentation).map(MustacheValue.string)),
            "clientTypeName": .string(api.clientTypeName.code),
            "serviceArguments": ServiceArguments.items(ServiceArguments.arguments(api.service, groups: api.groups)),
            "types": .list(api.types.map { types.declaration($0) }),
            "groups": .list(groups),
            "allGroups": .list(groups),
            "includesRootClient": .bool(true)
        ].merging(clients.responseHeaderTypes(api.groups, dates: formatting.datesExpression)) { _, new in new }
    }
}
