import Foundation
import Testing
@testable import SpecwrightCore

/// Issue #14 item 2: no silent renames that read as bugs. Group types are named apart from the
/// root client, a taken name gets a word instead of a digit, and every rename is warned about,
/// in both front ends.
@Suite struct RenameWarningTests {
    /// Identifiers of the generated code that end in a digit (string literals and comments left out).
    static func digitEndedIdentifiers(_ swift: String) -> Set<String> {
        let code = GenerationSupport.codeOutsideLiteralsAndComments(swift)
        let words = code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        return Set(
            words.filter { word in word.first?.isLetter == true && word.last?.isNumber == true }.map(String.init))
    }

    @Test func aServiceNamedLikeOneOfItsGroupsNeedsNoRename() throws {
        let yaml = """
            specwright: 1
            name: Feed
            baseURL: https://feed.example
            types:
              Feed:
                properties:
                  id: String
            endpoints:
              feed:
                timeline:
                  get: /timeline
                  response: "[Feed]"
              feedClient:
                ping:
                  get: /ping
            """
        let result = try GenerationSupport.generate(yaml)
        let client = try #require(result.files["Client.swift"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(client.contains("public struct FeedClient: Sendable {"))
        #expect(client.contains("public struct FeedGroup: FeedAPI {"))
        #expect(client.contains("public let feed: FeedGroup"))
        #expect(client.contains("public struct FeedClientGroup: FeedClientAPI {"))
        let swift = result.files.values.joined(separator: "\n")
        #expect(Self.digitEndedIdentifiers(swift).isEmpty, "\(Self.digitEndedIdentifiers(swift))")
    }

    @Test func everyRenameOfATypeOrMemberIsWarnedWhereTheNameIsWritten() throws {
        let yaml = """
            specwright: 1
            name: Shop
            baseURL: https://shop.example
            types:
              Error:
                properties:
                  self: String
                  hashValue: Int
              Status:
                enum: [unknown, rawValue, open]
            endpoints:
              orders:
                method:
                  get: /orders
                  query: { queryItems: String? }
                  response: Status
            """
        let result = try GenerationSupport.generate(yaml)
        let swift = result.files.values.joined(separator: "\n")
        let expected = [
            ("snippet.yaml:5:3", "type 'Error' is generated as 'ErrorModel'"),
            ("snippet.yaml:7:7", "property 'self' is generated as 'selfValue'"),
            ("snippet.yaml:8:7", "property 'hashValue' is generated as 'hashValueField'"),
            ("snippet.yaml:10:21", "enum value 'rawValue' is generated as 'rawValueField'"),
            ("snippet.yaml:13:5", "endpoint 'method' is generated as 'methodValue'"),
            ("snippet.yaml:15:16", "parameter 'queryItems' is generated as 'queryItemsValue'")
        ]
        for (location, message) in expected {
            #expect(
                result.diagnostics.contains { $0.hasPrefix(location + ": warning: " + message) },
                "\(message): \(result.diagnostics)")
        }
        #expect(result.diagnostics.count == expected.count, "\(result.diagnostics)")
        // The value `unknown` keeps its name; the catch-all takes the next free one.
        #expect(swift.contains("    case unknown\n"))
        #expect(swift.contains("    case undocumented(String)\n"))
        #expect(Self.digitEndedIdentifiers(swift).isEmpty, "\(Self.digitEndedIdentifiers(swift))")
    }

    @Test func openAPIRenamesAreWarnedAndNeverDigitsAndATagNamedLikeTheTitleCollidesWithNothing() throws {
        let document = """
            openapi: 3.0.3
            info: { title: Feed, version: 1.0.0 }
            paths:
              /feed:
                get:
                  operationId: timeline
                  tags: [feed]
                  parameters:
                    - { name: page-size, in: query, schema: { type: integer } }
                    - { name: page_size, in: query, schema: { type: integer } }
                  responses:
                    '200':
                      description: ok
                      content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }
            components:
              schemas:
                Error:
                  type: object
                  properties:
                    hashValue: { type: string }
                    kind: { type: string, enum: [unknown, open] }
            """
        let output = try OpenAPISupport.generate(document)
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("public struct FeedClient: Sendable {"))
        #expect(output.client.contains("public struct FeedGroup: FeedAPI {"))
        for message in [
            "schema 'Error' is generated as 'ErrorModel'",
            "property 'hashValue' of 'ErrorModel' is generated as 'hashValueField'",
            "parameter 'page_size' is generated as 'pageSizeValue'"
        ] {
            #expect(
                output.diagnostics.contains { $0.contains("warning: " + message) && $0.hasSuffix("[naming]") },
                "\(message): \(output.diagnostics)")
        }
        #expect(output.types.contains("    case unknown\n"))
        #expect(output.types.contains("    case undocumented(String)\n"))
        #expect(Self.digitEndedIdentifiers(output.swift).isEmpty, "\(Self.digitEndedIdentifiers(output.swift))")
    }
}
