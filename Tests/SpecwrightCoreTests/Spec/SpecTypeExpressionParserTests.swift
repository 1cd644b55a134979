import Testing
@testable import SpecwrightCore
import SpecwrightYAML

@Suite struct SpecTypeExpressionParserTests {
    private func parse(_ text: String) -> TypeExpression? {
        try? TypeExpressionParser.parse(text).get().expression
    }

    private func failure(_ text: String) -> TypeExpressionParser.Failure? {
        if case .failure(let failure) = TypeExpressionParser.parse(text) { return failure }
        return nil
    }

    @Test(arguments: PrimitiveType.allCases)
    func everyBuiltInNameParsesAsAPrimitive(_ primitive: PrimitiveType) {
        #expect(parse(primitive.rawValue) == .primitive(primitive))
    }

    @Test func namedOptionalArrayAndDictionaryTypesNest() {
        #expect(parse("Book") == .named("Book"))
        #expect(parse("Book?") == .optional(.named("Book")))
        #expect(parse("[Book]") == .array(.named("Book")))
        #expect(parse("[Book?]?") == .optional(.array(.optional(.named("Book")))))
        #expect(parse("[String: [Int]]") == .dictionary(.array(.primitive(.int))))
        #expect(parse(" [ String :Book ] ? ") == .optional(.dictionary(.named("Book"))))
        #expect(parse("[[String: [UUID?]]]") == .array(.dictionary(.array(.optional(.primitive(.uuid))))))
    }

    @Test func descriptionRoundTripsInSwiftSyntax() {
        for text in ["Int", "Book?", "[Book]", "[String: [Int?]]?", "[[Date]]"] {
            #expect(parse(text)?.description == text)
        }
    }

    @Test func referencesCarryTheOffsetOfEachName() throws {
        let parsed = try TypeExpressionParser.parse("[String: Book]? ").get()
        #expect(parsed.references == [TypeExpressionParser.Reference(name: "Book", offset: 9)])
        let two = try TypeExpressionParser.parse("[String: B]").get()
        #expect(two.references.map(\.name) == ["B"])
    }

    @Test func malformedExpressionsPointAtTheOffendingCharacter() {
        #expect(failure("") == .init(message: "empty type expression", offset: 0))
        #expect(failure("[Book") == .init(message: "expected ']' to close the '[' at column 1 of the type", offset: 5))
        #expect(failure("[Int: Book]") == .init(message: "dictionary keys must be 'String', not 'Int'", offset: 1))
        #expect(failure("Book??") == .init(message: "redundant '?': the type is already optional", offset: 5))
        #expect(failure("Book[]") == .init(message: "unexpected '[' after 'Book' (write an array as [T])", offset: 4))
        #expect(
            failure("List<Book>")
                == .init(
                    message: "unexpected '<' after 'List' (write an array as [T], a dictionary as [String: T])",
                    offset: 4))
        #expect(failure("[]") == .init(message: "expected an element type inside '[]'", offset: 1))
        #expect(failure("[String: ]") == .init(message: "expected a value type after ':'", offset: 9))
        #expect(failure("Book]") == .init(message: "unexpected ']' without a matching '['", offset: 4))
        #expect(failure("?") == .init(message: "expected a type name, found '?'", offset: 0))
        #expect(failure("Book Author") == .init(message: "unexpected 'A' after 'Book'", offset: 5))
        #expect(failure("[Book)") == .init(message: "expected ']', found ')'", offset: 5))
    }

    @Test func deepNestingIsRejectedWithoutRecursingFurther() {
        let deep = String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000)
        #expect(
            failure(deep)
                == .init(message: "type expression is nested too deeply", offset: TypeExpressionParser.maxDepth))
    }

    @Test func typeNamesMustBeIdentifiers() {
        #expect(TypeExpressionParser.isValidTypeName("Book_2"))
        #expect(!TypeExpressionParser.isValidTypeName("2Book"))
        #expect(!TypeExpressionParser.isValidTypeName("Book-Draft"))
        #expect(!TypeExpressionParser.isValidTypeName(""))
    }

    @Test func typeExpressionHelpersSeeThroughOptionals() {
        let expression = TypeExpression.optional(.array(.named("Book")))
        #expect(expression.isOptional)
        #expect(expression.nonOptional == .array(.named("Book")))
        #expect(expression.arrayElement == .named("Book"))
        #expect(TypeExpression.named("Book").arrayElement == nil)
    }

    @Test(arguments: PrimitiveType.allCases)
    func theFastBuiltInLookupAgreesWithTheRawValues(_ primitive: PrimitiveType) {
        #expect(PrimitiveType.named(primitive.rawValue) == primitive)
        #expect(PrimitiveType.named(primitive.rawValue.lowercased()) == nil)
        #expect(PrimitiveType.named(primitive.rawValue + "s") == nil)
    }

    @Test func theFastBuiltInLookupRejectsOtherNames() {
        for name in ["", "S", "Str", "Strings", "Integer", "In", "D", "Dat", "Datum", "UUIDs", "URI", "Boolean", "book"]
        {
            #expect(PrimitiveType.named(name) == nil, "\(name)")
        }
    }

    @Test func commonCompoundFormsParseExactlyLikeTheGeneralParser() throws {
        let texts = [
            "Book?", "String?", "[Book]", "[Int]", "[Book]?", "[UUID]?", "[String: Book]", "[String: Date]",
            "[String: Book]?", "[String: String]?", "[_x9]", "Book_2?"
        ]
        for text in texts {
            let fast = try #require(TypeExpressionParser.parseCommonCompound(text), "\(text)")
            #expect(Result.success(fast) == TypeExpressionParser.parseWithCursor(text), "\(text)")
        }
    }

    @Test func otherFormsAreLeftToTheGeneralParser() {
        let texts = [
            "Book", "Book??", "[Book?]", "[[Book]]", "[String:Book]", "[String:  Book]", "[ Book]", "[Book ]",
            "[Int: Book]", "[String: [Book]]", "[]", "[]?", "?", "[9a]", "Bö?", "[String: ]", "[Book]??", "Book ?"
        ]
        for text in texts {
            #expect(TypeExpressionParser.parseCommonCompound(text) == nil, "\(text)")
        }
    }

    @Test func aTypeUseKeepsItsReferencesHoweverManyThereAre() {
        let here = SourceLocation(file: "t.yaml", line: 3, column: 5)
        let lists: [[Located<String>]] = [
            [],
            [Located("Book", at: here)],
            [Located("Book", at: here), Located("Tag", at: here.advanced(by: 9))]
        ]
        for list in lists {
            let use = TypeUse(expression: .named("Book"), location: here, references: list)
            #expect(use.references == list)
            var visited: [Located<String>] = []
            use.forEachReference { visited.append($0) }
            #expect(visited == list)
            #expect(use == TypeUse(expression: .named("Book"), location: here, references: list))
        }
        #expect(
            TypeUse(expression: .named("Book"), location: here, references: [])
                != TypeUse(expression: .named("Book"), location: here, references: [Located("Book", at: here)]))
    }
}
