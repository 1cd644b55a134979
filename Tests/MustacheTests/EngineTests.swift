import Mustache
import Testing

/// Behaviour beyond the official spec that code templates rely on.
@Suite struct MustacheEngineTests {
    @Test func noEscapingWritesValuesVerbatim() throws {
        let template = try Template("let s = {{value}}")
        #expect(try template.render(["value": "\"a<b>&\""], escaping: .none) == "let s = \"a<b>&\"")
    }

    @Test func indentedPartialsLeaveBlankLinesWithoutTrailingWhitespace() throws {
        let partial = try Template("a\n\nb\n", name: "body")
        let template = try Template("{\n    {{>body}}\n}\n")
        #expect(try template.render([:], partials: ["body": partial]) == "{\n    a\n\n    b\n}\n")
    }

    @Test func nestedStandalonePartialsAccumulateIndentation() throws {
        let inner = try Template("x\n", name: "inner")
        let outer = try Template("{\n  {{>inner}}\n}\n", name: "outer")
        let template = try Template("  {{>outer}}\n")
        #expect(try template.render([:], partials: ["inner": inner, "outer": outer]) == "  {\n    x\n  }\n")
    }

    @Test func standaloneSectionTagsOverListsLeaveNoBlankLines() throws {
        let template = try Template("case\n{{#items}}\n  - {{.}}\n{{/items}}\nend\n")
        #expect(try template.render(["items": ["a", "b"]]) == "case\n  - a\n  - b\nend\n")
    }

    @Test func anUnclosedSectionIsALocatedError() {
        #expect(throws: MustacheError(.unclosedSection("items"), templateName: "t", line: 2, column: 3)) {
            try Template("x\n  {{#items}}\n", name: "t")
        }
    }

    @Test func aMismatchedCloseIsAnError() {
        #expect(throws: MustacheError.self) { try Template("{{#a}}{{/b}}") }
        #expect(throws: MustacheError.self) { try Template("{{/b}}") }
    }

    @Test func anUnclosedTagIsAnError() {
        #expect(throws: MustacheError.self) { try Template("text {{name") }
        #expect(throws: MustacheError.self) { try Template("text {{{name}}") }
    }

    @Test func malformedSetDelimitersAreAnError() {
        #expect(throws: MustacheError.self) { try Template("{{=<% %>}}") }
        #expect(throws: MustacheError.self) { try Template("{{=a b c=}}") }
        #expect(throws: MustacheError.self) { try Template("{{}}") }
    }

    @Test func infinitelyRecursivePartialsStopWithAnError() throws {
        let loop = try Template("{{>loop}}", name: "loop")
        #expect(throws: MustacheError.self) { try loop.render([:], partials: ["loop": loop]) }
    }

    @Test func errorsReadLikeCompilerDiagnostics() {
        let error = MustacheError(.unclosedTag, templateName: "Types.mustache", line: 3, column: 5)
        #expect(error.description == "Types.mustache:3:5: error: tag is not closed")
    }

    @Test func aLibraryRendersTemplatesThatIncludeEachOther() throws {
        let library = try TemplateLibrary(sources: ["main": "[{{>item}}]", "item": "{{name}}"], escaping: .none)
        #expect(try library.render("main", context: ["name": "<x>"]) == "[<x>]")
        #expect(try library.render("missing", context: nil) == nil)
    }
}
