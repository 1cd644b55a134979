import Testing

@testable import SpecwrightCore

/// The one layer that breaks generated lines: decisions at the line's real indentation, one
/// item per line, strings never split, comments reflowed without changing their Markdown.
@Suite struct SourcePrinterTests {
    private static let parameters = (1...4).map { "value\($0): String" }

    @Test func aLineThatFitsIsCopiedUnchanged() {
        let text = "    func short(a: Int, b: Int) async throws -> Int {\n        body(a, b)\n    }\n"
        #expect(SourcePrinter.layOut(text) == text)
    }

    @Test func theDecisionIsMadeAtTheLinesRealIndentation() {
        let signature = "func lookUp(" + Self.parameters.joined(separator: ", ") + ") -> Int {"
        #expect(signature.count <= 100)
        #expect(SourcePrinter.layOut(signature) == signature)
        let indented = String(repeating: " ", count: 100 - signature.count + 1) + signature
        let lines = SourcePrinter.layOut(indented).split(separator: "\n")
        #expect(lines.count == Self.parameters.count + 2)
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.last.map { String($0.drop { $0 == " " }) } == ") -> Int {")
    }

    @Test func aLongCallIsSplitOneArgumentPerLineAndALongArgumentInTurn() {
        let inner = "Endpoint.search(" + (1...5).map { "argument\($0): argument\($0)" }.joined(separator: ", ") + ")"
        let line = "        try await self.client.send(" + inner + ", as: Result.self)"
        #expect(
            SourcePrinter.layOut(line) == """
                        try await self.client.send(
                            Endpoint.search(
                                argument1: argument1,
                                argument2: argument2,
                                argument3: argument3,
                                argument4: argument4,
                                argument5: argument5
                            ),
                            as: Result.self
                        )
                """)
    }

    @Test func stringLiteralsAreNeverSplitNorReadAsBrackets() {
        let literal = #""a, (b] \"c, d\" \(value(1, 2)) { e""#
        let line = "            call(" + literal + ", second: 2, third: " + String(repeating: "x", count: 30) + ")"
        let lines = SourcePrinter.layOut(line).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "            call(",
                "                " + literal + ",",
                "                second: 2,",
                "                third: " + String(repeating: "x", count: 30),
                "            )"
            ])
    }

    @Test func aCaseBreaksAfterItsPatternThenItsValue() {
        let value = "EndpointOptions(" + (1...6).map { "option\($0): value\($0)" }.joined(separator: ", ") + ")"
        let lines = SourcePrinter.layOut("        case .create(let body): " + value).split(separator: "\n")
        #expect(lines.first == "        case .create(let body):")
        #expect(lines[1] == "            EndpointOptions(")
        #expect(lines.last == "            )")
    }

    @Test func aBlockBreaksIntoItsStatementsBeforeItsCalls() {
        let append =
            "multipartParts.append(MultipartPart(name: \"attachments\", file: element, defaultContentType: \"a/b\"))"
        let line = "            if let attachments { for element in attachments { " + append + " } }"
        #expect(
            SourcePrinter.layOut(line) == """
                            if let attachments {
                                for element in attachments {
                                    multipartParts.append(
                                        MultipartPart(name: "attachments", file: element, defaultContentType: "a/b")
                                    )
                                }
                            }
                """)
        let guardLine =
            "        guard FieldEquality.same(lhs.aRatherLongPropertyName, rhs.aRatherLongPropertyName) else { return false }"
        #expect(
            SourcePrinter.layOut(guardLine).split(separator: "\n") == [
                "        guard FieldEquality.same(lhs.aRatherLongPropertyName, rhs.aRatherLongPropertyName) else {",
                "            return false",
                "        }"
            ])
    }

    @Test func closureParametersStayOnTheOpeningLine() {
        let line =
            "    load(ids, options: options, reuse: { chunk in fetch(chunk, " + String(repeating: "y", count: 60)
            + ") })"
        let lines = SourcePrinter.layOut(line).split(separator: "\n").map(String.init)
        #expect(lines.contains("        reuse: { chunk in"))
    }

    @Test func genericArgumentsBreakOnlyWhenNothingElseCan() {
        let line =
            "    ) async throws -> ResponseWithHeaders<" + String(repeating: "A", count: 50) + ", "
            + String(repeating: "B", count: 50) + "> {"
        #expect(
            SourcePrinter.layOut(line).split(separator: "\n").map(String.init) == [
                "    ) async throws -> ResponseWithHeaders<",
                "        " + String(repeating: "A", count: 50) + ",",
                "        " + String(repeating: "B", count: 50),
                "    > {"
            ])
        let call = "        case .x: [.json(" + String(repeating: "C", count: 90) + ".self, status: 307)]"
        #expect(
            SourcePrinter.layOut(call).split(separator: "\n").map { String($0.drop { $0 == " " }) } == [
                "case .x:", "[", ".json(", String(repeating: "C", count: 90) + ".self,", "status: 307", ")", "]"
            ])
    }

    @Test func typesWithoutCommasAndEmptyGroupsAreNotSplit() {
        let line = "    public func observe" + String(repeating: "Z", count: 60) + "() -> [String: Int32] {"
        #expect(line.count > 100)
        #expect(SourcePrinter.layOut(line) == line)
    }

    @Test func longCommentsAreReflowedWithoutStartingAMarkdownBlock() {
        let words = Array(repeating: "word", count: 22).joined(separator: " ")
        let line = "    /// " + words + " - not a list item, > not a quote, 1. not a list"
        let lines = SourcePrinter.layOut(line).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count <= 120 && $0.hasPrefix("    /// ") })
        #expect(
            lines.dropFirst().allSatisfy { line in
                !CommentReflow.startsBlock(line.dropFirst("    /// ".count).prefix { $0 != " " })
            })
        #expect(
            lines.joined(separator: " ").replacing("    /// ", with: "") == words
                + " - not a list item, > not a quote, 1. not a list")
    }

    @Test func aListItemContinuesUnderItsTextAndCodeBlocksStayAsTheyAre() {
        let item = "/// - Parameter tags: " + Array(repeating: "only", count: 30).joined(separator: " ")
        let lines = SourcePrinter.layOut(item).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("///   only"))
        let code = "/// " + Array(repeating: "let x = 1;", count: 14).joined(separator: " ")
        let fenced = ["/// ```swift", code, "/// ```"].joined(separator: "\n")
        #expect(SourcePrinter.layOut(fenced) == fenced)
    }

    @Test func aWordLongerThanTheLineStaysWhole() {
        let url = "https://example.com/" + String(repeating: "a", count: 130)
        let lines = SourcePrinter.layOut("/// See " + url + " for more").split(separator: "\n")
        #expect(lines == ["/// See", "/// " + url[...], "/// for more"])
    }
}
