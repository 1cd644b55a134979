import Foundation
import Testing
@testable import SpecwrightYAML

@Suite struct JSONReaderTests {
    private func parse(_ text: String, options: YAMLParseOptions = .init()) throws -> Node {
        try JSONReader.parseDocument(Array(text.utf8), file: "t.json", options: options)
    }

    private func failure(_ text: String, options: YAMLParseOptions = .init()) -> YAMLError? {
        do {
            _ = try JSONReader.parseDocument(Array(text.utf8), file: "t.json", options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func objectsKeepKeyOrderAndLocations() throws {
        let node = try parse("{\n  \"b\": 1,\n  \"a\": [true, null, -2.5e1, \"x\"]\n}")
        let entries = try #require(node.mapping)
        #expect(entries.map { $0.key.string } == ["b", "a"])
        #expect(entries[0].key.location == SourceLocation(file: "t.json", line: 2, column: 3))
        #expect(entries[0].value.scalar?.value == .int(1))
        let items = try #require(entries[1].value.sequence)
        #expect(items.map { $0.scalar?.value } == [.bool(true), .null, .float(-25), .string("x")])
        #expect(items[3].location == SourceLocation(file: "t.json", line: 3, column: 29))
    }

    @Test func surrogatePairEscapesBecomeOneScalar() throws {
        let node = try parse(#"{"emoji": "\ud83d\udc4d ok \u00e9\n"}"#)
        #expect(node["emoji"]?.string == "👍 ok é\n")
    }

    @Test func columnsCountUnicodeScalars() throws {
        let node = try parse("[\"é€\", 1]")
        #expect(node.sequence?[1].location.column == 8)
    }

    @Test func numbersResolveToIntBigIntOrFloat() throws {
        let node = try parse("[0, -7, 123456789012345678901234567890, 1.5, 2E3]")
        #expect(
            node.sequence?.map { $0.scalar?.value } == [
                .int(0), .int(-7), .bigInt("123456789012345678901234567890"), .float(1.5), .float(2000)
            ])
    }

    @Test func whitespaceOnlyInputIsAnEmptyDocument() throws {
        #expect(try parse(" \n").scalar?.value == .null)
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a string key in object, found '}'"),
        ("[1 2]", 1, 4, "expected ',' or ']' in array, found '2'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after object key, found '1'"),
        ("[01]", 1, 3, "expected ',' or ']' in array, found '1'"),
        ("[1.]", 1, 4, "invalid number: expected a digit after '.'"),
        ("\"abc", 1, 5, "unterminated string"),
        ("[tru]", 1, 2, "invalid literal, expected 'true'"),
        ("{} {}", 1, 4, "unexpected '{' after the JSON value"),
        ("[\"\\x\"]", 1, 3, "invalid escape '\\x' in string"),
        ("[\"\\ud83d\"]", 1, 3, "invalid Unicode escape: high surrogate \\ud83d without a low surrogate"),
        ("[\"\\udc4d\"]", 1, 3, "invalid Unicode escape: unpaired low surrogate \\udc4d"),
        ("[\n  \"a\tb\"]", 2, 5, "control character in string (escape it as \\u009)")
    ])
    func malformedJSONIsALocatedSyntaxError(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(failure(text))
        #expect(error.kind == .syntax)
        #expect(error.message == message)
        #expect(error.location.line == line)
        #expect(error.location.column == column)
    }

    @Test func duplicateKeysAreRejected() throws {
        let error = try #require(failure("{\"a\": 1,\n \"a\": 2}"))
        #expect(error.kind == .duplicateKey)
        #expect(error.location == SourceLocation(file: "t.json", line: 2, column: 2))
        #expect(
            try parse("{\"a\": 1, \"a\": 2}", options: YAMLParseOptions(rejectDuplicateKeys: false)).mapping?.count == 2
        )
    }

    @Test func deepNestingIsALimitNotAStackOverflow() throws {
        let text = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let error = try #require(failure(text))
        #expect(error.kind == .nestingLimit)
    }

    @Test func invalidUTF8IsLocated() throws {
        var bytes = Array("{\"a\":\n \"".utf8)
        bytes += [0xFF, 0x22, 0x7D]
        #expect(throws: YAMLError.self) { try JSONReader.parseDocument(bytes, file: "t.json") }
        do {
            _ = try JSONReader.parseDocument(bytes, file: "t.json")
        } catch {
            #expect(error.kind == .invalidUTF8)
            #expect(error.location.line == 2)
        }
    }

    @Test func detectsJSONByItsFirstCharacter() {
        #expect(JSONReader.looksLikeJSON(Array("  \n{\"openapi\": \"3.1.0\"}".utf8)))
        #expect(!JSONReader.looksLikeJSON(Array("openapi: 3.1.0".utf8)))
        #expect(!JSONReader.looksLikeJSON([]))
    }

    @Test func agreesWithTheYAMLParserOnTheTwilioDocument() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/data/openapi").standardizedFileURL
        let json = try Array(Data(contentsOf: data.appendingPathComponent("twilio-api-v2010.json")))
        let yaml = try Array(Data(contentsOf: data.appendingPathComponent("twilio-api-v2010.yaml")))
        let fromJSON = try JSONReader.parseDocument(json, file: "twilio.json")
        let fromYAML = try YAMLParser.parseDocument(yaml, file: "twilio.yaml")
        #expect(Self.plain(fromJSON) == Self.plain(fromYAML))
    }

    /// A location-free rendering for comparing two trees (iterative: trees can be deep).
    private static func plain(_ root: Node) -> String {
        var out = ""
        var stack: [(Node?, String)] = [(root, "")]
        while let (node, suffix) = stack.popLast() {
            guard let node else { out += suffix; continue }
            switch node.kind {
            case .scalar(let s):
                switch s.value {
                case .string(let v): out += "s:\(v.debugDescription)"
                case .int(let v): out += "n:\(v)"
                case .float(let v): out += "n:\(v)"
                case .bigInt(let v): out += "n:\(v)"
                case .bool(let v): out += "b:\(v)"
                case .null: out += "null"
                }
                out += suffix
            case .sequence(let items):
                out += "["
                stack.append((nil, "]" + suffix))
                for item in items.reversed() { stack.append((item, ",")) }
            case .mapping(let entries):
                out += "{"
                stack.append((nil, "}" + suffix))
                for entry in entries.reversed() {
                    stack.append((entry.value, ","))
                    stack.append((entry.key, ":"))
                }
            }
        }
        return out
    }
}
