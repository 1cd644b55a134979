import CYaml

/// Builds one document's node tree from libyaml events, iteratively: open collections live on
/// an explicit stack, so no input can exhaust the call stack. Enforces the depth and
/// alias-expansion limits, rejects duplicate keys and applies `<<` merge keys on the way.
struct NodeTreeBuilder {
    /// An anchored node with the figures the limits need when it is referenced again.
    struct Anchored {
        var node: Node
        /// Nodes in the subtree (the cost of one more alias to it).
        var nodeCount: Int
        /// Collection nesting height of the subtree (0 for a scalar).
        var height: Int
    }

    /// A collection whose end event has not arrived yet.
    struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var tag: String?
        var isFlow: Bool
        var anchor: String?
        /// Where this collection's children start in `PendingNodes`.
        var start: Int
        var nodeCount = 1
        var childHeight = 0
        var hasMergeKey = false
        var keyIndex = DuplicateKeyIndex()
    }

    let options: YAMLParseOptions
    private var stack: [Frame] = []
    private let pending = PendingNodes()
    private var anchors: [String: Anchored] = [:]
    private var aliasExpansion = 0
    /// The finished root of the current document, once its last event arrived.
    private(set) var root: Node?

    init(options: YAMLParseOptions) {
        self.options = options
    }

    /// Starts a new document: anchors do not carry over between documents.
    mutating func reset() {
        stack.removeAll(keepingCapacity: true)
        pending.removeAll()
        anchors.removeAll(keepingCapacity: true)
        root = nil
    }

    /// Feeds one node event (scalar, alias, collection start/end) into the tree.
    mutating func handle(_ event: yaml_event_t, reader: LibYAMLEventReader) throws(YAMLError) {
        switch event.type {
        case YAML_SCALAR_EVENT:
            try scalar(event, reader: reader)
        case YAML_ALIAS_EVENT:
            try alias(event, reader: reader)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(
                isMapping: false, at: reader.location(event.start_mark),
                tag: String(yamlCString: data.tag), anchor: String(yamlCString: data.anchor),
                isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(
                isMapping: true, at: reader.location(event.start_mark),
                tag: String(yamlCString: data.tag), anchor: String(yamlCString: data.anchor),
                isFlow: data.style == YAML_FLOW_MAPPING_STYLE)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            try close()
        default:
            break
        }
    }

    private mutating func scalar(_ event: yaml_event_t, reader: LibYAMLEventReader) throws(YAMLError) {
        let data = event.data.scalar
        let location = reader.location(event.start_mark)
        let buffer = UnsafeBufferPointer<UInt8>(start: data.value, count: data.value == nil ? 0 : Int(data.length))
        let text = String(decoding: buffer, as: UTF8.self)
        let tag = String(yamlCString: data.tag)
        let style: ScalarStyle
        switch data.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        let value: ScalarValue
        if let tag, tag != "!" {
            guard let resolved = ScalarResolver.resolveTagged(buffer, text: text, tag: tag) else {
                throw YAMLError(.syntax, "'\(text)' is not a valid value for tag \(tag)", at: location)
            }
            value = resolved
        } else if style == .plain && tag == nil {
            value = ScalarResolver.resolvePlain(buffer, text: text)
        } else {
            value = .string(text)
        }
        let node = Node(kind: .scalar(Scalar(text: text, style: style, value: value)), location: location, tag: tag)
        if data.anchor != nil, let anchor = String(yamlCString: data.anchor) {
            anchors[anchor] = Anchored(node: node, nodeCount: 1, height: 0)
        }
        try attach(node, nodeCount: 1, height: 0)
    }

    private mutating func alias(_ event: yaml_event_t, reader: LibYAMLEventReader) throws(YAMLError) {
        let name = String(yamlCString: event.data.alias.anchor) ?? ""
        let location = reader.location(event.start_mark)
        guard let anchored = anchors[name] else {
            throw YAMLError(.undefinedAlias, "alias '*\(name)' refers to no anchor defined before it", at: location)
        }
        aliasExpansion += anchored.nodeCount
        if aliasExpansion > options.limits.maxAliasExpansion {
            throw YAMLError(
                .aliasExpansionLimit,
                "alias '*\(name)' expands the document beyond \(options.limits.maxAliasExpansion) nodes",
                at: location)
        }
        if stack.count + anchored.height > options.limits.maxDepth {
            throw YAMLError(
                .nestingLimit,
                "alias '*\(name)' nests collections deeper than \(options.limits.maxDepth) levels",
                at: location)
        }
        try attach(anchored.node, nodeCount: anchored.nodeCount, height: anchored.height)
    }

    private mutating func open(
        isMapping: Bool, at location: SourceLocation, tag: String?, anchor: String?, isFlow: Bool
    ) throws(YAMLError) {
        if stack.count >= options.limits.maxDepth {
            throw YAMLError(
                .nestingLimit, "collections nest deeper than \(options.limits.maxDepth) levels", at: location)
        }
        stack.append(
            Frame(
                isMapping: isMapping, location: location, tag: tag, isFlow: isFlow, anchor: anchor, start: pending.count
            ))
    }

    private mutating func close() throws(YAMLError) {
        guard let frame = stack.popLast() else { return }
        let kind: Node.Kind
        if frame.isMapping {
            var entries = pending.moveMapping(from: frame.start)
            if frame.hasMergeKey && options.applyMergeKeys {
                entries = try MergeKeys.apply(to: entries)
            }
            kind = .mapping(entries)
        } else {
            kind = .sequence(pending.moveSequence(from: frame.start))
        }
        let node = Node(kind: kind, location: frame.location, tag: frame.tag, isFlow: frame.isFlow)
        let height = frame.childHeight + 1
        if let anchor = frame.anchor {
            anchors[anchor] = Anchored(node: node, nodeCount: frame.nodeCount, height: height)
        }
        try attach(node, nodeCount: frame.nodeCount, height: height)
    }

    /// Adds a finished node to the innermost open collection, or makes it the document root.
    private mutating func attach(_ node: consuming Node, nodeCount: Int, height: Int) throws(YAMLError) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        stack[top].nodeCount += nodeCount
        if height > stack[top].childHeight { stack[top].childHeight = height }
        let start = stack[top].start
        let childCount = pending.count - start
        if stack[top].isMapping && childCount % 2 == 0 {
            // The node is a key: check it against the keys before it.
            if options.rejectDuplicateKeys {
                let first = pending.withNodes(from: start, count: childCount) { children in
                    stack[top].keyIndex.firstOccurrence(of: node, amongKeysOf: children)
                }
                if let first {
                    throw YAMLError(
                        .duplicateKey,
                        "duplicate key '\(DuplicateKeyIndex.describe(node))' (first defined at \(first.line):\(first.column))",
                        at: node.location)
                }
            }
            if MergeKeys.isMergeKey(node) { stack[top].hasMergeKey = true }
        }
        pending.push(node)
    }
}
