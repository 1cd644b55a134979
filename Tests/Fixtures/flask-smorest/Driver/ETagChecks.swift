import Foundation
import SpecwrightRuntime

/// `@blp.etag` through the generated client: the typed `ETag` of a read is what a write sends back as
/// `If-Match` (required by the document: the service answers 428 without it, 412 on a stale one), the
/// caller's `If-None-Match` gets a 304, and a client with an `HTTPCache` revalidates its stored copy with
/// the ETag and forgets it after a write. Also PATCH of the partial schema and a 204 route.
struct ETagChecks {
    let service: SmorestRoundTripClient
    let cached: SmorestRoundTripClient
    let id: UUID

    func etag(_ client: SmorestRoundTripClient) async throws -> String {
        try require(try await client.pets.getPetsByPetIdResponse(petId: id).typedHeaders.eTag, "ETag")
    }

    func run() async {
        await check("etag.typed-etag-header") {
            let first = try await service.pets.getPetsByPetIdResponse(petId: id)
            let tag = try require(first.typedHeaders.eTag, "ETag")
            try expectEqual(tag.hasPrefix("\"") && tag.hasSuffix("\""), true, "a quoted entity tag: \(tag)")
            try expectEqual(try await etag(service), tag, "the same representation, the same tag")
        }
        await check("etag.if-none-match-304") {
            let tag = try await etag(service)
            _ = try await expectStatus(304) { _ = try await service.pets.getPetsByPetId(petId: id, ifNoneMatch: tag) }
        }
        await check("etag.428-without-if-match") {
            _ = try await expectStatus(428) {
                _ = try await service.pets.patchPetsByPetId(petId: id, body: Pet1(name: "Nobody"), ifMatch: "")
            }
        }
        await check("etag.412-on-a-stale-if-match") {
            let error = try await expectStatus(412) {
                _ = try await service.pets.patchPetsByPetId(petId: id, body: Pet1(name: "Nobody"), ifMatch: "\"stale\"")
            }
            try expectEqual(error.typedBody(as: ErrorModel.self)?.status, "Precondition Failed")
        }
        await check("null.patch-sends-only-set-fields") {
            let patched = try await service.pets.patchPetsByPetIdResponse(
                petId: id, body: Pet1(name: "Rexy"), ifMatch: try await etag(service))
            try expectEqual(patched.value.name, "Rexy")
            try expectEqual(patched.value.temper, .lively, "temper kept")
            try expectEqual(patched.value.price, 12.5, "price kept")
            try expectEqual(patched.value.owner, PetChecks.owner, "owner kept")
            try expectEqual(patched.typedHeaders.eTag == nil, false, "the new ETag")
        }
        await check("null.patch-clears-nullable-nested") {
            let patched = try await service.pets.patchPetsByPetId(
                petId: id, body: Pet1(weight: nil, owner: nil), ifMatch: try await etag(service))
            try expectEqual(patched.owner, nil, "owner cleared")
            try expectEqual(patched.weight, nil, "weight cleared")
            try expectEqual(patched.bornOn, CalendarDate(year: 2024, month: 2, day: 29), "bornOn kept")
        }
        await check("model.fetched-value-is-sent-back-with-put") {
            let fetched = try await service.pets.getPetsByPetIdResponse(petId: id)
            let put = try await service.pets.putPetsByPetIdResponse(
                petId: id, body: fetched.value, ifMatch: try require(fetched.typedHeaders.eTag, "ETag"))
            // The write-only note is never in a fetched value, so the replacement has none.
            try expectEqual(put.value.hasSecret, false, "hasSecret")
            try expectEqual(put.value.name, fetched.value.name)
            try expectEqual(put.value.tags, fetched.value.tags)
            try expectEqual(put.value.adoptedAt, fetched.value.adoptedAt)
            try expectEqual(put.typedHeaders.eTag == fetched.typedHeaders.eTag, false, "a new ETag")
        }
        await check("model.204-without-body") {
            try await service.pets.postPetsByPetIdFeed(petId: id)
            try expectEqual(try await service.pets.getPetsByPetId(petId: id).traits?["meals"], 1)
        }
        await cacheChecks()
        await check("etag.delete-with-if-match") {
            let ghost = try await service.pets.postPets(body: Pet(name: "Ghost", species: .cat, price: 0))
            let ghostID = try require(ghost.id, "id")
            let tag = try require(try await service.pets.getPetsByPetIdResponse(petId: ghostID).typedHeaders.eTag, "ETag")
            try await service.pets.deletePetsByPetId(petId: ghostID, ifMatch: tag)
            _ = try await expectStatus(404) { _ = try await service.pets.getPetsByPetId(petId: ghostID) }
        }
    }

    /// The runtime's HTTP cache and the service's ETags (no `Cache-Control`: every read revalidates).
    func cacheChecks() async {
        await check("cache.etag-revalidated-with-304") {
            let first = try await cached.pets.getPetsByPetIdResponse(petId: id)
            try expectEqual(first.metadata.cacheStatus, .miss, "first read")
            let second = try await cached.pets.getPetsByPetIdResponse(petId: id)
            try expectEqual(second.metadata.cacheStatus, .revalidated, "revalidated with If-None-Match")
            try expectEqual(second.status, 200, "a 304 is answered with the stored response")
            try expectEqual(second.value, first.value, "the stored copy")
            try expectEqual(second.typedHeaders.eTag, first.typedHeaders.eTag, "the stored ETag, typed")
        }
        await check("cache.write-replaces-the-stored-copy") {
            let stored = try await cached.pets.getPetsByPetIdResponse(petId: id)
            let tag = try require(stored.typedHeaders.eTag, "ETag")
            _ = try await cached.pets.patchPetsByPetId(petId: id, body: Pet1(weight: .value(5)), ifMatch: tag)
            let read = try await cached.pets.getPetsByPetIdResponse(petId: id)
            try expectEqual(read.metadata.cacheStatus, .miss, "the PATCH removed the stored copy")
            try expectEqual(read.value.weight, 5, "never the old copy")
        }
    }
}
