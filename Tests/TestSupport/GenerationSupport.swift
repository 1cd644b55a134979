import Foundation

/// Specs for generator and CLI tests: a minimal valid spec to put YAML blocks in. (The generator
/// tests add `generate(_:)`, which runs the pipeline, in an extension of their own.)
public enum GenerationSupport {
    /// A minimal valid spec with `types` and `endpoints` YAML blocks appended (indented by the caller).
    public static func spec(types: String = "", endpoints: String = "", extra: String = "") -> String {
        var text = """
            specwright: 1
            name: Snippet
            baseURL: https://snippet.example/api
            \(extra)
            """
        if !types.isEmpty { text += "\ntypes:\n" + types }
        text += "\nendpoints:\n" + (endpoints.isEmpty ? "  misc:\n    ping:\n      get: /ping\n" : endpoints)
        return text
    }
}
