import Foundation
import Testing
import SpecwrightCLI

/// Hostile files end with exit code 1 and a located error, with bounded memory. The suite's time
/// limit is the hang guard; speed itself is measured by `specwright-bench scaling`, not asserted here
/// (a timed assertion fails on a loaded machine).
@Suite(.timeLimit(.minutes(1))) struct ValidateHostileInputTests {
    /// `file:line:col: error: message` (or a note/warning that accompanies errors).
    private func isLocated(_ line: String) -> Bool {
        line.wholeMatch(of: #/[^:]+:\d+:\d+: (error|warning|note): .+/#) != nil
    }

    private func expectLocatedFailure(_ bytes: [UInt8], file: String = "hostile.yaml") {
        let run = runCLI(["validate", file], files: [file: bytes])
        #expect(run.exitCode == 1)
        #expect(run.errorLines.count >= 1)
        #expect(run.errorLines.allSatisfy(isLocated), "\(run.errorLines.prefix(3))")
        #expect(run.errorLines.first?.contains(": error: ") == true)
        #expect(run.errorLines.allSatisfy { $0.hasPrefix(file + ":") })
    }

    @Test func aBillionLaughsFileIsRejected() {
        var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        let letters = Array("bcdefghij")
        for (index, letter) in letters.enumerated() {
            let previous = index == 0 ? "a" : String(letters[index - 1])
            text +=
                "\(letter): &\(letter) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        expectLocatedFailure(Array(text.utf8))
    }

    @Test func twentyThousandNestedBracketsAreRejected() {
        expectLocatedFailure(Array(String(repeating: "[", count: 20_000).utf8))
        expectLocatedFailure(Array(("a:\n" + String(repeating: "{b: ", count: 20_000)).utf8))
    }

    @Test func aFiftyMegabyteFileIsRejectedWithALocatedError() {
        let head = Array("specwright: 1\nname: Big\nbaseURL: https://big.example\ndescription: \"".utf8)
        let tail = Array("\"\nbogus: 1\n".utf8)
        let bytes = head + [UInt8](repeating: UInt8(ascii: "x"), count: 50 << 20) + tail
        let run = runCLI(["validate", "big.yaml"], files: ["big.yaml": bytes])
        #expect(run.exitCode == 1)
        #expect(run.errorLines == ["big.yaml:5:1: error: unknown key 'bogus' in the spec"])
    }

    @Test func aFileOverTheSizeLimitIsRejectedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: (64 << 20) + 1)
        let run = runCLI(["validate", "huge.yaml"], files: ["huge.yaml": bytes])
        #expect(run.exitCode == 1)
        #expect(run.errorLines.count == 1)
        #expect(run.errorLines.first?.hasPrefix("huge.yaml:1:1: error: ") == true)
    }

    @Test func binaryGarbageIsRejected() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<65_536).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        expectLocatedFailure(bytes)
    }

    @Test func invalidUTF8IsRejected() {
        var bytes = Array("specwright: 1\nname: \"".utf8)
        bytes += [0xC3, 0x28, 0xFF, 0xFE]
        bytes += Array("\"\n".utf8)
        expectLocatedFailure(bytes)
    }

    @Test func anEmptyFileIsRejected() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-empty-\(UUID().uuidString).yaml"
        ).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = runCLI(["validate", path])
        #expect(run.exitCode == 1)
        #expect(
            run.errorLines == [
                "\(path):1:1: error: the spec is empty; it needs at least 'specwright: 1', 'name' and 'baseURL'"
            ])
    }

    @Test func thousandsOfErrorsAreCappedWithASummary() {
        var text = "specwright: 1\nname: A\nbaseURL: https://a.example\n"
        for index in 0..<5_000 { text += "unknown\(index): 1\n" }
        let run = runCLI(["validate", "many.yaml"], files: ["many.yaml": Array(text.utf8)])
        #expect(run.exitCode == 1)
        #expect(run.errorLines.count == 501)
        #expect(run.errorLines.last == "many.yaml:503:1: note: 4500 more diagnostics not shown")
    }
}
