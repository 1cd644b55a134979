// libFuzzer entry point for the YAML front end (and the spec decoder when it is compiled in).
// Built by Fuzz/run.sh with `swiftc -sanitize=fuzzer,address`; not part of the package.
import SpecwrightYAML

/// Small limits make deep nesting and alias bombs reachable for short fuzz inputs.
private let tightOptions = YAMLParseOptions(
    limits: YAMLLimits(maxDepth: 64, maxAliasExpansion: 10_000, maxBytes: 1 << 20))

/// Walks a tree iteratively and checks the invariants every node must keep.
private func checkInvariants(_ root: Node) {
    var pending = [root]
    var visited = 0
    while let node = pending.popLast() {
        visited += 1
        if node.location.line < 1 || node.location.column < 1 {
            preconditionFailure("node without a 1-based location: \(node.location)")
        }
        switch node.kind {
        case .scalar(let scalar):
            if scalar.style != .plain && node.tag == nil, case .string = scalar.value {
            } else if scalar.style != .plain && node.tag == nil {
                preconditionFailure("a quoted or block scalar resolved to a non-string")
            }
        case .sequence(let items):
            pending.append(contentsOf: items)
        case .mapping(let entries):
            for entry in entries {
                pending.append(entry.key)
                pending.append(entry.value)
            }
        }
    }
    // Equality and hashing recurse over the tree; the depth limit keeps them safe.
    if root != root || visited == 0 { preconditionFailure("a tree is not equal to itself") }
    _ = root.hashValue
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for options in [
        YAMLParseOptions(), tightOptions, YAMLParseOptions(applyMergeKeys: false, rejectDuplicateKeys: false)
    ] {
        do {
            for document in try YAMLParser.parseStream(bytes, file: "fuzz.yaml", options: options) {
                checkInvariants(document)
            }
        } catch {
            if error.location.line < 1 || error.location.column < 1 {
                preconditionFailure("error without a 1-based location: \(error)")
            }
        }
    }
    do {
        let document = try YAMLParser.parseDocument(bytes, file: "fuzz.yaml")
        checkInvariants(document)
        fuzzSpecDecoder(bytes, document)
    } catch {
        _ = error.description
    }
    _ = try? YAMLParser.scanEvents(bytes)
    // The JSON front end (for JSON specs and importers) must hold the same invariants.
    for options in [YAMLParseOptions(), tightOptions] {
        do {
            checkInvariants(try JSONReader.parseDocument(bytes, file: "fuzz.json", options: options))
        } catch {
            if error.location.line < 1 || error.location.column < 1 {
                preconditionFailure("JSON error without a 1-based location: \(error)")
            }
        }
    }
    _ = JSONReader.looksLikeJSON(bytes)
    return 0
}
