import Testing
import SpecwrightYAML
@testable import SpecwrightCore

/// Every construct of the format that the bookstore spec does not show.
@Suite struct SpecConstructDecodingTests {
    private func document(_ body: String) throws -> SpecDocument {
        let result = loadSpec(minimalHeader + body)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        return try #require(result.document)
    }

    @Test func aMinimalSpecTakesTheDocumentedDefaults() throws {
        let spec = try document("")
        #expect(spec.auth == .none)
        #expect(spec.jsonKeys == .asIs)
        #expect(spec.dates == .iso8601)
        #expect(spec.envelope == nil)
        #expect(spec.defaults == .standard)
        #expect(spec.defaults.timeout == 30)
        #expect(spec.defaults.retry == RetrySetting(maxRetries: 3, baseDelay: 0.5, maxDelay: 8))
        #expect(spec.defaults.cache == .none)
        #expect(spec.types.isEmpty && spec.groups.isEmpty && spec.headers.isEmpty)
    }

    @Test(arguments: [
        ("auth: { apiKey: { header: X-Api-Key } }", AuthSetting.apiKeyHeader("X-Api-Key")),
        ("auth: { apiKey: { query: api_key } }", AuthSetting.apiKeyQuery("api_key")),
        ("auth: none", AuthSetting.none),
        ("auth: bearer", AuthSetting.bearer)
    ])
    func everyAuthFormDecodes(_ line: String, _ expected: AuthSetting) throws {
        #expect(try document(line + "\n").auth == expected)
    }

    @Test(arguments: DateEncoding.allCases)
    func everyDateEncodingDecodes(_ encoding: DateEncoding) throws {
        #expect(try document("dates: \(encoding.rawValue)\n").dates == encoding)
    }

