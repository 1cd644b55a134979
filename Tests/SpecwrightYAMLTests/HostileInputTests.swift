import Foundation
import Testing
@testable import SpecwrightYAML

/// Hostile inputs end quickly (generous 2 s CPU cap, debug build) in a located error or an empty document.
@Suite struct HostileInputTests {
    /// Runs `body`, returning its error (if any) and the CPU time this thread spent in it.
    /// CPU time rather than wall time, so that other processes on a loaded machine do not
    /// make the generous caps flaky; `body` is synchronous and stays on this thread.
    private func timed(_ body: () throws -> Void) -> (error: YAMLError?, seconds: Double) {
        let start = threadCPUSeconds()
        var failure: YAMLError?
        do { try body() } catch { failure = error as? YAMLError }
        return (failure, threadCPUSeconds() - start)
    }

    private func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test func aBillionLaughsFailsFastWithAnAliasExpansionError() {
        var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        let (error, seconds) = timed { _ = try parse(text) }
        #expect(error?.kind == .aliasExpansionLimit)
        #expect(error.map { $0.location.line > 1 } == true)
        #expect(seconds < 2)
    }

    @Test func twentyThousandNestedBracketsFailWithANestingError() {
        let bytes =
            [UInt8](repeating: UInt8(ascii: "["), count: 20_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 20_000)
        let (error, seconds) = timed { _ = try YAMLParser.parseDocument(bytes, file: "deep.yaml") }
        #expect(error?.kind == .nestingLimit)
        #expect(error?.location == SourceLocation(file: "deep.yaml", line: 1, column: 513))
        #expect(seconds < 2)
    }

    @Test func twoThousandNestedBlockMappingsFailWithANestingError() {
        var text = ""
        for depth in 0..<2_000 { text += String(repeating: " ", count: depth) + "k:\n" }
        let (error, seconds) = timed { _ = try parse(text) }
        #expect(error?.kind == .nestingLimit)
        #expect(error?.location.line == 513)
        #expect(seconds < 2)
    }

    @Test func aFiftyMegabyteFileEndsInALocatedErrorQuickly() {
        let line = Array("- \(String(repeating: "lorem ipsum ", count: 340))\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(50 << 20 + 16)
        while bytes.count < 50 << 20 { bytes += line }
        bytes += Array("key: value\n".utf8)
        let lineCount = bytes.count / line.count
        let (error, seconds) = timed { _ = try YAMLParser.parseDocument(bytes, file: "big.yaml") }
        #expect(error?.kind == .syntax)
        #expect(error?.location.line == lineCount + 1)
        #expect(seconds < 2)
    }

    @Test func inputAboveTheSizeLimitIsRejectedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: 65 << 20)
        let (error, seconds) = timed { _ = try YAMLParser.parseDocument(bytes, file: "huge.yaml") }
        #expect(error?.kind == .inputTooLarge)
        #expect(error?.location.line == 1)
        #expect(seconds < 2)
    }

    @Test func binaryGarbageIsRejectedWithALocatedError() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<50 {
            let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let (error, seconds) = timed { _ = try YAMLParser.parseDocument(bytes, file: "garbage.bin") }
            #expect(error != nil)
            #expect(error.map { $0.location.line >= 1 && $0.location.column >= 1 } == true)
            #expect(seconds < 2)
        }
    }

    @Test func asciiControlGarbageIsRejectedWithALocatedError() {
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next() % 32) }
        let error = rejection(bytes)
        #expect(error?.kind == .syntax)
        #expect(error.map { $0.location.line >= 1 } == true)
    }

    @Test func anEmptyFileIsAnEmptyDocument() throws {
        let root = try YAMLParser.parseDocument([], file: "empty.yaml")
        #expect(root.value == .null)
        #expect(root.location == SourceLocation(file: "empty.yaml", line: 1, column: 1))
    }

    @Test func treesAtTheDepthLimitCompareHashAndDeallocate() throws {
        let depth = YAMLLimits.default.maxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let first = try parse(text)
        let second = try parse(text)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
    }
}

/// A tiny deterministic generator for garbage inputs.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
