import SpecwrightYAML

extension SpecDecoder {
    /// Any non-null scalar's text (numbers and booleans as written); reports other nodes.
    mutating func text(_ node: Node, _ what: String) -> String? {
        if let scalar = node.scalar {
            if case .null = scalar.value, scalar.style == .plain {
                diagnostics.error("expected text for \(what), found null", at: node.location)
                return nil
            }
            return scalar.text
        }
        diagnostics.error("expected text for \(what), found \(NodeDescription.describe(node))", at: node.location)
        return nil
    }

    /// A plain-or-quoted string scalar used as a name or keyword; numbers etc. are reported.
    mutating func word(_ node: Node, _ what: String) -> String? {
        if let scalar = node.scalar, case .string(let value) = scalar.value { return value }
        diagnostics.error("expected text for \(what), found \(NodeDescription.describe(node))", at: node.location)
        return nil
    }

    /// An integer or floating-point scalar.
    mutating func number(_ node: Node, _ what: String) -> Double? {
        if let scalar = node.scalar {
            switch scalar.value {
            case .int(let value): return Double(value)
            case .float(let value) where value.isFinite: return value
            case .float:
                diagnostics.error(
                    "\(what) must be a finite number, not '\(NodeDescription.excerpt(scalar.text))'", at: node.location)
                return nil
            default: break
            }
        }
        diagnostics.error("expected a number for \(what), found \(NodeDescription.describe(node))", at: node.location)
        return nil
    }

    /// An integer scalar.
    mutating func integer(_ node: Node, _ what: String) -> Int? {
        if let scalar = node.scalar {
            switch scalar.value {
            case .int(let value): return value
            case .bigInt:
                diagnostics.error(
                    "integer \(NodeDescription.describe(node)) is too large for \(what)", at: node.location)
                return nil
            default: break
            }
        }
        diagnostics.error("expected an integer for \(what), found \(NodeDescription.describe(node))", at: node.location)
        return nil
    }

    /// A `true`/`false` scalar.
    mutating func bool(_ node: Node, _ what: String) -> Bool? {
        if let scalar = node.scalar, case .bool(let value) = scalar.value { return value }
        diagnostics.error(
            "expected true or false for \(what), found \(NodeDescription.describe(node))", at: node.location)
        return nil
    }

    /// A number of seconds that must be greater than zero.
    mutating func positiveSeconds(_ node: Node, _ what: String) -> Double? {
        guard let value = number(node, what) else { return nil }
        guard value > 0 else {
            diagnostics.error("\(what) must be greater than 0, not \(node.scalar?.text ?? "")", at: node.location)
            return nil
        }
        return value
    }

    /// A list of operation names (`books.get`) with their locations; a single name is accepted as
    /// a one-element list. Whether they exist is the validator's check.
    mutating func operationList(_ node: Node, _ what: String) -> [Located<String>] {
        let items = node.sequence ?? [node]
        if node.sequence == nil, node.scalar == nil {
            diagnostics.error(
                "expected a list of operation names (group.endpoint) for \(what), found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        return items.compactMap { item in word(item, what).map { Located($0, at: item.location) } }
    }

    /// A list of integers; a single integer is accepted as a one-element list.
    mutating func integerList(_ node: Node, _ what: String) -> [Int]? {
        if node.scalar != nil {
            return integer(node, what).map { [$0] }
        }
        guard let items = node.sequence else {
            diagnostics.error(
                "expected a list of integers for \(what), found \(NodeDescription.describe(node))", at: node.location)
            return nil
        }
        var result: [Int] = []
        for item in items {
            if let value = integer(item, what) { result.append(value) }
        }
        return result
    }

    /// A literal (default value) made of scalars, sequences and mappings.
    mutating func literal(_ node: Node) -> LiteralValue? {
        switch node.kind {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .float(let value): return .double(value)
            case .string(let value): return .string(value)
            case .bigInt(let text):
                diagnostics.error("integer '\(text)' is too large", at: node.location)
                return nil
            }
        case .sequence(let items):
            var values: [LiteralValue] = []
            for item in items {
                guard let value = literal(item) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .mapping(let entries):
            var values: [LiteralEntry] = []
            for entry in entries {
                guard let key = entry.key.scalar?.text else {
                    diagnostics.error("keys in a default value must be plain text", at: entry.key.location)
                    return nil
                }
                guard let value = literal(entry.value) else { return nil }
                values.append(LiteralEntry(key: key, value: value))
            }
            return .object(values)
        }
    }
}
