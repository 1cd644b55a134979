// Spec decoding + validation on every input that parses as one YAML document.
import SpecwrightCore
import SpecwrightYAML

func fuzzSpecDecoder(_ bytes: [UInt8], _ document: Node) {
    let result = SpecLoader.load(root: document, file: "fuzz.yaml")
    for diagnostic in result.diagnostics {
        _ = diagnostic.description
    }
    if result.document == nil && !result.hasErrors {
        preconditionFailure("a spec without errors must decode to a document")
    }
    _ = SpecLoader.load(bytes: bytes, file: "fuzz.yaml")
}
