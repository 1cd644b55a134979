import Foundation
import SpecwrightYAML
@testable import SpecwrightCore

/// Loads a spec from text, named `test.yaml` in diagnostics.
func loadSpec(_ text: String, file: String = "test.yaml") -> SpecLoadResult {
    SpecLoader.load(bytes: Array(text.utf8), file: file)
}

/// The rendered diagnostics of a spec, as the CLI prints them.
func diagnosticLines(_ text: String) -> [String] {
    loadSpec(text).diagnostics.map(\.description)
}

/// A valid minimal spec header to put types/endpoints under.
let minimalHeader = """
    specwright: 1
    name: Test
    baseURL: https://api.example.com

    """
