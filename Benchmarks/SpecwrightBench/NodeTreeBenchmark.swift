import SpecwrightYAML

/// (b) The node tree: events → nodes with marks, anchors, merge keys, scalar resolution.
enum NodeTreeBenchmark {
    static func run(_ bytes: [UInt8], file: String) -> Int {
        guard let root = try? YAMLParser.parseDocument(bytes, file: file) else { return -1 }
        return root.mapping?.count ?? 0
    }
}
