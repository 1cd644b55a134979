import Foundation
import Testing

/// Where the tests are (#13), as `docs/architecture.md` describes it: every folder of `Tests/` is
/// a test target the page names (or shared support); inside a module's target (`<Module>Tests` for
/// `Sources/<Module>/`) every folder mirrors a folder of the module or is a feature the page lists;
/// no file is named after where its code once lived.
@Suite struct TestLayoutTests {
    static let tests = repositoryRoot.appendingPathComponent("Tests")
    /// Folders of `Tests/` that hold no test target of their own.
    static let supportFolders: Set = ["Children", "Fixtures", "Generated", "TestSupport"]
    /// Folders any target may have: its helpers, its fixtures, the checks of its documentation.
    static let commonFolders: Set = ["Support", "Fixtures", "Docs"]
    /// File-name prefixes that say where code once lived, not what a test checks.
    static let historyPrefixes = ["Runtime", "Data", "Session"]

    /// The "Where the tests are" section of the architecture page.
    static func testSection() throws -> String {
        let page = String(decoding: try repositoryFile("docs/architecture.md"), as: UTF8.self)
        let start = try #require(page.range(of: "## Where the tests are"))
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The folders below `url`, relative to it (`DataLayer`, `DataLayer/Cache`), sorted.
    static func folders(below url: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        var result: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                result.append(path)
            }
        }
        return result.sorted()
    }

    /// The test folders of a module's target that neither mirror a folder of the module's sources
    /// (`sourceFolders`) nor are common or named in `section`, and not inside such a folder.
    static func misplacedFolders(_ testFolders: [String], sourceFolders: Set<String>, section: String) -> [String] {
        testFolders.filter { folder in
            let parts = folder.split(separator: "/").map(String.init)
            if parts.contains(where: { commonFolders.contains($0) }) { return false }
            if sourceFolders.contains(folder) { return false }
            // A feature folder is named in the section by its own name (`Robustness/`) or its path.
            if section.contains("`\(folder)/`") || section.contains("`\(parts.last ?? "")/`") { return false }
            return true
        }
    }

    /// The file names (without `.swift`) that start with a history prefix and a capital letter.
    static func historyNamedFiles(_ names: [String]) -> [String] {
        names.filter { name in
            historyPrefixes.contains { prefix in
                name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
            }
        }
    }

    @Test func everyFolderOfTestsIsATargetThePageNamesOrSharedSupport() throws {
        let section = try Self.testSection()
        let manifest = String(decoding: try repositoryFile("Package.swift"), as: UTF8.self)
        let targets = Self.folders(below: Self.tests).filter { !$0.contains("/") && !Self.supportFolders.contains($0) }
        #expect(targets.count >= 8)
        for target in targets {
            #expect(manifest.contains("name: \"\(target)\""), "Package.swift declares no test target \(target)")
            #expect(section.contains("`Tests/\(target)/`"), "docs/architecture.md does not name Tests/\(target)/")
        }
    }

    @Test func theFoldersOfAModulesTargetMirrorTheModuleOrNameAFeature() throws {
        let section = try Self.testSection()
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let modules = Self.folders(below: sources).filter { !$0.contains("/") }
        var checked = 0
        for module in modules {
            let target = Self.tests.appendingPathComponent(module + "Tests")
            guard FileManager.default.fileExists(atPath: target.path) else { continue }
            checked += 1
            let misplaced = Self.misplacedFolders(
                Self.folders(below: target),
                sourceFolders: Set(Self.folders(below: sources.appendingPathComponent(module))),
                section: section)
            #expect(
                misplaced.isEmpty,
                "Tests/\(module)Tests: \(misplaced) mirror no folder of Sources/\(module), no feature of the page")
        }
        #expect(checked >= 4)
    }

    @Test func noFileOfAModulesTargetIsNamedByHistory() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        var names: [String] = []
        for module in Self.folders(below: sources).filter({ !$0.contains("/") }) {
            let target = Self.tests.appendingPathComponent(module + "Tests")
            guard let walker = FileManager.default.enumerator(atPath: target.path) else { continue }
            while let path = walker.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                names.append(String(path.split(separator: "/").last?.dropLast(6) ?? ""))
            }
        }
        #expect(names.count > 100)
        let named = Self.historyNamedFiles(names)
        #expect(named.isEmpty, "rename to what they test: \(named)")
    }

    @Test func theChecksFindWhatTheyLookFor() {
        #expect(
            Self.historyNamedFiles(["RuntimeRetryTests", "DataCacheStoreTests", "SessionExpiryTests", "RetryTests"])
                == ["RuntimeRetryTests", "DataCacheStoreTests", "SessionExpiryTests"])
        #expect(Self.historyNamedFiles(["DatabaseTests", "Runtimes"]).isEmpty)
        let section = "| `Tests/XTests/` | by room (`Client/`) and features: `Security/` |"
        #expect(
            Self.misplacedFolders(
                ["Client", "Security", "Security/Fixtures", "SpecCLI", "Docs", "Cache/Old"], sourceFolders: ["Client"],
                section: section) == ["SpecCLI", "Cache/Old"])
    }
}
