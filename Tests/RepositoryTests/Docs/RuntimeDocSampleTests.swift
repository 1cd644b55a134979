import Foundation
import Testing

/// `docs/runtime.md` describes every extension point with a compiled sample (#14): every line of
/// every Swift sample on the page is a line of code (not a comment) of a Swift file of the
/// package's sources or tests, which the build compiles. The sample tests (`*DocSampleTests`)
/// run the samples; this test finds a sample that no file holds.
@Suite struct RuntimeDocSampleTests {
    /// The lines of code of the Swift samples of `markdown`, each with the line it is on, trimmed;
    /// comment lines of a sample (a call it only mentions) and the comment after code are left out.
    static func sampleLines(in markdown: String) -> [(line: Int, code: String)] {
        var result: [(Int, String)] = []
        var inSwift = false
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inSwift = !inSwift && trimmed == "```swift"
                continue
            }
            guard inSwift else { continue }
            let code = codePart(of: trimmed)
            if !code.isEmpty { result.append((index + 1, code)) }
        }
        return result
    }

    /// `line` without a trailing `// comment` (outside string literals) and surrounding spaces.
    static func codePart(of line: String) -> String {
        var inString = false
        var previous: Character = " "
        var end = line.endIndex
        for index in line.indices {
            let character = line[index]
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == "/" && previous == "/" {
                end = line.index(before: index)
                break
            }
            previous = character
        }
        return line[..<end].trimmingCharacters(in: .whitespaces)
    }

    /// The code lines of every Swift file below `Sources/` and `Tests/`, as `codePart` gives them.
    static let compiledLines: Set<String> = {
        var lines: Set<String> = []
        for root in ["Sources", "Tests"] {
            let url = repositoryRoot.appendingPathComponent(root)
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift"),
                    let text = try? String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
                else { continue }
                for line in text.components(separatedBy: "\n") {
                    let code = codePart(of: line.trimmingCharacters(in: .whitespaces))
                    if !code.isEmpty { lines.insert(code) }
                }
            }
        }
        return lines
    }()

    @Test func everySampleOfTheRuntimeGuideIsCompiledCode() throws {
        let page = String(decoding: try repositoryFile("docs/runtime.md"), as: UTF8.self)
        let lines = Self.sampleLines(in: page)
        #expect(lines.count > 100)
        for (line, code) in lines {
            let compiled = Self.compiledLines.contains(code)
            #expect(compiled, "docs/runtime.md:\(line): '\(code)' is not a line of any compiled Swift file")
        }
    }

    @Test func aSampleLineIsTheCodeWithoutItsComment() {
        let page = """
            Text `not code`.
            ```swift
            let a = "x // y"  // a comment
                // only a comment
            ```
            ```sh
            echo not swift
            ```
            """
        #expect(Self.sampleLines(in: page).map(\.code) == [#"let a = "x // y""#])
        #expect(!Self.compiledLines.contains("let neverWrittenAnywhere = 42"))
    }
}
