import Foundation
import SpecwrightRuntime
import Testing

/// The output for `Tests/Fixtures/hostile.yaml` compiles (that this target builds is the main
/// assertion) and keeps every hostile string intact as data.
@Suite struct HostileGeneratedClientTests {
    @Test func stringsWithQuotesBackslashesAndInterpolationSurviveAsData() {
        #expect(HostileClient.service.headers == [HTTPHeader("X-Quote", #"he said "hi" \ \(exit(1)) */"#)])
        #expect(Class().default == "\"\\(x)\" */\n")
    }

    @Test func everyStatusValueRoundTripsIncludingTheEmptyOne() throws {
        let values = [
            "", "with space", "quote\"d", "default", "unknown", "rawValue", "\\(x)", "Ünï", "1st", "status", "new"
        ]
        for raw in values {
            let status = Status(rawValue: raw)
            #expect(status.rawValue == raw)
            let data = try JSONEncoder().encode([status])
            #expect(try JSONDecoder().decode([Status].self, from: data) == [status])
        }
        #expect(Status(rawValue: "") == .empty)
        // The spec's value `unknown` keeps its name; the catch-all takes the next free one.
        #expect(Status(rawValue: "unknown") == .unknown)
        #expect(Status(rawValue: "new") == .undocumented("new"))
    }

    @Test func keywordPropertiesDecodeFromTheirKeysAndDefaultsFillMissingOnes() throws {
        let json = #"{"self": 7, "a\"b\\c\\(d) */": "q", "2nd": 2.5, "café": "au lait", "hash_value": 1}"#
        let value = try JSONDecoder().decode(Class.self, from: Data(json.utf8))
        #expect(value.selfValue == 7)
        #expect(value.quoted == "q")
        #expect(value._2nd == 2.5)
        #expect(value.caf == "au lait")
        #expect(value.hashValueField == 1)
        #expect(value.`init` == false)
        #expect(value.status == .empty)
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? [String: Any]
        #expect(object?["a\"b\\c\\(d) */"] as? String == "q")
    }

    @Test func pathLiteralsAndKeywordParametersReachTheEndpoint() {
        let endpoint = DefaultEndpoint.initValue(
            id: 4, qUote: "v", selfValue: 3, queryItemsValue: [.default, .empty], chunkValue: nil)
        #expect(endpoint.pathSegments == ["weird", "\"quote\"", "4", "x\\(y)"])
        #expect(endpoint.query.items.map(\.name) == ["q\"uote", "self", "queryItems", "queryItems"])
        #expect(endpoint.operationName == "default.init")
        let upload = DefaultEndpoint.methodValue(body: Data([1, 2]))
        #expect(upload.method == .put)
        #expect(
            upload.options
                == EndpointOptions(
                    timeout: 3, retry: RetryPolicy(maxRetries: 1, baseDelay: 0.1, maxDelay: 1), cache: .networkOnly,
                    auth: .none))
        #expect(DefaultEndpoint._2faValue(code: .withSpace).pathSegments == ["2fa", "with space"])
        #expect(ClassEndpoint.fetch.pathSegments.isEmpty)
        #expect(ClassEndpoint.fetch.method == .head)
    }

    @Test func headersAreSentOnlyWhenGiven() {
        let item = Item(when: Date(timeIntervalSince1970: 0), big: 1)
        #expect(
            DefaultEndpoint.selfValue(selfValue: "s", body: item, xEvilHeader: nil, xSelf: "me", xWhen: nil).headers
                == [HTTPHeader("X-Self", "me")])
        #expect(
            DefaultEndpoint.selfValue(selfValue: "s", body: item, xEvilHeader: 5, xSelf: "me", xWhen: nil).headers.count
                == 2)
        let when = Date(timeIntervalSince1970: 1.5)
        #expect(
            DefaultEndpoint.selfValue(selfValue: "s", body: item, xEvilHeader: nil, xSelf: "me", xWhen: when).headers
                .last == HTTPHeader("X-When", "1500"))
    }

    @Test func millisecondDatesFollowTheSpec() {
        #expect(HostileClient.service.dates == .millisecondsSince1970)
        #expect(HostileClient.service.retry == .none)
    }

    @Test(.timeLimit(.minutes(1)))
    func pathSegmentsArePercentEncodedByTheRuntime() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 204) }
        let client = HostileClient(configuration: ClientConfiguration(transport: stub, apiKeyProvider: { "k" }))
        try await client.default._2faValue(code: .withSpace)
        try await client.default._2faValue(code: .undocumented("a/b?c"))
        let paths = stub.requests.map { $0.url.absoluteString }
        #expect(paths == ["https://hostile.example/v1/2fa/with%20space", "https://hostile.example/v1/2fa/a%2Fb%3Fc"])
        #expect(stub.requests.allSatisfy { $0.method == .delete && $0.headers.value(for: "X-Api-Key") == "k" })
    }
}

/// Recursive types in a spec (`Category.parent: Category?`, `Person → Company → Person`) are
/// boxed by the pipeline's recursion pass, like OpenAPI's, and round-trip as plain JSON.
@Suite struct HostileRecursiveTypeTests {
    @Test func aTypeThatContainsItselfThroughAnOptionalRoundTrips() throws {
        let json =
            #"{"name":"leaf","parent":{"name":"root","children":[]},"children":[{"name":"child","children":[]}]}"#
        let leaf = try JSONDecoder().decode(Category.self, from: Data(json.utf8))
        guard case .value(let root)? = leaf.parent else {
            Issue.record("the parent was not decoded")
            return
        }
        #expect(root.name == "root" && root.parent == nil)
        #expect(leaf.children.map(\.name) == ["child"])
        #expect(try JSONDecoder().decode(Category.self, from: JSONEncoder().encode(leaf)) == leaf)
    }

    @Test func mutuallyRecursiveTypesAreBuiltWithTheBox() throws {
        let inner = Person(employer: .value(Company(owner: nil)))
        let person = Person(employer: .value(Company(owner: .value(inner))))
        let json = String(decoding: try JSONEncoder().encode(person), as: UTF8.self)
        #expect(json.replacingOccurrences(of: " ", with: "") == #"{"employer":{"owner":{"employer":{}}}}"#)
        #expect(try JSONDecoder().decode(Person.self, from: Data(json.utf8)) == person)
    }
}

/// `==` of generated objects is reflexive, also for values JSON cannot encode.
@Suite struct HostileGeneratedEqualityTests {
    @Test func anObjectHoldingNaNOrInfinityEqualsItselfAndHashesAlike() {
        for number in [Double.nan, .infinity, -.nan, 1.5] {
            let value = Class(_2nd: number, quoted: "q")
            let copy = value
            #expect(value == copy)
            #expect(value.hashValue == copy.hashValue)
            #expect(Set([value, copy, Class(_2nd: number, quoted: "q")]).count == 1)
        }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Class(_2nd: .nan)) }
        #expect(Class(_2nd: .nan) != Class(_2nd: 1.5))
    }
}
