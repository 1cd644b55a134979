import Foundation

/// Reads what the documentation tests check in a Markdown file: its headings (outside fenced
/// code), their GitHub anchors, and its relative links.
enum MarkdownLinks {
    /// The lines of `markdown` outside fenced code blocks, with their 1-based line numbers.
    static func proseLines(of markdown: String) -> [(line: Int, text: Substring)] {
        var result: [(Int, Substring)] = []
        var inFence = false
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
            } else if !inFence {
                result.append((index + 1, line))
            }
        }
        return result
    }

    /// The ATX headings (`#` to `######`) outside code, without the hashes.
    static func headings(of markdown: String) -> [String] {
        proseLines(of: markdown).compactMap { _, text in
            let hashes = text.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), text.dropFirst(hashes).first == " " else { return nil }
            return text.dropFirst(hashes + 1).trimmingCharacters(in: .whitespaces)
        }
    }

    /// GitHub's anchor of a heading: lowercased, everything but letters, digits, `-`, `_` and
    /// spaces dropped, spaces turned into `-`; a repeated anchor gets `-1`, `-2`, ….
    static func anchors(of markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for heading in headings(of: markdown) {
            let kept = heading.lowercased().filter { $0.isLetter || $0.isNumber || "-_ ".contains($0) }
            let anchor = String(kept.map { $0 == " " ? "-" : $0 })
            let count = seen[anchor, default: 0]
            seen[anchor] = count + 1
            result.insert(count == 0 ? anchor : "\(anchor)-\(count)")
        }
        return result
    }

    /// The targets of inline links `[text](target)` outside code that are not URLs
    /// (`https:`, `mailto:` …), with their line numbers.
    static func relativeLinks(in markdown: String) -> [(line: Int, target: String)] {
        var result: [(Int, String)] = []
        for (line, text) in proseLines(of: markdown) {
            var rest = text[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let target = String(after[..<close])
                rest = after[close...]
                let isURL = target.prefix { $0 != "/" && $0 != "#" }.contains(":")
                if !target.isEmpty, !target.contains(" "), !isURL { result.append((line, target)) }
            }
        }
        return result
    }
}
