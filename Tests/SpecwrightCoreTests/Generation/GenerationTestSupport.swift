import Foundation
import SpecwrightCore
import Testing

/// Generator tests run the pipeline on inline YAML (`GenerationSupport` itself, with the spec
/// builder the CLI tests share, is in SpecwrightTestSupport).
extension GenerationSupport {
    /// Generates from `yaml`; the files by name plus the diagnostics as text.
    static func generate(
        _ yaml: String, file: String = "snippet.yaml", access: AccessLevel = .public, mutableProperties: Bool = false
    ) throws -> (files: [String: String], diagnostics: [String]) {
        let result = GenerationPipeline.run(
            GenerationInput(
                bytes: Array(yaml.utf8), file: file,
                options: RenderOptions(access: access, mutableProperties: mutableProperties),
                templates: try TemplateSet.defaults()))
        var files: [String: String] = [:]
        for file in result.files { files[file.name] = file.contents }
        return (files, result.diagnostics.map(\.description))
    }

    /// The code of `source` with comments and string literals removed (for injection checks).
    static func codeOutsideLiteralsAndComments(_ source: String) -> String {
        var code = ""
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var inString = false
            var escaped = false
            var previous: Character = " "
            for character in line {
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                } else if character == "\"" {
                    inString = true
                } else if character == "/" && previous == "/" {
                    code.removeLast()
                    break
                } else {
                    code.append(character)
                }
                previous = character
            }
            code.append("\n")
        }
        return code
    }
}

extension String {
    /// Generated text with the printer's line breaks undone (`(`/`[`/`{` and `,` joined with the
    /// next line, closing brackets with the previous one), so a test can look for a statement as
    /// one line whether or not it was long enough to be broken.
    var joinedLayout: String {
        var text = self
        for (pattern, replacement) in [
            (#"\(\n *"#, "("), (#"\[\n *"#, "["), (#"\{\n *"#, "{ "), (#",\n *"#, ", "),
            (#"\n *\)"#, ")"), (#"\n *\]"#, "]"), (#"\n *\}"#, " }")
        ] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }
}
