import Foundation
import Testing

/// `docs/architecture.md` traces a spec from the CLI to the written files and a call from a
/// generated method to the transport by naming files: every file and folder it names exists,
/// so the page cannot silently go stale when code moves.
@Suite struct ArchitectureDocTests {
    /// The folders a named path may start with.
    static let roots = ["Sources", "Tests", "Plugins", "Templates", "Scripts", "Benchmarks", "Fuzz", "docs", "Examples"]
    /// The extensions of file names the page writes without their folder (`CallPipeline.swift`).
    static let extensions = ["swift", "mustache", "sh", "py"]

    /// Every file and folder below the roots, relative to the repository (`Sources/X/Y.swift`, `Sources/X`).
    static let repositoryPaths: [String] = {
        var paths = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.path)) ?? []
        for root in roots {
            let url = repositoryRoot.appendingPathComponent(root)
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
            paths.append(root)
            while let relative = walker.nextObject() as? String {
                if relative.hasPrefix(".build") || relative.contains("/.build") {
                    walker.skipDescendants()
                    continue
                }
                paths.append("\(root)/\(relative)")
            }
        }
        return paths
    }()

    /// The path-like words of `text`: `Root/…` paths and file names with a source extension
    /// (wildcards `*` kept, trailing `/` and `.` dropped).
    static func namedPaths(in text: String) -> Set<String> {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+*./-")
        var result: Set<String> = []
        for word in text.split(whereSeparator: { !allowed.contains($0) }) {
            var token = Substring(word)
            while let last = token.last, last == "." || last == "/" { token = token.dropLast() }
            while let first = token.first, first == "." || first == "/" { token = token.dropFirst() }
            let rooted = roots.contains { token.hasPrefix($0 + "/") }
            let file = extensions.contains { token.hasSuffix("." + $0) } && token.first?.isLetter == true
            if rooted || file { result.insert(String(token)) }
        }
        return result
    }

    /// Whether `text` matches `pattern`, where `*` stands for any run of characters.
    static func matches(_ text: Substring, _ pattern: Substring) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return text == pattern }
        let head = pattern[..<star]
        guard text.hasPrefix(head) else { return false }
        let rest = pattern[pattern.index(after: star)...]
        var index = text.index(text.startIndex, offsetBy: head.count)
        while true {
            if matches(text[index...], rest) { return true }
            guard index < text.endIndex else { return false }
            index = text.index(after: index)
        }
    }

    /// Whether `name` (rooted, or a file name possibly with some of its folders) names something.
    static func exists(_ name: String) -> Bool {
        let rooted = roots.contains { name.hasPrefix($0 + "/") }
        return repositoryPaths.contains { path in
            rooted ? matches(path[...], name[...]) : path == name || matches(path[...], "*/" + name)
        }
    }

    @Test func everyPathTheArchitecturePageNamesExists() throws {
        let page = String(decoding: try repositoryFile("docs/architecture.md"), as: UTF8.self)
        let names = Self.namedPaths(in: page)
        #expect(names.count > 60)
        for name in names.sorted() {
            #expect(Self.exists(name), "docs/architecture.md names '\(name)', which does not exist")
        }
    }

    /// Both traces name their ends and the one place that orders each pipeline.
    @Test func thePageTracesBothPipelinesEndToEnd() throws {
        let page = String(decoding: try repositoryFile("docs/architecture.md"), as: UTF8.self)
        for landmark in [
            "Sources/SpecwrightCLI/GenerateCommand.swift", "GenerationPipeline.swift", "Passes/IRPasses.swift",
            "Rendering/SourcePrinter.swift", "Generation/OutputWriter.swift", "Client/APIClient.swift",
            "Call/CallPipeline.swift", "Attempts/AttemptLoop.swift", "Transport/HTTPTransport.swift"
        ] {
            #expect(page.contains(landmark), "docs/architecture.md does not name \(landmark)")
        }
    }

    @Test func aMissingPathIsFound() {
        #expect(Self.exists("Sources/SpecwrightRuntime/Call/CallPipeline.swift"))
        #expect(Self.exists("Call/CallPipeline.swift"))
        #expect(Self.exists("Rendering/*Contexts*.swift"))
        #expect(!Self.exists("Call/NoSuchFile.swift"))
        #expect(!Self.exists("Sources/SpecwrightRuntime/Pipeline"))
        #expect(Self.exists("Package.swift"))
        #expect(Self.namedPaths(in: "see `Call/X.swift`, Sources/A/ and api.yaml.") == ["Call/X.swift", "Sources/A"])
    }
}
