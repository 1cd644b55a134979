// Spec front end glue for the libFuzzer target (compiled in by Fuzz/run.sh when
// Fuzz/build-spec-decoder.sh is present): every YAML document the parser accepts is decoded
// and validated as a spec, and the loader's invariants are checked.
import SpecwrightCore
import SpecwrightYAML

func fuzzSpecDecoder(_ bytes: [UInt8], _ document: Node) {
    let result = SpecLoader.load(root: document, file: "fuzz.yaml")
    let hasErrors = result.diagnostics.contains { $0.severity == .error }
    if hasErrors != (result.document == nil) {
        preconditionFailure("a document must be returned exactly when there are no errors")
    }
    var previous: (line: Int, column: Int) = (0, 0)
    for diagnostic in result.diagnostics {
        let location = diagnostic.location
        if location.file != "fuzz.yaml" || location.line < 1 || location.column < 1 {
            preconditionFailure("diagnostic without a 1-based location: \(diagnostic)")
        }
        if (location.line, location.column) < previous {
            preconditionFailure("diagnostics are not sorted by location")
        }
        previous = (location.line, location.column)
        if diagnostic.message.isEmpty || diagnostic.message.contains("\n") {
            preconditionFailure("a diagnostic message must be one non-empty line: \(diagnostic)")
        }
    }
    if let spec = result.document {
        // Every name a valid spec uses must have a Swift spelling.
        for type in spec.types where SwiftName.upperCamelCase(type.name) == nil {
            preconditionFailure("valid spec with an unnamable type '\(type.name)'")
        }
        for endpoint in spec.allEndpoints {
            for parameter in endpoint.allParameters where SwiftName.lowerCamelCase(parameter.name) == nil {
                preconditionFailure("valid spec with an unnamable parameter '\(parameter.name)'")
            }
        }
    }
    // Loading from bytes must agree with loading the parsed tree.
    if SpecLoader.load(bytes: bytes, file: "fuzz.yaml").diagnostics != result.diagnostics {
        preconditionFailure("load(bytes:) and load(root:) disagree")
    }
}
