import Foundation
import SpecwrightTestSupport
import Testing

@testable import SpecwrightCore

/// Inline union alternatives are named after what selects them, never by a number the spec did
/// not write (#14 item 2).
@Suite("OpenAPI union case names")
struct OpenAPIUnionCaseNameTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Unions, version: '1'}
        paths:
          /things:
            get:
              operationId: listThings
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Page'}
        components:
          schemas:
            Page:
              type: object
              properties:
                trigger: {$ref: '#/components/schemas/Trigger'}
                action: {$ref: '#/components/schemas/Action'}
                connector: {$ref: '#/components/schemas/Connector'}
                rows: {$ref: '#/components/schemas/Rows'}
                same: {$ref: '#/components/schemas/Same'}
                order: {$ref: '#/components/schemas/Order'}
                twice: {$ref: '#/components/schemas/Twice'}
            Asset: {type: object, properties: {id: {type: string}}}
            Team: {type: object, properties: {name: {type: string}}}
            AfterTimeout:
              type: object
              properties:
                type: {type: string, enum: [AFTER_TIMEOUT]}
                timeout: {type: number}
              required: [type, timeout]
            Trigger:
              oneOf:
                - type: object
                  properties:
                    type: {type: string, enum: [ON_CLICK, ON_HOVER]}
                  required: [type]
                - $ref: '#/components/schemas/AfterTimeout'
                - type: object
                  properties:
                    type: {type: string, enum: [MOUSE_ENTER, MOUSE_LEAVE, MOUSE_UP]}
                    delay: {type: number}
                  required: [type, delay]
                - type: object
                  properties:
                    type: {type: string, enum: [ON_MEDIA_END]}
                  required: [type]
            Action:
              oneOf:
                - type: object
                  properties:
                    type: {type: string, enum: [BACK, CLOSE]}
                  required: [type]
                - type: object
                  properties:
                    type: {type: string, const: URL}
                    url: {type: string}
                  required: [type, url]
            Connector:
              oneOf:
                - type: object
                  properties:
                    nodeId: {type: string}
                    position: {type: string}
                - type: object
                  properties:
                    nodeId: {type: string}
                    magnet: {type: string, enum: [AUTO, TOP]}
            Rows:
              oneOf:
                - type: array
                  items: {$ref: '#/components/schemas/Asset'}
                - type: array
                  items: {$ref: '#/components/schemas/Team'}
            Same:
              anyOf:
                - type: object
                  properties:
                    value: {type: string}
                - type: object
                  properties:
                    value: {type: integer}
            Order:
              oneOf:
                - type: string
                  enum: [asc, desc]
                - type: integer
            Twice:
              anyOf:
                - type: array
                  items: {type: string}
                - type: array
                  items: {type: string, maxLength: 3}
        """

    @Test("inline alternatives are named after their tag values, own properties, values or elements")
    func namedAfterWhatSelectsThem() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types
        for expected in [
            "case onClickOrOnHover(TriggerOnClickOrOnHover)", "case afterTimeout(AfterTimeout)",
            "case mouse(TriggerMouse)", "case onMediaEnd(TriggerOnMediaEnd)",
            "case backOrClose(ActionBackOrClose)", "case url(ActionUrl)",
            "case withPosition(ConnectorWithPosition)", "case withMagnet(ConnectorWithMagnet)",
            "case assets([Asset])", "case teams([Team])",
            "case ascOrDesc(OrderAscOrDesc)", "case int(Int)",
            "case firstOption(SameFirstOption)", "case secondOption(SameSecondOption)",
            "case strings([String])", "case stringsValue([String])"
        ] {
            #expect(types.contains(expected), "\(expected)")
        }
        #expect(Self.namesEndingInDigits(types).isEmpty, "\(Self.namesEndingInDigits(types))")
    }

    @Test("only a position names an alternative with a warning; a clash with a sibling says so")
    func warnings() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let naming = output.diagnostics.filter { $0.contains("[naming]") }
        #expect(naming.filter { $0.contains("after its position") }.count == 2, "\(naming)")
        #expect(naming.contains { $0.contains("'firstOption'") && $0.contains("'Same'") })
        #expect(
            naming.contains {
                $0.contains("the case 'strings' of 'Twice' is generated as 'stringsValue'")
                    && $0.contains("another alternative of 'Twice' is named 'strings' too")
            }, "\(naming)")
        #expect(!naming.contains { $0.contains("already a Swift, Foundation, runtime or generated name") }, "\(naming)")
        #expect(naming.count == 3, "\(naming)")
    }

    @Test(
        "a case that would hide the type of its name gets a `case` prefix, a title without letters a position: warned")
    func casePrefixIsWarned() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /x:
                        get:
                          operationId: getX
                          responses:
                            '200':
                              description: ok
                              content: {application/json: {schema: {$ref: '#/components/schemas/Holder'}}}
                    """,
                schemas: """
                        3eNum1: {type: object, properties: {a: {type: string}}}
                        Other: {type: object, properties: {b: {type: string}}}
                        Holder:
                          oneOf:
                            - $ref: '#/components/schemas/3eNum1'
                            - $ref: '#/components/schemas/Other'
                            - {type: object, title: '+', properties: {c: {type: string}}}
                    """))
        #expect(output.types.contains("case case3eNum1(_3eNum1)"), "\(output.types)")
        #expect(output.types.contains("case thirdOption("), "\(output.types)")
        let naming = output.diagnostics.filter { $0.contains("[naming]") }
        #expect(
            naming.contains {
                $0.contains("the case '_3eNum1' of 'Holder' is generated as 'case3eNum1'")
                    && $0.contains("would hide the type of that name inside 'Holder'")
            }, "\(output.diagnostics)")
        #expect(
            naming.contains {
                $0.contains("the case '+' of 'Holder' is generated as 'thirdOption' after its position")
            }, "\(output.diagnostics)")
    }

    @Test(
        "no name in a corpus client ends in digits the document did not write: types, cases, methods, properties, parameters",
        arguments: OpenAPICorpusTests.documents)
    func corpusNamesWithoutInventedDigits(name: String) async throws {
        let bytes = try OpenAPICorpusTests.bytes(name)
        // Generation and the scan of the client (megabytes for Twilio) run off the concurrency pool.
        let invented = try await offThePool { () throws -> [String] in
            let output = try OpenAPISupport.generate(bytes: bytes, file: name)
            let written = Self.writtenWords(String(decoding: bytes, as: UTF8.self))
            let swift = output.files.values.joined(separator: "\n")
            return Self.generatedNames(swift).filter { $0.last?.isNumber == true }
                .filter { !Self.documentWrites($0, words: written) }.sorted()
        }
        #expect(invented.isEmpty, "\(name): \(invented)")
    }

    @Test(
        "no name ends in digits the document did not write in the specs, the fixtures and the edge documents",
        arguments: QuotedNameTests.corpus.filter { !$0.hasPrefix(OpenAPICorpusTests.folder.path + "/") })
    func fixtureNamesWithoutInventedDigits(path: String) async throws {
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        let file = URL(fileURLWithPath: path).lastPathComponent
        let invented = try await offThePool { () throws -> [String] in
            let templates = try TemplateSet.defaults()
            let result = GenerationPipeline.run(GenerationInput(bytes: bytes, file: file, templates: templates))
            let written = Self.writtenWords(String(decoding: bytes, as: UTF8.self))
            let swift = result.files.map(\.contents).joined(separator: "\n")
            return Self.generatedNames(swift).filter { $0.last?.isNumber == true }
                .filter { !Self.documentWrites($0, words: written) }.sorted()
        }
        #expect(invented.isEmpty, "\(path): \(invented)")
    }

    @Test("the name scan sees declarations, parameters and argument labels, not comments, strings or API members")
    func nameScan() {
        let swift = #"""
            /// A `Comment1` and "Quoted2".
            public struct Page3: Sendable {
                public let _20: Group4  // trailing5
                func list(limit6 limit: Int, _ offset7: Int) { call(label8: "text9 // x10", dates: DateCoding.iso8601) }
                let text = """
                    Multi11
                    """
                case value12(Int)
                case value13 /* block14 */
            }
            """#
        #expect(
            Self.generatedNames(swift).filter { $0.last?.isNumber == true }
                == ["Page3", "_20", "limit6", "offset7", "label8", "value12", "value13"])
    }

    /// The declared type and case names of generated code that end in a digit.
    static func namesEndingInDigits(_ swift: String) -> Set<String> {
        let declaration = #/\b(?:struct|enum|class|protocol|typealias|actor|case)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        return Set(swift.matches(of: declaration).map { String($0.output.1) }.filter { $0.last?.isNumber == true })
    }

    /// The names generated code declares or labels, in order of appearance: the identifier after
    /// `struct`, `enum`, `class`, `protocol`, `typealias`, `actor`, `case`, `func`, `var`, `let` and
    /// `associatedtype`, and parameter and argument labels (an identifier after `(` or `,`, with
    /// an optional second name, before `:`). Comments and string literals are left out, and so are
    /// members of the runtime, Swift or Foundation the code only uses (`DateCoding.iso8601`, `.utf8`).
    static func generatedNames(_ swift: String) -> [String] {
        let tokens = Self.tokens(swift)
        let keywords: Set<String> = [
            "struct", "enum", "class", "protocol", "typealias", "actor", "case", "func", "var", "let",
            "associatedtype"
        ]
        func isIdentifier(_ index: Int) -> Bool {
            tokens.indices.contains(index) && (tokens[index].first.map { $0 == "_" || $0.isLetter } ?? false)
        }
        var names: [String] = []
        for index in tokens.indices where isIdentifier(index) {
            let previous = index > 0 ? tokens[index - 1] : ""
            if keywords.contains(previous) {
                names.append(tokens[index])
            } else if previous == "(" || previous == "," {
                let colon = isIdentifier(index + 1) ? index + 2 : index + 1
                if tokens.indices.contains(colon), tokens[colon] == ":" {
                    names.append(tokens[index])
                    if colon == index + 2 { names.append(tokens[index + 1]) }
                }
            }
        }
        return names
    }

    /// Identifiers and single punctuation characters of Swift source, without comments (`//`, `/* */`)
    /// and string literals (`"…"`, `"""…"""`, `#"…"#`; interpolations go with them).
    static func tokens(_ swift: String) -> [String] {
        let scalars = Array(swift.unicodeScalars)
        var tokens: [String] = []
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? {
            scalars.indices.contains(index + offset) ? scalars[index + offset] : nil
        }
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", at(1) == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", at(1) == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && at(1) == "/") { index += 1 }
                index += 2
            } else if scalar == "#" || scalar == "\"" {
                // A string literal: `#`s, then one or three quotes; it ends at the same quotes and `#`s.
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                guard at(hashes) == "\"" else {
                    index += max(hashes, 1)
                    continue
                }
                let triple = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
                index += hashes + (triple ? 3 : 1)
                let closing: [Unicode.Scalar] =
                    Array(repeating: "\"", count: triple ? 3 : 1) + Array(repeating: "#", count: hashes)
                while index < scalars.count {
                    if hashes == 0, scalars[index] == "\\" {
                        index += 2
                        continue
                    }
                    if closing.indices.allSatisfy({ at($0) == closing[$0] }) {
                        index += closing.count
                        break
                    }
                    index += 1
                }
            } else if isWord(scalar) {
                let start = index
                while index < scalars.count, isWord(scalars[index]) { index += 1 }
                tokens.append(String(String.UnicodeScalarView(scalars[start..<index])))
            } else {
                if !scalar.properties.isWhitespace { tokens.append(String(scalar)) }
                index += 1
            }
        }
        return tokens
    }

    /// The words of a document that end in a digit, lowercased with separators left out
    /// (`WASHI_TAPE_6` → `washitape6`, `v2`), and its status keys (`'404':`).
    static func writtenWords(_ text: String) -> Written {
        var words: Set<String> = []
        var statuses: Set<String> = []
        let numbers = Set(text.split { !$0.isASCII || !$0.isNumber }.map(String.init))
        for line in text.split(whereSeparator: \.isNewline) {
            for run in line.split(whereSeparator: {
                !($0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)))
            }) {
                let token = String(run.lowercased().filter { $0.isLetter || $0.isNumber })
                guard token.last?.isNumber == true else { continue }
                if !token.allSatisfy(\.isNumber) { words.insert(token) }
            }
            // A status key: `'404':`, `"404":` or `404:` (YAML lines and JSON objects alike).
            for piece in line.split(separator: ":", omittingEmptySubsequences: false).dropLast() {
                let key = piece.split(whereSeparator: { " \t{,\"'".contains($0) }).last.map(String.init) ?? ""
                if key.count == 3, key.allSatisfy(\.isNumber), ("1"..."5").contains(key.prefix(1)) {
                    statuses.insert(key)
                }
            }
        }
        return Written(words: words, statuses: statuses, numbers: numbers)
    }

    /// What a document writes that a name may end in.
    struct Written {
        /// Words that end in a digit, lowercased without separators (`washitape6`, `v2`).
        var words: Set<String>
        /// Response status keys (`404`).
        var statuses: Set<String>
        /// Every run of digits (`1` of `enum: [1, 2, 3]`).
        var numbers: Set<String>
    }

    /// Whether the document writes the digits a name ends in: a word of the document ends the
    /// name, the digits are a response status key (`GetFileError404`), or the name is an integer
    /// enum case named after a value the document writes (`value1`, `valueMinus3`).
    static func documentWrites(_ name: String, words: Written) -> Bool {
        let lower = name.lowercased()
        let digits = String(lower.reversed().prefix { $0.isNumber }.reversed())
        if words.statuses.contains(digits) { return true }
        let stem = lower.dropLast(digits.count)
        if stem == "value" || stem == "valueminus", words.numbers.contains(digits) { return true }
        return lower.indices.contains { words.words.contains(String(lower[$0...])) }
    }
}
