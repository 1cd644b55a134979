import Foundation
import Testing

/// `docs/ir.md` describes the IR as it is: every type, stored property and enum case declared in
/// `Sources/SpecwrightCore/IR/` is named in it, and every pass of `IRPasses.swift` in its order.
@Suite struct IRDocumentationTests {
    /// A name the IR declares and the file that declares it.
    struct Declared: CustomStringConvertible {
        var name: String
        /// Another spelling the doc may use instead (an enum case's raw value, `String` for `string`).
        var rawValue: String?
        var file: String
        var description: String { "\(name) (\(file))" }
    }

    /// The public types, stored properties and enum cases of the IR's source files.
    static func declaredNames() throws -> [Declared] {
        let folder = "Sources/SpecwrightCore/IR"
        let files = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent(folder).path
        ).filter { $0.hasSuffix(".swift") }.sorted()
        var result: [Declared] = []
        for file in files {
            let text = String(decoding: try repositoryFile("\(folder)/\(file)"), as: UTF8.self)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let first = words.first, !first.hasPrefix("//") else { continue }
                if first == "case", words.count > 1, let name = identifier(words[1]) {
                    let raw = line.split(separator: "\"").dropFirst().first.map(String.init)
                    result.append(Declared(name: name, rawValue: raw, file: file))
                } else if first == "public", words.count > 2 {
                    let kind = words.dropFirst().first { !["indirect", "static"].contains($0) } ?? ""
                    let nameWord = words.dropFirst().drop { $0 != kind }.dropFirst().first ?? ""
                    let stored = (kind == "var" || kind == "let") && !line.hasSuffix("{") && !line.contains("{ ")
                    guard stored || kind == "struct" || kind == "enum", let name = identifier(nameWord) else {
                        continue
                    }
                    result.append(Declared(name: name, rawValue: nil, file: file))
                }
            }
        }
        return result
    }

    /// The identifier at the start of `word` (`cases:` → `cases`, `.x` → nil: a pattern, not a case).
    static func identifier(_ word: Substring) -> String? {
        let name = word.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.first?.isLetter == true ? String(name) : nil
    }

    static func words(of text: String) -> Set<Substring> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") })
    }

    @Test func everyIRTypeFieldAndCaseIsNamedInTheDoc() throws {
        let document = Self.words(of: String(decoding: try repositoryFile("docs/ir.md"), as: UTF8.self))
        let declared = try Self.declaredNames()
        #expect(declared.count > 100)
        for item in declared where !document.contains(Substring(item.name)) {
            #expect(item.rawValue.map { document.contains(Substring($0)) } == true, "docs/ir.md does not name \(item)")
        }
    }

    /// The passes section lists the passes in the order `IRPasses.run` calls them.
    @Test func thePassesAreDocumentedInTheOrderTheyRun() throws {
        let source = String(decoding: try repositoryFile("Sources/SpecwrightCore/Passes/IRPasses.swift"), as: UTF8.self)
        let document = String(decoding: try repositoryFile("docs/ir.md"), as: UTF8.self)
        let body = source.components(separatedBy: "static func run(").dropFirst().first ?? ""
        let calls = ["selectingEndpoints", "overlay.apply", "prunedTypes", "RecursionBoxing.apply", "TypeNaming.apply"]
        let inCode = calls.compactMap { body.range(of: $0)?.lowerBound }
        #expect(
            inCode.count == calls.count && inCode == inCode.sorted(),
            "IRPasses.run changed: update this test and docs/ir.md")
        let section = document.components(separatedBy: "\n## Passes").dropFirst().first ?? ""
        let names = ["**filter**", "**policy overlay**", "**reachability**", "**recursion boxing**", "**naming**"]
        let inDoc = names.compactMap { section.range(of: $0)?.lowerBound }
        #expect(inDoc.count == names.count && inDoc == inDoc.sorted(), "docs/ir.md lists the passes out of order")
    }
}
