@testable import SpecwrightYAML

/// Parses a YAML snippet as the single document of `test.yaml`.
func parse(_ text: String, options: YAMLParseOptions = .init()) throws(YAMLError) -> Node {
    try YAMLParser.parseDocument(Array(text.utf8), file: "test.yaml", options: options)
}

/// The error a snippet is rejected with, or nil when it parses.
func rejection(_ text: String, options: YAMLParseOptions = .init()) -> YAMLError? {
    rejection(Array(text.utf8), options: options)
}

/// The error some bytes are rejected with, or nil when they parse.
func rejection(_ bytes: [UInt8], options: YAMLParseOptions = .init()) -> YAMLError? {
    do {
        _ = try YAMLParser.parseDocument(bytes, file: "test.yaml", options: options)
        return nil
    } catch {
        return error
    }
}

extension Node {
    /// The resolved scalar value, if this node is a scalar.
    var value: ScalarValue? { scalar?.value }
    /// The mapping's keys as text, in order.
    var keys: [String] { mapping?.map { $0.key.scalar?.text ?? "?" } ?? [] }
    /// `line:column` of the node.
    var mark: String { "\(location.line):\(location.column)" }
}
