import Foundation
import Testing

/// The README's Swift samples are compiled: each one must appear line for line in
/// `ReadmeSamples.swift`, which this target compiles against the plugin-generated bookstore
/// client. Blocks marked as walkthrough files (`<!-- walkthrough NAME: file PATH -->`) are
/// left out: Scripts/check-readme.sh builds them in a package of their own.
@Suite struct ReadmeSampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func swiftBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        var previous = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { previous = String(line) }
            if current == nil, line.hasPrefix("```swift") {
                if !(previous.hasPrefix("<!-- walkthrough ") && previous.contains(": file ")) { current = [] }
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks
    }

    static func trimmed(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func everyReadmeSampleIsCompiledHere() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let samples = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/EndToEndTests/ReadmeSamples.swift"), encoding: .utf8)
        let compiled = Self.trimmed(samples.components(separatedBy: "\n"))
        let blocks = Self.swiftBlocks(in: readme)
        #expect(blocks.count >= 4)
        for block in blocks.map(Self.trimmed) {
            let found = compiled.indices.contains { start in
                start + block.count <= compiled.count && Array(compiled[start..<(start + block.count)]) == block
            }
            #expect(found, "README sample not in ReadmeSamples.swift:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func theFakeFromTheReadmeStandsInForTheGroup() async throws {
        let books: any BooksAPI = FakeBooks()
        #expect(try await books.list().isEmpty)
        #expect(try await books.create(body: BookDraft(title: "x")).title == "Fake")
    }
}
