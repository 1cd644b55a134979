import Testing
@testable import SpecwrightYAML

@Suite struct NodeTreeTests {
    @Test func everyNodeCarriesItsOneBasedLineAndColumn() throws {
        let root = try parse("name: Bookstore\nlist:\n  - a\n  - { b: 1 }\n")
        #expect(root.mark == "1:1")
        #expect(root.location.file == "test.yaml")
        let entries = try #require(root.mapping)
        #expect(entries[0].key.mark == "1:1")
        #expect(entries[0].value.mark == "1:7")
        #expect(entries[1].value.mark == "3:3")
        let items = try #require(entries[1].value.sequence)
        #expect(items[0].mark == "3:5")
        #expect(items[1].mark == "4:5")
        #expect(items[1].isFlow)
        #expect(items[1]["b"]?.mark == "4:10")
    }

    @Test func mappingsKeepSourceOrder() throws {
        let root = try parse("z: 1\na: 2\nm: 3\n")
        #expect(root.keys == ["z", "a", "m"])
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try parse("é: [ü, x]\n")
        let items = try #require(root["é"]?.sequence)
        #expect(items[1].mark == "1:8")
    }

    @Test func blockScalarsKeepTheirStyleAndText() throws {
        let root = try parse("lit: |\n  a\n  b\nfold: >\n  a\n  b\nsq: 'x'\ndq: \"y\\n\"\n")
        #expect(root["lit"]?.scalar == Scalar(text: "a\nb\n", style: .literal, value: .string("a\nb\n")))
        #expect(root["fold"]?.scalar == Scalar(text: "a b\n", style: .folded, value: .string("a b\n")))
        #expect(root["sq"]?.scalar?.style == .singleQuoted)
        #expect(root["dq"]?.string == "y\n")
    }

    @Test func anEmptyStreamIsANullDocumentAtOneOne() throws {
        let root = try parse("")
        #expect(root.value == .null)
        #expect(root.mark == "1:1")
        #expect(try parse("# only a comment\n").value == .null)
        #expect(try YAMLParser.parseStream([], file: "e.yaml").isEmpty)
    }

    @Test func streamsYieldEveryDocument() throws {
        let docs = try YAMLParser.parseStream(Array("a: 1\n---\n- 2\n--- 3\n".utf8), file: "s.yaml")
        #expect(docs.count == 3)
        #expect(docs[1].sequence?.first?.value == .int(2))
        #expect(docs[2].value == .int(3))
        #expect(docs[2].mark == "4:5")
    }

    @Test func tagsResolveToTheirFullForm() throws {
        let root = try parse(
            "%TAG !e! tag:example.com,2000:\n---\na: !!str 12\nb: !e!thing x\nc: !local y\nd: !!int \"7\"\ne: ! 12\n")
        #expect(root["a"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["a"]?.value == .string("12"))
        #expect(root["b"]?.tag == "tag:example.com,2000:thing")
        #expect(root["c"]?.tag == "!local")
        #expect(root["d"]?.value == .int(7))
        #expect(root["e"]?.value == .string("12"))
    }

    @Test func aValueThatDoesNotFitItsTagIsRejected() {
        let error = rejection("a: !!int abc\n")
        #expect(error?.kind == .syntax)
        #expect(error?.location.line == 1)
        #expect(error?.location.column == 4)
    }
}
