import SpecwrightCore
import Testing

/// A few lines of spec in, the expected Swift out: one test per construct and naming rule.
@Suite struct GenerationSnippetTests {
    typealias Support = GenerationSupport

    static func types(_ yaml: String, extra: String = "") throws -> String {
        let result = try Support.generate(Support.spec(types: yaml, extra: extra))
        return try #require(result.files["Types.swift"], "\(result.diagnostics)")
    }

    static func endpoints(_ yaml: String, types: String = "") throws -> (endpoints: String, client: String) {
        let result = try Support.generate(Support.spec(types: types, endpoints: yaml))
        let endpoints = try #require(result.files["Endpoints.swift"], "\(result.diagnostics)")
        return (endpoints, try #require(result.files["Client.swift"]))
    }

    // MARK: Types

    @Test func anObjectBecomesACodableHashableSendableStructWithAMemberwiseInit() throws {
        let swift = try Self.types("  Tag:\n    properties:\n      label: String\n      weight: Double?\n")
        #expect(
            swift.contains(
                """
                public struct Tag: Codable, Hashable, Sendable, _GeneratedObject {
                    public let label: String
                    public let weight: Double?

                    public init(label: String, weight: Double? = nil) {
                        self.label = label
                        self.weight = weight
                    }

                    public init(from decoder: any Decoder) throws {
                        var fields = try FieldDecoder(decoder)
                        self.init(label: try fields.required("label"), weight: fields.optional("weight"))
                        try fields.finish()
                    }

                    /// Each field with its JSON name; `encode(to:)`, `==` and `hash(into:)` follow from this list.
                    public static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
                        fields.field("label", lhs.label, rhs.label)
                        fields.field("weight", lhs.weight, rhs.weight)
                    }
                }
                """))
    }

    @Test func theMutablePropertiesOptionWritesVarProperties() throws {
        let result = try Support.generate(
            Support.spec(types: "  Tag:\n    properties:\n      label: String\n"), mutableProperties: true)
        let swift = try #require(result.files["Types.swift"])
        #expect(swift.contains("    public var label: String\n"))
        #expect(!swift.contains("public let label"))
    }

    @Test func codingIsOneRuntimeCallEachWithEveryJSONNameNextToItsField() throws {
        let swift = try Self.types("  A:\n    properties:\n      createdAt: Date\n", extra: "jsonKeys: snake_case")
        #expect(!swift.contains("CodingKeys"))
        #expect(!swift.contains("fieldKeys"))
        #expect(swift.contains("self.init(createdAt: try fields.required(\"created_at\"))"))
        #expect(swift.contains("fields.field(\"created_at\", lhs.createdAt, rhs.createdAt)"))
        #expect(!swift.contains("keyDecodingStrategy"))
    }

