import Foundation
import Testing

/// The Markdown documentation's relative links lead somewhere, and the performance pages keep
/// their shape: a short current-state page and a dated log (#13).
@Suite struct DocumentationLinkTests {
    /// `README.md`, every `docs/*.md` and the other Markdown files next to the sources.
    static let markdownFiles: [String] = {
        let folder = repositoryRoot.appendingPathComponent("docs")
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let others = ["README.md", "Templates/README.md"].filter {
            FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent($0).path)
        }
        return others + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    static func text(_ relativePath: String) throws -> String {
        String(decoding: try repositoryFile(relativePath), as: UTF8.self)
    }

    @Test func everyRelativeLinkNamesAFileAndAHeadingThatExist() throws {
        #expect(Self.markdownFiles.contains("docs/performance.md"))
        for file in Self.markdownFiles {
            let directory = (file as NSString).deletingLastPathComponent
            for (line, target) in MarkdownLinks.relativeLinks(in: try Self.text(file)) {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = parts[0].isEmpty ? file : ((directory as NSString).appendingPathComponent(String(parts[0])))
                let normalized = (path as NSString).standardizingPath
                let url = repositoryRoot.appendingPathComponent(normalized)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    Issue.record("\(file):\(line): link to '\(target)': no file \(normalized)")
                    continue
                }
                guard parts.count == 2, normalized.hasSuffix(".md") else { continue }
                let anchors = MarkdownLinks.anchors(of: try Self.text(normalized))
                #expect(anchors.contains(String(parts[1])), "\(file):\(line): link to '\(target)': no such heading")
            }
        }
    }

    /// Every entry of the log is headed `## YYYY-MM-DD · topic`, oldest first (new entries go at the end).
    @Test func thePerformanceLogIsDatedOldestFirst() throws {
        let headings = MarkdownLinks.proseLines(of: try Self.text("docs/performance-log.md"))
            .map(\.text).filter { $0.hasPrefix("## ") }
        #expect(headings.count >= 10)
        var previous = ""
        for heading in headings {
            let date = String(heading.dropFirst(3).prefix(10))
            let shape =
                date.count == 10
                && date.enumerated().allSatisfy { index, character in
                    index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
                }
            #expect(shape && heading.dropFirst(13).hasPrefix(" · "), "not '## YYYY-MM-DD · topic': \(heading)")
            #expect(date >= previous, "out of date order: \(heading)")
            previous = max(previous, date)
        }
    }

    /// The current-state page stays short and points into the log for every area it reports.
    @Test func thePerformancePageIsShortAndLinksIntoTheLog() throws {
        let page = try Self.text("docs/performance.md")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines < 250, "docs/performance.md has \(lines) lines: history belongs in docs/performance-log.md")
        let sections = page.components(separatedBy: "\n## ").dropFirst()
        #expect(sections.count >= 7)
        for section in sections {
            let title = section.prefix { $0 != "\n" }
            #expect(section.contains("](performance-log.md#"), "section '\(title)' has no link into the log")
            #expect(section.contains("```sh"), "section '\(title)' has no command to reproduce its figure")
        }
    }
}
