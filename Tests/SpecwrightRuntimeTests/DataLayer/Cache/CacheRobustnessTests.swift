import Foundation
import Testing
@testable import SpecwrightRuntime

/// A body the app can no longer decode, and bodies that must never be stored.
@Suite("HTTP cache: undecodable copies and business errors")
struct CacheRobustnessTests {
    /// Decodes only bodies of the second or a later request — a type "changed by an app update"
    /// that the first stored body no longer fits.
    struct FromSecondHitOn: Decodable, Sendable {
        var hit: Int
        init(from decoder: any Decoder) throws {
            hit = try CachedBody(from: decoder).hit
            guard hit >= 2 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "old shape"))
            }
        }
    }

    /// Never decodes.
    struct NeverDecodes: Decodable, Sendable {
        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "never"))
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anUndecodableStoredCopyIsRemovedAndFetchedAgainOnce() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = DataSupport.cached(cc: "max-age=600", policy: .cacheFirst(ttl: 0))
        _ = try await client.response(endpoint, as: CachedBody.self)
        let refetched = try await client.response(endpoint, as: FromSecondHitOn.self)
        let stored = try await client.response(endpoint, as: FromSecondHitOn.self)

        #expect(refetched.value.hit == 2 && refetched.metadata.cacheStatus == .miss)
        #expect(stored.value.hit == 2 && stored.metadata.cacheStatus == .hit)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func aBodyThatNeverDecodesIsFetchedAtMostOnceMorePerCall() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = DataSupport.cached(cc: "max-age=600", policy: .cacheFirst(ttl: 0))
        await #expect { try await client.response(endpoint, as: NeverDecodes.self) } throws: {
            ($0 as? SpecwrightError)?.category == .decoding
        }
        #expect(try await server.hits(sid, "cached") == 1)
        await #expect { try await client.response(endpoint, as: NeverDecodes.self) } throws: {
            ($0 as? SpecwrightError)?.category == .decoding
        }
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func aSuccessStatusCarryingAnEnvelopeBusinessErrorIsNeverStored() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let envelope = EnvelopeFormat(
            codeKey: "code", messageKey: "message", dataKey: "data", successCodes: [0], sessionExpiredCodes: [40101])
        let cache = HTTPCache()
        let client = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache), envelope: envelope)
        var query = QueryParameters()
        query.append("code", 4001)
        let failing = TestEndpoint(["envelope"], query: query, options: EndpointOptions(cache: .cacheFirst(ttl: 600)))
        for _ in 0..<2 {
            await #expect { try await client.sendData(failing) } throws: {
                ($0 as? SpecwrightError)?.category == .business
            }
        }
        #expect(try await server.hits(sid, "envelope") == 2)
        #expect(cache.memory.count == 0)

        let succeeding = TestEndpoint(["envelope"], options: EndpointOptions(cache: .cacheFirst(ttl: 600)))
        _ = try await client.sendData(succeeding)
        _ = try await client.sendData(succeeding)
        #expect(try await server.hits(sid, "envelope") == 3)
    }
}
