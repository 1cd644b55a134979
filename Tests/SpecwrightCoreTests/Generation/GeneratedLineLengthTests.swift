import Foundation
import Testing

/// Every committed golden file (`Tests/Generated/*/Generated/**/*.swift`) stays within the lint's 120
/// columns, and, where the toolchain has `swift format`, passes its lint with the project's
/// formatting rules (`.swift-format` at the package root, else
/// `Tests/Fixtures/generated-code.swift-format.json`, the same rules).
@Suite struct GeneratedLineLengthTests {
    static let root = repositoryRoot
    static let limit = 120

    /// The golden Swift files, sorted.
    static func goldenFiles() throws -> [URL] {
        // Tests/Generated/<Target>/ holds a target's hand-written tests; its Generated/ folder the output.
        let targets = root.appendingPathComponent("Tests/Generated")
        guard let walker = FileManager.default.enumerator(at: targets, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }
            .filter { url in
                let inTarget = url.path.dropFirst(targets.path.count).split(separator: "/").dropFirst().dropLast()
                return url.pathExtension == "swift" && inTarget.first == "Generated"
            }
            .sorted { $0.path < $1.path }
    }

    /// `file:line: n columns` for each line over `limit`, except a comment line whose only
    /// over-long part is one word (a URL) that no reflow can break.
    static func overLongLines(_ text: String, file: String, limit: Int = limit) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard line.count > limit else { return nil }
            let content = line.drop { $0 == " " }
            if content.hasPrefix("//"), content.split(separator: " ").contains(where: { $0.count > limit / 2 }) {
                return nil
            }
            return "\(file):\(index + 1): \(line.count) columns"
        }
    }

    @Test func everyGoldenLineFitsIn120Columns() throws {
        let files = try Self.goldenFiles()
        #expect(files.count >= 6)
        var findings: [String] = []
        for file in files {
            findings += Self.overLongLines(try String(contentsOf: file, encoding: .utf8), file: file.path)
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func theCheckFindsAnOverLongLine() {
        let long = "    let x = [" + String(repeating: "1, ", count: 40) + "1]"
        #expect(Self.overLongLines("ok\n" + long, file: "F.swift") == ["F.swift:2: \(long.count) columns"])
        #expect(
            Self.overLongLines("/// see https://example.com/" + String(repeating: "a", count: 120), file: "F.swift")
                .isEmpty)
    }

    static let swiftFormatAvailable: Bool = (try? run(["swift", "format", "--version"]).status) == 0

    @Test(.enabled(if: swiftFormatAvailable, "swift format is not in this toolchain"))
    func theGoldenOutputPassesTheFormattingLint() throws {
        let projectConfiguration = Self.root.appendingPathComponent(".swift-format")
        let configuration =
            FileManager.default.fileExists(atPath: projectConfiguration.path)
            ? projectConfiguration : Self.root.appendingPathComponent("Tests/Fixtures/generated-code.swift-format.json")
        let files = try Self.goldenFiles().map(\.path)
        let outcome = try Self.run(["swift", "format", "lint", "--configuration", configuration.path] + files)
        #expect(outcome.status == 0 && outcome.output.isEmpty, "\(outcome.output)")
    }

    /// Runs a command, killed after ten minutes; its status and everything it printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(600)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
