import Foundation
import Testing
@testable import SpecwrightRuntime

/// A read that is on its way while the app removes what it would store (sign-out, a write's
/// invalidation, `invalidate`, `removeAll`) returns its answer to its caller but does not store it:
/// otherwise the signed-out user's data is back on disk, and a list fetched before a write lands
/// after the write's invalidation and is served, without the write, until it expires.
@Suite("HTTP cache: removals while a read is in flight")
struct CacheInFlightRemovalTests {
    /// Ways an app removes stored responses while a read of `/items` is in flight.
    enum Removal: String, CaseIterable, Sendable {
        case signOut, operation, pathPrefix, endpoint, everything, write, account
    }

    /// A transport whose first request waits until the test lets it answer.
    private final class HeldTransport: Sendable {
        let arrived = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let count = Locked(0)

        var stub: StubTransport {
            StubTransport { request in
                let index = self.count.withLock { count -> Int in
                    count += 1
                    return count
                }
                if index == 1 {
                    self.arrived.continuation.yield()
                    for await _ in self.release.stream { break }
                }
                let status = request.method == .get ? 200 : 204
                return HTTPResponse(
                    status: status, headers: ["Cache-Control": "max-age=600", "ETag": "\"v\(index)\""],
                    body: Data(#"{"attempt":\#(index)}"#.utf8))
            }
        }
    }

    private static let items = TestEndpoint(
        ["items"], options: EndpointOptions(cache: .cacheFirst(ttl: 0))
    ).named("items.list")

    @Test(.timeLimit(.minutes(1)), arguments: Removal.allCases)
    func aReadInFlightDuringARemovalIsReturnedButNotStored(_ removal: Removal) async throws {
        let held = HeldTransport()
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example")), auth: .bearer),
            configuration: ClientConfiguration(
                transport: held.stub,
                tokenProvider: TokenProvider(token: { "token-of-alice" }, account: { "alice" }),
                logging: .disabled, clock: RecordingClock(), dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        let read = Task { try await client.response(Self.items, as: AttemptBody.self) }
        for await _ in held.arrived.stream { break }

        switch removal {
        case .signOut: await client.signOut()
        case .operation: client.invalidate(operation: "items.list")
        case .pathPrefix: try client.invalidate(pathPrefix: "/items")
        case .endpoint: try client.invalidate(Self.items)
        case .everything: client.configuration.dataLayer.cache?.removeAll()
        case .account: client.invalidate(account: "alice")
        case .write:
            let write = TestEndpoint(["items"], method: .post, options: EndpointOptions(invalidates: ["items.list"]))
            try await client.send(write)
        }
        held.release.continuation.yield()
        #expect(try await read.value.value.attempt == 1)  // the caller still gets its answer

        await #expect(throws: SpecwrightError.self, "the answer fetched before the removal was stored") {
            try await client.response(Self.items, as: AttemptBody.self, cache: .cacheOnly)
        }
        // The next read asks the server and stores what it answers.
        let next = try await client.response(Self.items, as: AttemptBody.self)
        #expect(next.metadata.cacheStatus == .miss)
        let stored = try await client.response(Self.items, as: AttemptBody.self, cache: .cacheOnly)
        #expect(stored.value == next.value)
    }

    @Test(.timeLimit(.minutes(1)))
    func aReadThatStartedAfterTheRemovalIsStored() async throws {
        let held = HeldTransport()
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example"))),
            configuration: ClientConfiguration(
                transport: held.stub, logging: .disabled, clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        client.invalidate(operation: "items.list")
        let read = Task { try await client.response(Self.items, as: AttemptBody.self) }
        for await _ in held.arrived.stream { break }
        client.invalidate(operation: "other.list")  // removes nothing this read would store
        try client.invalidate(pathPrefix: "/other")
        held.release.continuation.yield()
        _ = try await read.value
        let stored = try await client.response(Self.items, as: AttemptBody.self, cache: .cacheOnly)
        #expect(stored.value.attempt == 1)
    }
}
