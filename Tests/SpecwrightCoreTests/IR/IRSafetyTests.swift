import SpecwrightCore
import Testing

/// The IR's safety guarantees, checked on the value types themselves.
@Suite struct IRSafetyTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("\\(exit(1))", #""\\(exit(1))""#),
        ("line\nbreak\r\ttab\0nul", #""line\nbreak\r\ttab\0nul""#),
        ("bidi \u{202E}override", #""bidi \u{202E}override""#),
        ("separator \u{2028}here", #""separator \u{2028}here""#),
        ("zero\u{200B}width", #""zero\u{200B}width""#),
        ("Ünïcödé 日本 👍", #""Ünïcödé 日本 👍""#),
        ("", #""""#)
    ])
    func stringLiteralsEscapeEverythingThatCouldEndOrInterpolateThem(value: String, code: String) {
        #expect(IR.StringLiteral(value).code == code)
        #expect(IR.StringLiteral(value).value == value)
    }

    @Test func documentationSplitsEveryKindOfLineBreakAndDropsControlCharacters() {
        let documentation = IR.Documentation("one\r\ntwo\rthree\u{2028}four\u{85}five\n\n\nsix */ \u{202E}x\u{7}  ")
        #expect(documentation.lines == ["one", "two", "three", "four", "five", "", "", "six */ x"])
    }

    @Test func blankDocumentationHasNoLines() {
        #expect(IR.Documentation(nil).isEmpty)
        #expect(IR.Documentation(" \n \t\n").isEmpty)
        #expect(IR.Documentation(paragraphs: ["A.", nil, "", "B."]).lines == ["A.", "", "B."])
    }

    @Test func aScopeAppendsWordsToTakenNamesInClaimOrderAndRecordsEachRename() {
        var scope = NameScope(reserved: ["unknown"])
        #expect(scope.identifier(for: "unknown", style: .member, fallback: "value").name == "unknownValue")
        #expect(scope.lastRename?.wanted == "unknown")
        #expect(scope.lastRename?.given == "unknownValue")
        #expect(scope.identifier(for: "unknown", style: .member, fallback: "value").name == "unknownField")
        #expect(scope.identifier(for: "free", style: .member, fallback: "value").name == "free")
        #expect(scope.lastRename == nil)
        var types = NameScope(reserved: NameScope.reservedTypeNames, renameSuffixes: NameScope.typeSuffixes)
        #expect(types.claim("Error").name == "ErrorModel")
        #expect(types.claim("ErrorModel").name == "ErrorModelSchema")
        #expect(types.claim("Error").name == "ErrorSchema")
        // `hashValue` gets `Field`, not a second `Value`.
        var members = NameScope(reserved: NameScope.reservedPropertyNames)
        #expect(members.claim("hashValue").name == "hashValueField")
        #expect(scope.identifier(for: "", style: .member, fallback: "empty").name == "empty")
        #expect(scope.identifier(for: "日本", style: .member, fallback: "value").name == "value")
    }

    @Test func keywordsAreEscapedButComparedBare() {
        var scope = NameScope()
        let identifier = scope.identifier(for: "default", style: .member, fallback: "value")
        #expect(identifier.name == "default")
        #expect(identifier.code == "`default`")
        #expect(scope.contains("default"))
        #expect(scope.identifier(for: "3d-model", style: .type, fallback: "Unnamed").code == "_3dModel")
    }

    @Test func sharedReservedNamesApplyWithoutBeingCopiedIntoTheScope() {
        var scope = NameScope(reserved: ["a"], shared: ["Book", "_2fa"])
        #expect(scope.claim("_2fa").name == "_2faValue")
        #expect(scope.claim("a").name == "aValue")
        #expect(scope.claim("b").name == "b")
    }
}
