import Foundation
import SpecwrightRuntime

/// Point 5: an imported client with an `HTTPCache` stores GET responses and revalidates them as
/// the server's `Cache-Control` / `ETag` say (the default `CachePolicy.http`), and the generation
/// config's `policies` reach the generated client. The server counts what it served (`GET /served`,
/// `no-store`), so every check sees the network side, not only the client's cache status.
struct CacheChecks {
    /// A client of the service whose configuration has a memory `HTTPCache`.
    let service: RoundTripServiceClient

    func run() async {
        await check("cache.etag-revalidated-with-304") {
            let first = try await service.catalog.readEntryResponse(entryId: 1)
            try expectEqual(first.value, CatalogEntry(id: 1, name: "Lamp", version: 1))
            try expectEqual(first.metadata.cacheStatus, .miss, "first read")
            let second = try await service.catalog.readEntryResponse(entryId: 1)
            try expectEqual(second.value, first.value, "the stored copy")
            try expectEqual(second.status, 200, "a 304 is answered with the stored response")
            try expectEqual(second.metadata.cacheStatus, .revalidated, "no-cache: revalidated")
            let served = try await service.catalog.served()
            try expectEqual([served.entryFull, served.entryConditional, served.entryNotModified], [1, 1, 1],
                            "full answers, conditional requests, 304s on the server")
        }
        await check("cache.write-replaces-the-stored-copy") {
            let replaced = try await service.catalog.replaceEntry(entryId: 1, body: CatalogEntryUpdate(name: "Desk lamp"))
            try expectEqual(replaced.version, 2)
            let read = try await service.catalog.readEntryResponse(entryId: 1)
            try expectEqual(read.value, CatalogEntry(id: 1, name: "Desk lamp", version: 2), "never the old copy")
            try expectEqual(read.metadata.cacheStatus, .miss, "the PUT removed the stored copy")
            let served = try await service.catalog.served()
            try expectEqual([served.entryFull, served.entryConditional, served.entryNotModified], [2, 1, 1],
                            "full answers, conditional requests, 304s on the server")
        }
        await check("cache.max-age-served-without-a-request") {
            let first = try await service.catalog.readPrice(entryId: 1)
            let second = try await service.catalog.readPriceResponse(entryId: 1)
            try expectEqual(second.value, first, "the stored copy")
            try expectEqual(second.metadata.cacheStatus, .hit, "max-age=60: fresh")
            try expectEqual(second.attempts, 0, "attempts")
            try expectEqual(try await service.catalog.served().price, 1, "prices the server served")
        }
        await check("cache.config-policy-caches-a-route-without-headers") {
            let first = try await service.catalog.readStock(entryId: 1)
            let second = try await service.catalog.readStockResponse(entryId: 1)
            try expectEqual(second.value, first, "the stored copy")
            try expectEqual(second.metadata.cacheStatus, .hit, "the config's cacheFirst ttl 60")
            try expectEqual(try await service.catalog.served().stock, 1, "stock the server served")
        }
        await check("cache.no-store-never-stored") {
            let before = try await service.catalog.served()
            let after = try await service.catalog.servedResponse()
            try expectEqual(after.value.served, before.served + 1, "both reads reached the server")
            try expectEqual(after.metadata.cacheStatus, .miss, "no-store")
        }
    }
}