    @Test func defaultsAreInitArgumentsAndFillMissingKeysWhenDecoding() throws {
        let swift = try Self.types(
            "  Page:\n    properties:\n      size: { type: Int, default: 20 }\n      tags: { type: \"[String]\", default: [] }\n"
        )
        #expect(swift.contains("public init(size: Int = 20, tags: [String] = []) {"))
        let flat = swift.filter { !$0.isWhitespace }
        #expect(
            flat.contains(
                "self.init(size:fields.optional(\"size\",default:20),tags:fields.optional(\"tags\",default:[]))"))
    }

    @Test func aStringEnumHasAnUnknownCaseAndRawValueRoundTrip() throws {
        let swift = try Self.types("  Mood:\n    enum: [happy, so-so]\n")
        #expect(swift.contains("    case happy\n    case soSo\n"))
        #expect(swift.contains("    case unknown(String)\n"))
        #expect(swift.contains("        case \"so-so\": self = .soSo\n"))
        #expect(swift.contains("        default: self = .unknown(rawValue)\n"))
        #expect(swift.contains("        case .unknown(let value): value\n"))
        // Coding and query conversion come from the runtime's OpenStringEnum, written once.
        #expect(swift.contains("public enum Mood: OpenStringEnum {"))
        #expect(!swift.contains("init(from decoder"))
    }

    @Test func anEnumValueNamedLikeTheCatchAllKeepsItsNameAndTheCatchAllTakesAnother() throws {
        let swift = try Self.types("  State:\n    enum: [unknown, rawValue]\n")
        #expect(swift.contains("    case unknown\n    case rawValueField\n    /// A value"))
        #expect(swift.contains("    case undocumented(String)\n"))
    }

    @Test func keywordsAreBacktickedAndLeadingDigitsPrefixed() throws {
        let swift = try Self.types("  Thing:\n    properties:\n      default: String\n      3d: Bool\n")
        #expect(swift.contains("    public let `default`: String\n"))
        #expect(swift.contains("    public let _3d: Bool\n"))
        #expect(
            swift.contains("self.init(default: try fields.required(\"default\"), _3d: try fields.required(\"3d\"))"))
        #expect(swift.contains("fields.field(\"default\", lhs.`default`, rhs.`default`)"))
        #expect(swift.contains("fields.field(\"3d\", lhs._3d, rhs._3d)"))
    }

    @Test func snakeAndKebabNamesBecomeCamelCase() throws {
        let swift = try Self.types("  Thing:\n    properties:\n      page_size: Int\n      max-items: Int\n")
        #expect(swift.contains("public let pageSize: Int"))
        #expect(swift.contains("public let maxItems: Int"))
        #expect(
            swift.filter { !$0.isWhitespace }.contains(
                "pageSize:tryfields.required(\"page_size\"),maxItems:tryfields.required(\"max-items\")"))
    }

    @Test func aTypeNamedLikeARuntimeTypeIsRenamedWithAWarning() throws {
        let result = try Support.generate(Support.spec(types: "  Endpoint:\n    properties:\n      x: Int\n"))
        #expect(result.files["Types.swift"]?.contains("public struct EndpointModel: Codable") == true)
        #expect(result.diagnostics.contains { $0.contains("warning: type 'Endpoint' is generated as 'EndpointModel'") })
    }

    @Test func descriptionsBecomeDocCommentsThatCannotEndEarly() throws {
        let swift = try Self.types(
            "  A:\n    description: \"x */ y\\nstruct Evil {}\"\n    properties:\n      b: Int\n")
        #expect(swift.contains("/// x */ y\n/// struct Evil {}\npublic struct A"))
    }

    @Test func stringsBecomeEscapedLiterals() throws {
        let swift = try Self.types("  A:\n    properties:\n      b: { type: String, key: \"q\\\"\\\\(x)\" }\n")
        #expect(swift.contains(#"self.init(b: try fields.required("q\"\\(x)"))"#))
        #expect(swift.contains(#"fields.field("q\"\\(x)", lhs.b, rhs.b)"#))
    }

    @Test(arguments: [
        (AccessLevel.package, "package struct A"), (.internal, "\nstruct A"), (.public, "public struct A")
    ])
    func theAccessLevelOptionAppliesToEveryDeclaration(access: AccessLevel, expected: String) throws {
        let result = try Support.generate(Support.spec(types: "  A:\n    properties:\n      b: Int\n"), access: access)
        #expect(result.files["Types.swift"]?.contains(expected) == true)
        if access == .internal {
            #expect(result.files.values.allSatisfy { !$0.contains("public ") && !$0.contains("package ") })
        }
    }

    // MARK: Endpoints and client

    @Test func pathParametersBecomeRawSegmentsAndLabels() throws {
        let (endpoints, client) = try Self.endpoints(
            "  users:\n    show:\n      get: /users/{user-id}/posts\n      path: { user-id: Int }\n")
        #expect(endpoints.contains("    case show(userId: Int)\n"))
        #expect(endpoints.contains("        case .show(let userId): [\"users\", String(userId), \"posts\"]\n"))
        #expect(client.contains("    func show(userId: Int) async throws\n"))
    }

    @Test func datePathParametersAreWrittenWithTheSpecDateCoding() throws {
        let (endpoints, _) = try Self.endpoints(
            "  days:\n    show:\n      get: /days/{day}\n      path: { day: Date }\n")
        #expect(endpoints.contains("case .show(let day): [\"days\", DateCoding.iso8601.string(from: day)]"))
    }

    @Test func optionalAndDefaultedParametersGetDefaultArgumentsInAProtocolExtension() throws {
        let (_, client) = try Self.endpoints(
            "  items:\n    list:\n      get: /items\n      query: { page: { type: Int, default: 1 }, q: String? }\n      response: \"[String]\"\n"
        )
        #expect(client.contains("    func list(page: Int, q: String?) async throws -> [String]\n"))
        #expect(
            client.contains(
                """
                extension ItemsAPI {
                    /// ``ItemsAPI/list(page:q:)`` with the spec's default arguments.
                    public func list(
                        page: Int = 1,
                        q: String? = nil,
                        _: DefaultArguments = .init()
                    ) async throws -> [String] {
                        try await self.list(page: page, q: q)
                """))
    }

    @Test func anOperationIsDocumentedOnceOnItsProtocolRequirementAndASummaryEqualToTheDescriptionOnce() throws {
        let (endpoints, client) = try Self.endpoints(
            "  items:\n    list:\n      get: /items\n      summary: Lists the items.\n      description: Lists the items.\n"
                + "      query: { q: String? }\n")
        #expect(client.components(separatedBy: "Lists the items.").count == 2, "\(client)")
        #expect(
            client.contains(
                "    /// Lists the items.\n    ///\n    /// `GET /items`\n    func list(q: String?) async throws\n"))
        #expect(client.contains("    /// ``ItemsAPI/list(q:)`` with the spec's default arguments.\n"))
        #expect(!endpoints.contains("Lists the items."))
        #expect(endpoints.contains("    /// The request of ``ItemsAPI/list(q:)``.\n    case list(q: String?)\n"))
        #expect(!client.contains("`GET /items`\n    public func"))
    }

    @Test func switchesBindOnlyWhatTheyUseAndNeedNoDefaultWhenComplete() throws {
        let (endpoints, _) = try Self.endpoints("  a:\n    one:\n      get: /one\n      query: { x: Int }\n")
        #expect(endpoints.contains("        case .one(let x):\n            queryItems.append(\"x\", x)\n        }\n"))
        #expect(!endpoints.contains("default:"))
    }

    @Test func anEndpointWithoutResponseReturnsVoidAndDataIsRaw() throws {
        let (_, client) = try Self.endpoints(
            "  files:\n    remove:\n      delete: /f\n    download:\n      get: /f/raw\n      response: Data\n")
        #expect(client.contains("try await self.client.send(FilesEndpoint.remove)"))
        #expect(client.contains("try await self.client.sendData(FilesEndpoint.download)"))
    }

    @Test func aSpecWithErrorsGeneratesNothing() throws {
        let result = try Support.generate(Support.spec(types: "  A:\n    properties:\n      b: Bok\n"))
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.contains { $0.contains("error: unknown type 'Bok'") })
    }

    @Test func objectAndMapQueryParametersAreWrittenInTheirStyle() throws {
        let (endpoints, client) = try Self.endpoints(
            "  x:\n    y:\n      get: /y\n      query:\n        a: A?\n"
                + "        created: { type: \"[String: Int]?\", style: deepObject }\n"
                + "        tags: { type: \"[String]?\", style: deepObject }\n",
            types: "  A:\n    properties:\n      b: Int\n")
        #expect(client.contains("created: [String: Int]?"))
        let joined = endpoints.joinedLayout
        #expect(joined.contains(#"queryItems.append("a", encoding: a, dates: DateCoding.iso8601)"#))
        #expect(
            joined.contains(
                #"queryItems.append("created", encoding: created, style: .deepObject, dates: DateCoding.iso8601)"#)
        )
        #expect(
            joined.contains(
                #"queryItems.append("tags", encoding: tags, style: .deepObject, dates: DateCoding.iso8601)"#))
    }

    @Test func allowReservedQueryParametersSendTheirReservedCharactersAsTheyAre() throws {
        let (endpoints, _) = try Self.endpoints(
            "  x:\n    y:\n      get: /y\n      query:\n        path: { type: String?, allowReserved: true }\n"
                + "        fields: { type: \"[String]?\", allowReserved: true }\n        plain: String?\n")
        let joined = endpoints.joinedLayout
        #expect(joined.contains(#"queryItems.append("path", path, allowingReserved: true)"#), "\(joined)")
        #expect(joined.contains(#"queryItems.append("fields", fields, allowingReserved: true)"#))
        #expect(joined.contains(#"queryItems.append("plain", plain)"#))
    }

    @Test func allowReservedOutsideTheQueryOrNotABooleanIsAnError() throws {
        let result = try Support.generate(
            Support.spec(
                endpoints:
                    "  x:\n    y:\n      get: /y\n      query: { a: { type: String, allowReserved: yes please } }\n"
                    + "      headers: { X-A: { type: String, allowReserved: true } }\n"))
        #expect(result.files.isEmpty)
        #expect(
            result.diagnostics.contains {
                $0.contains("expected true or false for 'allowReserved' of query parameter 'a'")
            }, "\(result.diagnostics)")
        #expect(
            result.diagnostics.contains {
                $0.contains("'allowReserved' applies only to query parameters, not to header parameter 'X-A'")
            })
    }

    @Test func aStyleOutsideTheQueryOrOfAnotherNameIsAnError() throws {
        let result = try Support.generate(
            Support.spec(
                endpoints: "  x:\n    y:\n      get: /y\n      query: { a: { type: Int, style: pipe } }\n"
                    + "      headers: { X-A: { type: Int, style: deepObject } }\n"))
        #expect(result.files.isEmpty)
        #expect(
            result.diagnostics.contains {
                $0.contains("expected 'form' or 'deepObject' for the style of query parameter 'a'")
            })
        #expect(
            result.diagnostics.contains {
                $0.contains("'style' applies only to query parameters, not to header parameter 'X-A'")
            })
    }
}
