import SpecwrightCore
import Testing

/// `docs/spec-format.md` is the reference of the format: every `yaml` example in it must be
/// accepted by the validator, so the document cannot drift from what the tool does.
@Suite struct SpecFormatDocTests {
    /// The fenced ```yaml blocks of a Markdown text, with the line each starts on.
    static func yamlBlocks(in markdown: String) -> [(line: Int, text: String)] {
        var blocks: [(Int, String)] = []
        var current: [Substring]?
        var start = 0
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line.hasPrefix("```yaml") {
                current = []
                start = index + 2
            } else if current != nil, line.hasPrefix("```") {
                blocks.append((start, (current ?? []).joined(separator: "\n")))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The keys every spec needs, put in front of an example.
    static let header = "specwright: 1\nname: Doc\nbaseURL: https://api.example.com/v1\n"

    static let blocks: [(line: Int, text: String)] = {
        guard let bytes = try? repositoryFile("docs/spec-format.md") else { return [] }
        return yamlBlocks(in: String(decoding: bytes, as: UTF8.self))
    }()

    @Test func theDocumentHasAnExampleForEachPartOfTheFormat() {
        #expect(Self.blocks.count >= 6)
        let all = Self.blocks.map(\.text).joined(separator: "\n")
        for key in [
            "envelope:", "defaults:", "auth:", "jsonKeys:", "dates:", "headers:", "types:", "enum:", "properties:",
            "path:", "query:", "body:", "multipart:", "response:", "errors:", "cache:", "retry:", "timeout:",
            "idempotent:",
            "gate:", "batch:", "stream:", "summary:", "description:", "post:", "put:", "patch:", "delete:", "head:",
            "<<:"
        ] {
            #expect(all.contains(key), "no example uses \(key)")
        }
    }

    @Test(arguments: blocks.map(\.line))
    func everyExampleValidates(line: Int) throws {
        let block = try #require(Self.blocks.first { $0.line == line })
        let result = SpecLoader.load(bytes: Array((Self.header + block.text).utf8), file: "spec-format.md:\(line)")
        #expect(result.diagnostics.filter(\.isError).map(\.description) == [])
    }
}
