import Foundation
import Testing
@testable import SpecwrightRuntime

/// A server's `Set-Cookie` belongs to the one exchange that carried it: the runtime stores no
/// cookies, so an app that signs in with cookies reads them from that response. A cached copy that
/// replayed it would hand one user's session to whoever reads the copy next — every account reads
/// the shared partition of calls without credentials, and a revalidated copy outlives a sign-out.
@Suite("Security: the cache never stores a server's cookies")
struct HostileCacheTests {
    private func endpoint(cookie: String, cc: String, etag: String? = nil) -> TestEndpoint {
        var query = QueryParameters()
        query.append("cc", cc)
        query.append("etag", etag)
        query.append("cookie", cookie)
        return TestEndpoint(["cached"], query: query, options: EndpointOptions(cache: .cacheFirst(ttl: 0)))
    }

    /// Whether any file of `directory` (the database, its journal and WAL) holds `text`.
    private func anyFile(in directory: URL, contains text: String) throws -> Bool {
        let needle = Data(text.utf8)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .contains { (try? Data(contentsOf: $0))?.range(of: needle) != nil }
    }

    @Test(.timeLimit(.minutes(1)))
    func aCachedCopyServedFromMemoryOrDiskCarriesNoSetCookie() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory()
        let file = directory.appendingPathComponent("http.sqlite")
        let cookie = "session=user-a-\(sid); Path=/; HttpOnly"
        let endpoint = endpoint(cookie: cookie, cc: "max-age=60")

        let client = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        let fromNetwork = try await client.response(endpoint, as: CachedBody.self)
        let fromMemory = try await client.response(endpoint, as: CachedBody.self)
        let relaunched = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        let fromDisk = try await relaunched.response(endpoint, as: CachedBody.self)

        #expect(fromNetwork.headers.values(for: "Set-Cookie") == [cookie])
        #expect(fromMemory.metadata.cacheStatus == .hit && fromDisk.metadata.cacheStatus == .hit)
        #expect(fromMemory.headers.values(for: "Set-Cookie").isEmpty)
        #expect(fromDisk.headers.values(for: "Set-Cookie").isEmpty)
        #expect(fromMemory.headers["Cache-Control"] == "max-age=60")  // the other fields are kept
        #expect(try !anyFile(in: directory, contains: "session=user-a-\(sid)"))  // the URL holds it %-encoded
    }

    @Test(.timeLimit(.minutes(1)))
    func aRevalidationHandsItsCookieToItsCallerOnlyAndStoresNone() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory()
        let cache = HTTPCache(fileURL: directory.appendingPathComponent("http.sqlite"))
        let cookie = "session=user-b-\(sid)"
        let endpoint = endpoint(cookie: cookie, cc: "no-cache", etag: "\"v1\"")

        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache))
        _ = try await client.response(endpoint, as: CachedBody.self)
        let revalidated = try await client.response(endpoint, as: CachedBody.self)

        #expect(revalidated.metadata.cacheStatus == .revalidated)
        #expect(revalidated.headers.values(for: "Set-Cookie") == [cookie])  // the 304's own cookie
        #expect(try !anyFile(in: directory, contains: "session=user-b-\(sid)"))
    }
}
