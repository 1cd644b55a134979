import Mustache

extension SwiftClientRenderer {
    /// The files of a sharded output (``ShardLayout``): the root `Client.swift`, then per shard
    /// its `Client`, `Endpoints` and `Types` file, rendered by the same templates from the root
    /// context with `types` and `groups` cut down to the shard's share. Only the root file's
    /// header carries the input and config hashes, so an edit that leaves a shard's
    /// declarations alone leaves its files byte-identical (and the build does not recompile them).
    func renderShards(_ api: IR.API, root: [String: MustacheValue]) throws(TemplateSet.Failure) -> [GeneratedFile] {
        let layout = options.shards
        let types = layout.split(Array(zip(api.types, Self.items(root["types"]))), name: { $0.0.name.name }).map {
            $0.map(\.1)
        }
        let groups = layout.split(Array(zip(api.groups, Self.items(root["groups"]))), name: { $0.0.propertyName.name })
            .map { $0.map(\.1) }
        var rootFile = root
        rootFile["groups"] = .list([])
        var files = [try file("Client", named: layout.fileNames[0], context: rootFile)]
        var shardContext = root
        shardContext["inputHash"] = .null
        shardContext["configHash"] = .null
        shardContext["includesRootClient"] = .bool(false)
        for shard in 0..<layout.count {
            let names = layout.fileNames[(1 + 3 * shard)..<(4 + 3 * shard)].map { $0 }
            var context = shardContext
            context["types"] = .list([])
            context["groups"] = .list(groups[shard])
            files.append(try file("Client", named: names[0], context: context))
            files.append(try file("Endpoints", named: names[1], context: context))
            context["groups"] = .list([])
            context["types"] = .list(types[shard])
            files.append(try file("Types", named: names[2], context: context))
        }
        return files
    }

    /// One top-level template rendered into the file `name`.
    private func file(_ template: String, named name: String, context: [String: MustacheValue]) throws(TemplateSet
        .Failure) -> GeneratedFile
    {
        var context = context
        context["fileName"] = .string(name)
        return GeneratedFile(
            name: name, contents: SourcePrinter.layOut(try templates.render(template, context: .object(context))))
    }

    /// The elements of a list value (none for anything else).
    private static func items(_ value: MustacheValue?) -> [MustacheValue] {
        if case .list(let items)? = value { return items }
        return []
    }
}
