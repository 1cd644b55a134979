// libFuzzer entry point for the JSON reader alone (`Fuzz/run.sh json`).
// Built with `swiftc -sanitize=fuzzer,address`; not part of the package.
//
// Per input: `JSONReader.parseDocument` with the default limits, with tight limits (depth 64) and
// without the duplicate-key check. Every error is located; every tree is checked iteratively
// (located nodes, quoted scalars are strings) and must survive a round trip: written back as
// JSON and read again, it gives the same values (locations aside).
import SpecwrightYAML

private let tightOptions = YAMLParseOptions(
    limits: YAMLLimits(maxDepth: 64, maxAliasExpansion: 10_000, maxBytes: 1 << 20))
private let lenientOptions = YAMLParseOptions(rejectDuplicateKeys: false)

/// The tree as compact JSON text (numbers keep their source text), written iteratively.
private func serialize(_ root: Node) -> String {
    enum Step { case node(Node), text(String) }
    var output = ""
    var pending: [Step] = [.node(root)]
    while let step = pending.popLast() {
        switch step {
        case .text(let text):
            output += text
        case .node(let node):
            switch node.kind {
            case .scalar(let scalar):
                switch scalar.value {
                case .string(let text): output += quoted(text)
                case .null: output += "null"
                case .bool(let value): output += value ? "true" : "false"
                case .int, .bigInt, .float: output += scalar.text
                }
            case .sequence(let items):
                var steps: [Step] = [.text("[")]
                for (index, item) in items.enumerated() {
                    if index > 0 { steps.append(.text(",")) }
                    steps.append(.node(item))
                }
                steps.append(.text("]"))
                pending.append(contentsOf: steps.reversed())
            case .mapping(let entries):
                var steps: [Step] = [.text("{")]
                for (index, entry) in entries.enumerated() {
                    if index > 0 { steps.append(.text(",")) }
                    steps.append(.text(quoted(entry.key.scalar?.text ?? "") + ":"))
                    steps.append(.node(entry.value))
                }
                steps.append(.text("}"))
                pending.append(contentsOf: steps.reversed())
            }
        }
    }
    return output
}

/// A JSON string literal: quotes, backslashes and control characters as `\uXXXX`, the rest as is.
private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        guard scalar == "\"" || scalar == "\\" || scalar.value < 0x20 else {
            result.unicodeScalars.append(scalar)
            continue
        }
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    return result + "\""
}

/// Whether two trees hold the same values (kinds, scalar values, keys, order), iteratively.
private func sameValues(_ lhs: Node, _ rhs: Node) -> Bool {
    var pending = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
        switch (a.kind, b.kind) {
        case (.scalar(let x), .scalar(let y)):
            guard x.value == y.value else { return false }
        case (.sequence(let x), .sequence(let y)):
            guard x.count == y.count else { return false }
            pending.append(contentsOf: zip(x, y).map { ($0, $1) })
        case (.mapping(let x), .mapping(let y)):
            guard x.count == y.count else { return false }
            for (first, second) in zip(x, y) {
                pending.append((first.key, second.key))
                pending.append((first.value, second.value))
            }
        default:
            return false
        }
    }
    return true
}

private func checkLocated(_ root: Node) {
    var pending = [root]
    while let node = pending.popLast() {
        if node.location.line < 1 || node.location.column < 1 { preconditionFailure("node without a 1-based location") }
        switch node.kind {
        case .scalar(let scalar):
            if scalar.style == .doubleQuoted, case .string = scalar.value {
            } else if scalar.style == .doubleQuoted {
                preconditionFailure("a JSON string resolved to a non-string")
            }
        case .sequence(let items): pending.append(contentsOf: items)
        case .mapping(let entries):
            for entry in entries {
                if entry.key.string == nil { preconditionFailure("a JSON object key that is not a string") }
                pending.append(entry.value)
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for options in [YAMLParseOptions(), tightOptions, lenientOptions] {
        let tree: Node
        do {
            tree = try JSONReader.parseDocument(bytes, file: "fuzz.json", options: options)
        } catch {
            if error.location.line < 1 || error.location.column < 1 || error.message.isEmpty {
                preconditionFailure("JSON error without a 1-based location or message: \(error)")
            }
            continue
        }
        checkLocated(tree)
        let text = serialize(tree)
        do {
            let again = try JSONReader.parseDocument(Array(text.utf8), file: "again.json", options: lenientOptions)
            if !sameValues(tree, again) {
                preconditionFailure("a tree written as JSON and read again changed: \(text.prefix(200))")
            }
        } catch {
            preconditionFailure("a tree written as JSON does not read again: \(error) in \(text.prefix(200))")
        }
    }
    _ = JSONReader.looksLikeJSON(bytes)
    return 0
}
