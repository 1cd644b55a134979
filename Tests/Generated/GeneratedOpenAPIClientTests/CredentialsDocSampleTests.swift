// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The app's session in the credentials sample of docs/runtime.md ("Credentials").
actor CredentialsSampleSession {
    var accessToken = "t0"

    func refresh() async throws -> String {
        accessToken = "t1"
        return accessToken
    }
}

// The credentials sample of docs/runtime.md ("Credentials"), verbatim: compiled here against the
// generated petstore client, its configuration run against a stub, and the test checks the
// document still shows exactly these lines.
enum CredentialsDocSample {
    static func client(
        session: CredentialsSampleSession, accountSID: String, authToken: String, appID: String, storeKey: String
    ) -> SwaggerPetstoreClient {
        let client = SwaggerPetstoreClient(configuration: ClientConfiguration(
            tokenProvider: TokenProvider(token: { await session.accessToken }, refresh: { _ in try await session.refresh() }),
            basicCredentialsProvider: { BasicCredentials(username: accountSID, password: authToken) },
            apiKeys: { name in name == "X-App-Id" ? appID : nil },
            apiKeyProvider: { storeKey }))
        return client
    }
}

@Suite struct CredentialsDocSampleTests {
    /// An operation of the petstore's service that asks for `auth`.
    struct Secured: Endpoint {
        var operationName = "pets.secured"
        var method: HTTPMethod = .get
        var pathSegments = ["pets"]
        var hasTrailingSlash = false
        var query = QueryParameters()
        var headers: [HTTPHeader] = []
        var cookies = QueryParameters()
        var body: RequestBody? = nil
        var options: EndpointOptions
        var errorBodies: [TypedErrorBody] = []

        init(_ auth: AuthRequirement) { options = EndpointOptions(auth: auth) }
    }

    @Test func theDocumentShowsTheCompiledSample() throws {
        let document = String(decoding: try repositoryFile("docs/runtime.md"), as: UTF8.self)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let sample = source.drop { !$0.contains("let client = SwaggerPetstoreClient(configuration:") }.prefix(5)
        #expect(sample.count == 5)
        for line in sample {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func eachProviderOfTheSampleServesItsScheme() async throws {
        let stub = StubTransport { request in
            HTTPResponse(status: request.headers.value(for: "Authorization") == "Bearer t0" ? 401 : 200)
        }
        let sample = CredentialsDocSample.client(
            session: CredentialsSampleSession(), accountSID: "AC1", authToken: "secret", appID: "app-7", storeKey: "store-9")
        var configuration = sample.client.configuration
        configuration.transport = stub
        configuration.allowsInsecureHTTP = true
        configuration.logging = .disabled
        let client = APIClient(service: SwaggerPetstoreClient.service, configuration: configuration)

        // The bearer token: a 401 refreshes it through the session, and the call is replayed.
        _ = try await client.sendData(Secured(.anyOf([[.bearer]])))
        #expect(stub.requests.map { $0.headers.value(for: "Authorization") } == ["Bearer t0", "Bearer t1"])
        // HTTP basic from the account's SID and token.
        _ = try await client.sendData(Secured(.anyOf([[.basic]])))
        #expect(stub.requests.last?.headers.value(for: "Authorization") == "Basic " + Data("AC1:secret".utf8).base64EncodedString())
        // `apiKeys` names the key of `X-App-Id`; every other API key is `apiKeyProvider`'s.
        _ = try await client.sendData(Secured(.anyOf([[.apiKeyHeader("X-App-Id"), .apiKeyQuery("store_key")]])))
        let keyed = try #require(stub.requests.last)
        #expect(keyed.headers.value(for: "X-App-Id") == "app-7")
        #expect(keyed.url.query == "store_key=store-9")
        // An operation that asks for nothing gets nothing.
        _ = try await client.sendData(Secured(.none))
        #expect(stub.requests.last?.headers.value(for: "Authorization") == nil)
        #expect(stub.requests.count == 5)
    }
}
