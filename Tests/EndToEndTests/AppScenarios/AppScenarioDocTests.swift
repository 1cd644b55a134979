import Foundation
import Testing

/// docs/runtime.md's "App scenarios" section shows the app's wiring compiled in `ScribeApp.swift`
/// (the lines between `// sample: begin` and `// sample: end`), line for line.
@Suite("docs/runtime.md: the app scenarios' sample")
struct AppScenarioDocTests {
    @Test func theDocumentShowsTheCompiledWiringOfTheScenarioApp() throws {
        let root = ReadmeSampleTests.root
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(
            contentsOf: root.appendingPathComponent("Tests/EndToEndTests/AppScenarios/ScribeApp.swift"), encoding: .utf8
        )
        var inSample = false
        var lines: [String] = []
        for line in source.components(separatedBy: "\n") {
            if line.contains("// sample: begin") {
                inSample = true
            } else if line.contains("// sample: end") {
                inSample = false
            } else if inSample, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(lines.count > 12)
        for line in lines {
            #expect(document.contains(line), "docs/runtime.md does not show: \(line)")
        }
    }
}
