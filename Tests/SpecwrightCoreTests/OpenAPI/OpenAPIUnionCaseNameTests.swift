import Foundation
import SpecwrightCore
import Testing

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
        "no type or case name in a corpus client ends in digits the document did not write",
        arguments: OpenAPICorpusTests.documents)
    func corpusNamesWithoutInventedDigits(name: String) throws {
        let bytes = try OpenAPICorpusTests.bytes(name)
        let output = try OpenAPISupport.generate(bytes: bytes, file: name)
        let text = String(decoding: bytes, as: UTF8.self)
        let swift = output.files.values.joined(separator: "\n")
        let written = Self.writtenWords(text)
        let invented = Self.namesEndingInDigits(swift).filter { !Self.documentWrites($0, words: written) }
        #expect(invented.isEmpty, "\(name): \(invented.sorted())")
    }

    /// The declared type and case names of generated code that end in a digit.
    static func namesEndingInDigits(_ swift: String) -> Set<String> {
        let declaration = #/\b(?:struct|enum|class|protocol|typealias|actor|case)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        return Set(swift.matches(of: declaration).map { String($0.output.1) }.filter { $0.last?.isNumber == true })
    }

    /// The words of a document that end in a digit, lowercased with separators left out
    /// (`WASHI_TAPE_6` → `washitape6`, `v2`), and its status keys (`'404':`).
    static func writtenWords(_ text: String) -> (words: Set<String>, statuses: Set<String>) {
        var words: Set<String> = []
        var statuses: Set<String> = []
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
        return (words, statuses)
    }

    /// Whether the document writes the digits a name ends in: a word of the document ends the
    /// name, or the digits are a response status key (`GetFileError404`).
    static func documentWrites(_ name: String, words: (words: Set<String>, statuses: Set<String>)) -> Bool {
        let lower = name.lowercased()
        let digits = String(lower.reversed().prefix { $0.isNumber }.reversed())
        if words.statuses.contains(digits) { return true }
        return lower.indices.contains { words.words.contains(String(lower[$0...])) }
    }
}
