import Foundation
import SpecwrightRuntime
import Testing

/// The reference output for `specs/social.yaml`, compiled against the runtime and exercised with
/// the in-memory transport: millisecond dates, a renamed envelope key, the config gate named by
/// the generated service, batches of 50 and a HEAD endpoint.
@Suite struct SocialGeneratedClientTests {
    static let profileJSON =
        #"{"id":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","handle":"ada","display_name":"Ada","avatar_url":null}"#

    static func envelope(_ data: String, code: Int = 0) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: ["content-type": "application/json"],
            body: Data(#"{"code":\#(code),"msg":"ok","data":\#(data)}"#.utf8))
    }

    static let configJSON = #"{"features":{"dm":true},"minimum_build":42}"#

    /// A stub answering the gate call and `handler` for everything else.
    static func stub(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> StubTransport {
        StubTransport { request in
            request.url.path.hasSuffix("/config") ? envelope(configJSON) : handler(request)
        }
    }

    @Test func serviceSettingsComeFromTheSpec() {
        let service = SocialClient.service
        #expect(service.baseURL.absoluteString == "https://api.social.example/v2")
        #expect(service.dates == .millisecondsSince1970)
        #expect(service.gateEndpoint?.operationName == "config.load")
        #expect(service.headers.contains(HTTPHeader("X-Client", "specwright-social")))
        #expect(service.retry == RetryPolicy(maxRetries: 2, baseDelay: 0.25, maxDelay: 4))
    }

    /// `lifetime: app` and `cache: http` in the spec reach the runtime's `EndpointOptions` (issue #15 point 2).
    @Test func cacheLifetimeAndHTTPCachingComeFromTheSpec() {
        #expect(ConfigEndpoint.load.options.cache == .networkFirst(ttl: 3600))
        #expect(ConfigEndpoint.load.options.cacheLifetime == .app)
        #expect(FeedEndpoint.byHandle(handle: "ann", cursor: nil).options.cache == .http)
        #expect(FeedEndpoint.byHandle(handle: "ann", cursor: nil).options.cacheLifetime == nil)
    }

    @Test func defaultsFillMissingKeysAndMillisecondDatesRoundTrip() throws {
        let profile = try JSONDecoder().decode(Profile.self, from: Data(Self.profileJSON.utf8))
        #expect(profile.followerCount == 0)
        #expect(profile.isVerified == false)
        #expect(profile.links == [])
        let config = try JSONDecoder().decode(RemoteConfig.self, from: Data(Self.configJSON.utf8))
        #expect(config.theme == .system)
        #expect(try JSONDecoder().decode(Theme.self, from: Data(#""sepia""#.utf8)) == .unknown("sepia"))
    }

    @Test(.timeLimit(.minutes(1)))
    func theGateRunsFirstAndTheEnvelopeUsesTheSpecKeys() async throws {
        let stub = Self.stub { _ in Self.envelope(Self.profileJSON) }
        let client = SocialClient(configuration: ClientConfiguration(transport: stub))
        let me = try await client.profiles.me()
        #expect(me.handle == "ada")
        #expect(stub.requests.map(\.url.path) == ["/v2/config", "/v2/me"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aSessionExpiredCodeEndsTheCall() async throws {
        let stub = Self.stub { _ in Self.envelope("null", code: 1001) }
        let client = SocialClient(configuration: ClientConfiguration(transport: stub))
        await #expect(throws: SpecwrightError.self) { try await client.profiles.me() }
    }

    /// `tokenExpired: [1002]` in the spec's envelope: concurrent calls that meet it share one token
    /// refresh and are replayed with the new token (#14 item 7).
    @Test(.timeLimit(.minutes(1)))
    func aTokenExpiredCodeRefreshesTheTokenOnceAndReplays() async throws {
        #expect(SocialClient.service.envelope?.tokenExpiredCodes == [1002])
        let stub = Self.stub { request in
            request.headers.value(for: "Authorization") == "Bearer fresh"
                ? Self.envelope(Self.profileJSON) : Self.envelope("null", code: 1002)
        }
        let token = Locked("stale")
        let refreshes = Locked(0)
        let provider = TokenProvider(
            token: { token.value },
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                token.withLock { $0 = "fresh" }
                return "fresh"
            })
        let client = SocialClient(configuration: ClientConfiguration(transport: stub, tokenProvider: provider))
        let handles = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await client.profiles.me().handle } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(handles == Array(repeating: "ada", count: 20))
        #expect(refreshes.value == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func profilesLoadInBatchesOfFifty() async throws {
        let stub = Self.stub { _ in Self.envelope("[\(Self.profileJSON)]") }
        let client = SocialClient(configuration: ClientConfiguration(transport: stub))
        let profiles = try await client.profiles.byIds(ids: (0..<120).map { _ in UUID() })
        #expect(profiles.count == 3)
        let batches = stub.requests.filter { $0.url.path == "/v2/profiles" }
        #expect(batches.count == 3)
        #expect(
            batches.map { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems?.count ?? 0 }.sorted()
                == [20, 50, 50])
    }

    @Test(.timeLimit(.minutes(1)))
    func aPatchSendsOnlyTheFieldsTheCallerSetAndNullWhereTheCallerAsks() async throws {
        let stub = Self.stub { _ in Self.envelope(Self.profileJSON) }
        let client = SocialClient(configuration: ClientConfiguration(transport: stub))
        _ = try await client.profiles.update(body: ProfilePatch(displayName: "Ada L."))
        _ = try await client.profiles.update(
            body: ProfilePatch(bio: nil, avatarURL: .value(URL(string: "https://a.example/ada.png")!)))
        let bodies = stub.requests.filter { $0.url.path == "/v2/me" }.map { request in
            (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? NSDictionary
        }
        #expect(bodies == [["display_name": "Ada L."], ["bio": NSNull(), "avatar_url": "https://a.example/ada.png"]])
        #expect(
            ProfilePatch(bio: nil).bio == nil && ProfilePatch(bio: nil).$bio == .null && ProfilePatch().$bio == .absent)
    }

    @Test(.timeLimit(.minutes(1)))
    func attachSendsTheFilesWithTheCallersNamesAndContentTypes() async throws {
        let stub = Self.stub { _ in Self.envelope("null") }
        let client = SocialClient(configuration: ClientConfiguration(transport: stub))
        let picture = FilePart(data: Data("JPEG".utf8), filename: "cat.jpg")
        let extra = FilePart(data: Data("%PDF".utf8), filename: "menu.pdf", contentType: "application/pdf")
        _ = try? await client.posts.attach(postId: UUID(), caption: "Lunch", picture: picture, extras: [extra, extra])
        let request = try #require(stub.requests.first { $0.url.path.hasSuffix("/media") })
        #expect(request.headers.value(for: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(body.contains("name=\"caption\"\r\n\r\nLunch\r\n"))
        #expect(
            body.contains("name=\"picture\"; filename=\"cat.jpg\"\r\nContent-Type: image/jpeg\r\n\r\nJPEG\r\n"),
            "the spec's default type")
        #expect(
            body.components(
                separatedBy: "name=\"extras\"; filename=\"menu.pdf\"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n"
            ).count == 3)
    }

    @Test func pathParametersAreEncodedPerSegment() {
        let id = UUID()
        let react = PostsEndpoint.react(postId: id, emoji: "👍/../x")
        #expect(react.pathSegments == ["posts", id.uuidString, "reactions", "👍/../x"])
        #expect(react.options.retry == RetryPolicy.none)
        #expect(PostsEndpoint.exists(id: id).method == .head)
        #expect(
            FeedEndpoint.home(cursor: nil, limit: 30, includeReplies: false).query.items.map(\.name) == [
                "limit", "include_replies"
            ])
    }
}
