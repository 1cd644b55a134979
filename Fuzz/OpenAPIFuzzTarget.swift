// libFuzzer entry point for the whole OpenAPI path (`Fuzz/run.sh openapi`): bytes → JSON or YAML
// node tree → import → render. Built with `swiftc -sanitize=fuzzer,address` by
// Fuzz/build-openapi.sh; not part of the package.
//
// Per input: `GenerationPipeline.run` through the IR passes (a Specwright spec is skipped;
// anything else is an OpenAPI result). Checks: an API exactly when there is no error; every diagnostic located in the
// input, one non-empty line, sorted; a returned API is well-formed (`GeneratedCodeCheck`) and
// renders with the default templates into well-formed files. Crashes, hangs (-timeout) and
// memory blow-ups (-rss_limit_mb) are reported by libFuzzer itself.
import SpecwrightCore
import SpecwrightYAML

private let templates: TemplateSet = {
    do {
        return try TemplateSet.defaults()
    } catch {
        preconditionFailure("the default templates do not parse: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Make the common case reach the importer: the cheap pre-check wants the word `openapi`.
    for file in ["fuzz.yaml", "fuzz.json"] {
        let result = GenerationPipeline.run(GenerationInput(bytes: bytes, file: file), through: .passes)
        guard result.isOpenAPI || result.root == nil else { continue }
        let hasErrors = result.diagnostics.contains(where: \.isError)
        if hasErrors == (result.api != nil) {
            preconditionFailure("an API must be returned exactly when there are no errors")
        }
        var previous = (0, 0)
        for diagnostic in result.diagnostics {
            let location = diagnostic.location
            if location.file != file || location.line < 1 || location.column < 1 {
                preconditionFailure("diagnostic without a location in the input: \(diagnostic)")
            }
            if (location.line, location.column) < previous {
                preconditionFailure("diagnostics are not sorted by location")
            }
            previous = (location.line, location.column)
            if diagnostic.message.isEmpty || diagnostic.message.contains("\n") {
                preconditionFailure("a diagnostic message must be one non-empty line: \(diagnostic)")
            }
        }
        guard let api = result.api else { continue }
        GeneratedCodeCheck.check(api)
        do {
            let files = try SwiftClientRenderer(templates: templates, options: RenderOptions()).render(api)
            GeneratedCodeCheck.check(files: files)
        } catch {
            preconditionFailure("an imported API does not render: \(error)")
        }
    }
    return 0
}
