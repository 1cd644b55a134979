/// Applies YAML 1.1 `<<` merge keys: the value (a mapping, or a sequence of mappings) supplies
/// entries the mapping does not define itself. Explicit keys win wherever they appear; among
/// several merged mappings the earlier one wins. Merged entries take the place of the `<<` entry.
enum MergeKeys {
    static let mergeTag = "tag:yaml.org,2002:merge"

    /// Whether `key` is a merge key: a plain untagged `<<` (or one tagged `!!merge`).
    static func isMergeKey(_ key: Node) -> Bool {
        guard case .scalar(let scalar) = key.kind, scalar.text == "<<" else { return false }
        if let tag = key.tag { return tag == mergeTag }
        return scalar.style == .plain
    }

    static func apply(to entries: [MappingEntry]) throws(YAMLError) -> [MappingEntry] {
        var seen = Set<ScalarValue>()
        for entry in entries where !isMergeKey(entry.key) {
            if case .scalar(let scalar) = entry.key.kind { seen.insert(scalar.value) }
        }
        var result: [MappingEntry] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            guard isMergeKey(entry.key) else {
                result.append(entry)
                continue
            }
            let sources: [Node]
            switch entry.value.kind {
            case .mapping:
                sources = [entry.value]
            case .sequence(let items):
                sources = items
            case .scalar:
                throw YAMLError(
                    .invalidMerge, "the value of a '<<' merge key must be a mapping or a sequence of mappings",
                    at: entry.value.location)
            }
            for source in sources {
                guard case .mapping(let merged) = source.kind else {
                    throw YAMLError(.invalidMerge, "a '<<' merge key can only merge mappings", at: source.location)
                }
                for candidate in merged {
                    if case .scalar(let scalar) = candidate.key.kind {
                        if seen.insert(scalar.value).inserted { result.append(candidate) }
                    } else {
                        result.append(candidate)
                    }
                }
            }
        }
        return result
    }
}