    @Test func retryAndCacheFormsDecodeWithPartialRetryKeysDefaulted() throws {
        let spec = try document(
            """
            defaults:
              timeout: 2.5
              retry: { max: 5 }
              cache: { policy: cacheFirst, ttl: 10 }
            endpoints:
              a:
                one: { get: /one, retry: none, cache: none, timeout: 1 }
                two: { get: /two, retry: { baseDelay: 1, maxDelay: 1 }, cache: { policy: networkFirst, ttl: 0.5 } }
            """)
        #expect(
            spec.defaults
                == EndpointDefaults(
                    timeout: 2.5, retry: RetrySetting(maxRetries: 5, baseDelay: 0.5, maxDelay: 8),
                    cache: .cacheFirst(ttl: 10)))
        let one = spec.allEndpoints[0]
        #expect(one.retry == RetrySetting.none)
        #expect(one.retry?.isNone == true)
        #expect(one.cache == CacheSetting.none)
        #expect(one.timeout == 1)
        let two = spec.allEndpoints[1]
        #expect(two.retry == RetrySetting(maxRetries: 3, baseDelay: 1, maxDelay: 1))
        #expect(two.cache == .networkFirst(ttl: 0.5))
        #expect(two.timeout == nil)
    }

    @Test func anEnvelopeAcceptsASingleSuccessCodeAndNoSessionExpiredCodes() throws {
        let envelope = try #require(try document("envelope: { code: c, message: m, data: d, success: 200 }\n").envelope)
        #expect(envelope.successCodes == [200])
        #expect(envelope.sessionExpiredCodes.isEmpty)
        #expect(envelope.location == SourceLocation(file: "test.yaml", line: 4, column: 11))
    }

    @Test func anEnvelopeNamesTokenExpiredCodesThatTheServiceDescriptionCarries() throws {
        let spec = try document(
            "envelope: { code: c, message: m, data: d, success: [0], sessionExpired: [1001], tokenExpired: [1002] }\n")
        let envelope = try #require(spec.envelope)
        #expect(envelope.tokenExpiredCodes == [1002])
        let service = try #require(SpecLowering.lower(spec).api).service
        #expect(service.envelope?.tokenExpiredCodes == [1002])
        let arguments = ServiceArguments.arguments(service).joined(separator: "\n")
        #expect(arguments.contains("tokenExpiredCodes: [1002]"))
        // Without token-expired codes the generated description is what it always was.
        let plain = try #require(
            SpecLowering.lower(try document("envelope: { code: c, message: m, data: d, success: 0 }\n")).api
        ).service
        #expect(!ServiceArguments.arguments(plain).joined().contains("tokenExpiredCodes"))
    }

    @Test func aCodeInTwoEnvelopeListsIsALocatedError() {
        let lines = diagnosticLines(
            minimalHeader
                + "envelope: { code: c, message: m, data: d, success: [0], sessionExpired: [7], tokenExpired: [7, 0] }\n"
        )
        #expect(lines.contains { $0.contains("error: 'tokenExpired' lists 0, which 'success' lists too") })
        #expect(lines.contains { $0.contains("error: 'tokenExpired' lists 7, which 'sessionExpired' lists too") })
        #expect(lines.allSatisfy { $0.hasPrefix("test.yaml:") })
    }

    @Test func staticHeadersKeepOrderAndTakeScalarsAsText() throws {
        let spec = try document("headers:\n  Accept: application/json\n  X-Version: 2\n")
        #expect(spec.headers.map(\.name) == ["Accept", "X-Version"])
        #expect(spec.headers.map(\.value) == ["application/json", "2"])
    }

    @Test func unquotedFlowSequencesAreArrayAndDictionarySugar() throws {
        let spec = try document(
            """
            types:
              Tag: { properties: { name: String } }
              Bag:
                properties:
                  tags: [Tag]
                  nested: [[Tag]]
                  counts: [String: Int]
                  lists: [String: [Tag]]
            """)
        let bag = try #require(spec.type(named: "Bag"))
        #expect(
            bag.properties.map(\.type.expression) == [
                .array(.named("Tag")), .array(.array(.named("Tag"))), .dictionary(.primitive(.int)),
                .dictionary(.array(.named("Tag")))
            ])
        #expect(
            bag.properties[3].type.references == [
                Located("Tag", at: SourceLocation(file: "test.yaml", line: 11, column: 24))
            ])
    }

    @Test func undeclaredPathParametersAreStringsInPathOrder() throws {
        let endpoint = try #require(
            try document(
                """
                endpoints:
                  posts:
                    react:
                      post: /posts/{postId}/reactions/{emoji}.json
                      path: { postId: { type: UUID, description: The post. } }
                """
            ).allEndpoints.first)
        #expect(endpoint.pathParameters.map(\.name) == ["postId", "emoji"])
        #expect(endpoint.pathParameters.map(\.isDeclared) == [true, false])
        #expect(endpoint.pathParameters.map(\.type.expression) == [.primitive(.uuid), .primitive(.string)])
        #expect(endpoint.pathParameters.first?.description == "The post.")
        #expect(
            endpoint.path.value.segments == [
                [.literal("posts")], [.parameter("postId")], [.literal("reactions")],
                [.parameter("emoji"), .literal(".json")]
            ])
        #expect(endpoint.isIdempotent == false)
        #expect(endpoint.idempotent == nil)
    }

    @Test func errorsAcceptADefaultEntryAndKeepOrder() throws {
        let endpoint = try #require(
            try document(
                """
                types:
                  Problem: { properties: { detail: String } }
                endpoints:
                  a:
                    b:
                      delete: /b
                      errors: { 409: Problem, default: Problem, 404: "[Problem]" }
                """
            ).allEndpoints.first)
        #expect(endpoint.errors.map(\.status) == [409, nil, 404])
        #expect(endpoint.errors.last?.type.expression == .array(.named("Problem")))
    }

    @Test func mergeKeysAndExtensionKeysShareSettings() throws {
        let spec = try document(
            """
            x-shared: &shared
              timeout: 5
              auth: none
            endpoints:
              a:
                one: { get: /one, <<: *shared }
                two:
                  <<: *shared
                  get: /two
                  timeout: 9
            """)
        #expect(spec.allEndpoints.map(\.timeout) == [5, 9])
        #expect(spec.allEndpoints.map(\.auth) == [AuthSetting.none, AuthSetting.none])
    }

    @Test func emptySectionsAreAllowed() throws {
        let spec = try document("types:\nendpoints:\n  empty:\n")
        #expect(spec.types.isEmpty)
        #expect(spec.groups.map(\.name) == ["empty"])
        #expect(spec.groups.first?.endpoints.isEmpty == true)
    }

    @Test func defaultsOfEveryFittingKindAreAccepted() throws {
        let spec = try document(
            """
            types:
              Mode: { enum: [fast, slow] }
              Options:
                properties:
                  name: { type: String, default: "x" }
                  count: { type: Int64, default: 3 }
                  ratio: { type: Double, default: 1 }
                  flag: { type: Bool, default: false }
                  mode: { type: Mode, default: slow }
                  id: { type: UUID?, default: 5F1E3C9A-8B7D-4E2F-9A1B-0C3D5E7F9A1B }
                  site: { type: URL, default: "https://example.com" }
                  map: { type: "[String: [Int]]", default: { a: [1, 2] } }
                  nothing: { type: "String?", default: null }
            """)
        let options = try #require(spec.type(named: "Options"))
        #expect(
            options.properties.compactMap(\.defaultValue?.value) == [
                .string("x"), .int(3), .int(1), .bool(false), .string("slow"),
                .string("5F1E3C9A-8B7D-4E2F-9A1B-0C3D5E7F9A1B"),
                .string("https://example.com"), .object([LiteralEntry(key: "a", value: .array([.int(1), .int(2)]))]),
                .null
            ])
    }

    @Test func theSocialSpecDecodesWithItsEnvelopeGateAndBatch() throws {
        let bytes = try repositoryFile("specs/social.yaml")
        let result = SpecLoader.load(bytes: bytes, file: "social.yaml")
        #expect(result.diagnostics.isEmpty)
        let spec = try #require(result.document)
        #expect(spec.envelope?.successCodes == [0, 200])
        #expect(spec.dates == .millisecondsSince1970)
        #expect(spec.allEndpoints.filter(\.isGate).map(\.operationName) == ["config.load"])
        #expect(spec.allEndpoints.first(where: \.isGate)?.gateMaxAge == 3600)
        let byIds = try #require(spec.allEndpoints.first { $0.operationName == "profiles.byIds" })
        #expect(byIds.batch?.size == 50)
        #expect(byIds.batch?.concurrency == 2)
        #expect(byIds.response?.expression == .array(.named("Profile")))
        let me = try #require(spec.allEndpoints.first { $0.operationName == "profiles.me" })
        #expect(me.cache == .cacheFirst(ttl: 120))
    }
}
