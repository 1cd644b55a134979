import Testing
@testable import SpecwrightYAML

@Suite struct AnchorAndMergeTests {
    @Test func aliasesExpandToTheAnchoredNodeWithItsLocation() throws {
        let root = try parse("base: &b { x: 1 }\ncopy: *b\nscalar: &s hi\nagain: *s\n")
        #expect(root["copy"]?["x"]?.value == .int(1))
        #expect(root["copy"]?.mark == "1:7")
        #expect(root["again"]?.string == "hi")
    }

    @Test func anUndefinedAliasIsALocatedError() {
        let error = rejection("a: 1\nb: *nope\n")
        #expect(error?.kind == .undefinedAlias)
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 4)
    }

    @Test func anchorsDoNotCrossDocuments() {
        #expect(throws: YAMLError.self) {
            try YAMLParser.parseStream(Array("a: &x 1\n---\nb: *x\n".utf8), file: "t.yaml")
        }
    }

    @Test func mergeKeysSupplyMissingEntriesAndExplicitKeysWin() throws {
        let root = try parse(
            """
            defaults: &d { timeout: 30, retry: 3 }
            endpoint:
              timeout: 5
              <<: *d
              path: /x
            """)
        let endpoint = try #require(root["endpoint"])
        #expect(endpoint.keys == ["timeout", "retry", "path"])
        #expect(endpoint["timeout"]?.value == .int(5))
        #expect(endpoint["retry"]?.value == .int(3))
    }

    @Test func aSequenceOfMergedMappingsGivesTheEarlierOnePrecedence() throws {
        let root = try parse("a: &a { k: 1, x: a }\nb: &b { k: 2, y: b }\nc:\n  <<: [*a, *b]\n")
        let merged = try #require(root["c"])
        #expect(merged.keys == ["k", "x", "y"])
        #expect(merged["k"]?.value == .int(1))
    }

    @Test func mergeKeysCanBeDisabled() throws {
        let root = try parse("a: &a { k: 1 }\nb: { <<: *a }\n", options: YAMLParseOptions(applyMergeKeys: false))
        #expect(root["b"]?.keys == ["<<"])
    }

    @Test func aQuotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try parse("a: &a { k: 1 }\nb: { '<<': *a }\n")
        #expect(root["b"]?.keys == ["<<"])
    }

    @Test func mergingAScalarIsALocatedError() {
        let error = rejection("a:\n  <<: 5\n")
        #expect(error?.kind == .invalidMerge)
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 7)
        #expect(rejection("a: &s x\nb:\n  <<: [*s]\n")?.kind == .invalidMerge)
    }

    @Test func aKeyGivenExplicitlyAndByMergeIsNotADuplicate() throws {
        let root = try parse("base: &b { k: 1 }\nm:\n  <<: *b\n  k: 2\n")
        #expect(root["m"]?.keys == ["k"])
        #expect(root["m"]?["k"]?.value == .int(2))
    }

    @Test func anExplicitlyTaggedMergeKeyMerges() throws {
        let root = try parse("base: &b { k: 1 }\nm: { !!merge <<: *b, x: 2 }\n")
        #expect(root["m"]?.keys == ["k", "x"])
    }

    @Test func twoMergeKeysInOneMappingAreDuplicates() {
        let error = rejection("a: &a { k: 1 }\nb:\n  <<: *a\n  <<: *a\n")
        #expect(error?.kind == .duplicateKey)
        #expect(error?.location.line == 4)
    }
}
