import Testing
@testable import SpecwrightYAML

@Suite struct RejectionTests {
    @Test func duplicateKeysAreRejectedAtTheSecondOccurrence() {
        let error = rejection("a: 1\nb: 2\na: 3\n")
        #expect(error?.kind == .duplicateKey)
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 1)
        #expect(error?.message.contains("first defined at 1:1") == true)
    }

    @Test func duplicateKeysCompareResolvedValues() {
        #expect(rejection("'a': 1\na: 2\n")?.kind == .duplicateKey)
        #expect(rejection("~: 1\nnull: 2\n")?.kind == .duplicateKey)
        #expect(rejection("0x10: 1\n16: 2\n")?.kind == .duplicateKey)
        #expect(rejection("1: 1\n'1': 2\n") == nil)
    }

    @Test func duplicateKeysAreFoundInLargeMappings() {
        var text = ""
        for index in 0..<100 { text += "k\(index): \(index)\n" }
        text += "k42: again\n"
        let error = rejection(text)
        #expect(error?.kind == .duplicateKey)
        #expect(error?.location.line == 101)
    }

    @Test func duplicateKeysCanBeAllowed() throws {
        let root = try parse("a: 1\na: 2\n", options: YAMLParseOptions(rejectDuplicateKeys: false))
        #expect(root.mapping?.count == 2)
    }

    @Test func syntaxErrorsCarryLibyamlsProblemAndMark() {
        let error = rejection("a: 1\n  b: 2\n")
        #expect(error?.kind == .syntax)
        #expect(error?.message.contains("mapping values are not allowed") == true)
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 4)
        #expect(error?.description.hasPrefix("test.yaml:2:4: error: ") == true)
    }

    @Test func invalidUTF8IsReportedAtTheBadByte() {
        let bytes = Array("a: 1\nbé: \u{0}".utf8).dropLast() + [0xFF, 0x0A]
        let error = rejection(Array(bytes))
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 5)
    }

    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] as [[UInt8]])
    func overlongsSurrogatesAndTruncationsAreInvalidUTF8(_ sequence: [UInt8]) {
        #expect(rejection(Array("x: ".utf8) + sequence)?.kind == .invalidUTF8)
    }

    @Test func severalDocumentsWhereOneIsExpectedAreRejectedAtTheSecond() {
        let error = rejection("a: 1\n---\nb: 2\n")
        #expect(error?.kind == .multipleDocuments)
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 1)
    }

    @Test func inputLargerThanTheLimitIsRejected() {
        let options = YAMLParseOptions(limits: YAMLLimits(maxBytes: 10))
        let error = rejection("key: a longer value\n", options: options)
        #expect(error?.kind == .inputTooLarge)
        #expect(error?.location.line == 1)
    }

    @Test func nestingDeeperThanTheLimitIsRejectedWhereItStarts() {
        let options = YAMLParseOptions(limits: YAMLLimits(maxDepth: 3))
        #expect(rejection("[[[1]]]", options: options) == nil)
        let error = rejection("[[[[1]]]]", options: options)
        #expect(error?.kind == .nestingLimit)
        #expect(error?.location.column == 4)
    }

    @Test func aliasesCannotNestBeyondTheDepthLimit() {
        let options = YAMLParseOptions(limits: YAMLLimits(maxDepth: 3))
        let error = rejection("a: &a [[1]]\nb: [*a]\n", options: options)
        #expect(error?.kind == .nestingLimit)
        #expect(error?.location.line == 2)
    }

    @Test func aliasExpansionBeyondTheLimitIsRejected() {
        let options = YAMLParseOptions(limits: YAMLLimits(maxAliasExpansion: 5))
        #expect(rejection("a: &a [1, 2]\nb: *a\n", options: options) == nil)
        let error = rejection("a: &a [1, 2]\nb: *a\nc: *a\n", options: options)
        #expect(error?.kind == .aliasExpansionLimit)
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 4)
    }
}
