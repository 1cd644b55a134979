import Foundation
import SpecwrightRuntime

/// The pets `MethodView`s through the generated client: marshmallow's field kinds (read-only `id`,
/// `createdAt`, `hasSecret`; write-only `secretNote`; `data_key` renames; a nullable `Nested`; an enum
/// dumped by name; a Decimal the document calls a number and Flask writes as a string), PATCH of the
/// partial schema, a 204 route, `@blp.paginate` with its `X-Pagination` header, and query arguments.
struct PetChecks {
    let service: SmorestRoundTripClient
    /// The same service through a client with an `HTTPCache`.
    let cached: SmorestRoundTripClient

    /// 2026-01-01T08:30:15.123456Z (the service answers it as 10:30:15.123456+02:00), in microseconds.
    static let adoptedMicroseconds: Int64 = 1_767_256_215_123_456
    static let adopted = Date(timeIntervalSince1970: Double(adoptedMicroseconds) / 1_000_000)
    static let homepage = URL(string: "https://example.com/pets/rex?lang=de&q=%C3%BC")!
    static let owner = Owner(name: "Ann", email: "ann@example.com")

    static func microseconds(_ date: Date?) -> Int64? {
        date.map { Int64(($0.timeIntervalSince1970 * 1_000_000).rounded()) }
    }

    func run() async {
        var created: Pet?
        await check("model.create-ignores-read-only-fields") {
            // marshmallow refuses a `dump_only` field in a request ("Unknown field."): read-only
            // properties must not be sent.
            let sent = UUID()
            let pet = try await service.pets.postPets(body: Self.rex(id: sent, name: "Rex0", readOnlySet: true))
            try expectEqual(pet.hasSecret, true, "read-only hasSecret")
            let id = try require(pet.id, "the server's id")
            try expectEqual(id == sent, false, "the server's id, not the one the value held")
            // Removed again: the list checks below count the pets.
            let tag = try require(try await service.pets.getPetsByPetIdResponse(petId: id).typedHeaders.eTag, "ETag")
            try await service.pets.deletePetsByPetId(petId: id, ifMatch: tag)
        }
        await check("model.create") {
            let pet = try await service.pets.postPets(body: Self.rex())
            try expectEqual(pet.id == nil, false, "the server's id")
            try expectEqual(Self.microseconds(pet.createdAt), Self.adoptedMicroseconds, "the server's createdAt")
            try expectEqual(pet.hasSecret, true, "read-only hasSecret")
            try expectEqual(pet.secretNote, nil, "write-only secretNote is never returned")
            created = pet
        }
        guard let id = created?.id else { return }
        await check("model.fields-round-trip") {
            let pet = try await service.pets.getPetsByPetId(petId: id)
            try expectEqual(pet.name, "Rex")
            try expectEqual(pet.species, .dog)
            try expectEqual(pet.temper, .lively, "an enum dumped by name")
            // A `null` read back is `.null`, as sent (sending the value again sends `null`).
            try expectEqual(pet.tags, [Tag(name: "good", color: nil), Tag(name: "loud", color: .value("red"))])
            try expectEqual(pet.traits, ["legs": 4, "teeth": 42])
            try expectEqual(pet.weight, 4.25)
            try expectEqual(pet.bornOn, CalendarDate(year: 2024, month: 2, day: 29))
            try expectEqual(pet.homepage, Self.homepage)
            try expectEqual(pet.owner, Self.owner)
        }
        await check("dates.microseconds-at-an-offset") {
            let pet = try await service.pets.getPetsByPetId(petId: id)
            try expectEqual(Self.microseconds(pet.adoptedAt), Self.adoptedMicroseconds, "adoptedAt")
        }
        await check("decimal.string-on-the-wire-documented-as-number") {
            // apispec documents marshmallow's Decimal as `type: number`; Flask writes it as "12.50".
            try expectEqual(try await service.pets.getPetsByPetId(petId: id).price, 12.5)
        }
        await ETagChecks(service: service, cached: cached, id: id).run()
        await listChecks()
        await errorChecks()
    }

    /// `@blp.paginate` (two a page, `X-Pagination` JSON metadata) and the query arguments schema.
    func listChecks() async {
        await check("pagination.x-pagination-header") {
            _ = try await service.pets.postPets(body: Pet(name: "Mia", species: .cat, price: 30, bornOn: .value(CalendarDate(year: 2023, month: 5, day: 1)!)))
            _ = try await service.pets.postPets(body: Pet(name: "Tweety", species: .bird, temper: .lively, price: 7.99))
            let page1 = try await service.pets.getPetsResponse()
            try expectEqual(page1.value.map(\.name), ["Mia", "Rexy"])
            try expectEqual(
                page1.typedHeaders.xPagination,
                PaginationMetadata(total: 3, totalPages: 2, firstPage: 1, lastPage: 2, page: 1, nextPage: 2))
            let page2 = try await service.pets.getPetsResponse(page: 2)
            try expectEqual(page2.value.map(\.name), ["Tweety"])
            try expectEqual(page2.typedHeaders.xPagination?.previousPage, 1, "previous_page")
        }
        await check("query.list-of-enums") {
            // `species` is `explode: true`: ?species=dog&species=cat
            try expectEqual(try await service.pets.getPets(species: [.dog, .cat], pageSize: 10).map(\.name), ["Mia", "Rexy"])
            try expectEqual(try await service.pets.getPets(species: [.bird]).map(\.name), ["Tweety"])
        }
        await check("query.defaults-and-enum") {
            try expectEqual(try await service.pets.getPets(sort: .minusPrice, pageSize: 10).map(\.name), ["Mia", "Rexy", "Tweety"])
            try expectEqual(try await service.pets.getPets(species: [.bird, .cat], temper: .lively).map(\.name), ["Tweety"])
            try expectEqual(try await service.pets.getPets(species: [.cat, .bird], temper: .calm).map(\.name), ["Mia"])
        }
        await check("query.date-filter") {
            let born = try await service.pets.getPets(bornAfter: CalendarDate(year: 2023, month: 12, day: 31)!)
            try expectEqual(born.map(\.name), ["Rexy"])
        }
    }

    /// flask-smorest's error body (`{code, status, message, errors}`) on `abort` and webargs' 422.
    func errorChecks() async {
        await check("errors.404-flask-smorest-body") {
            let missing = UUID(uuidString: "00000000-0000-4000-8000-000000000404")!
            let error = try await expectStatus(404) { _ = try await service.pets.getPetsByPetId(petId: missing) }
            try expectEqual(
                error.typedBody(as: ErrorModel.self),
                ErrorModel(code: 404, status: "Not Found", message: "pet 00000000-0000-4000-8000-000000000404 not found"))
        }
        await check("errors.422-field-messages") {
            let error = try await expectStatus(422) {
                _ = try await service.pets.postPets(body: Pet(name: "", species: .cat, price: 1))
            }
            let body = try require(error.typedBody(as: ErrorModel.self), "typed body")
            try expectEqual(body.code, 422)
            try expectEqual(body.errors?["json"], .object(["name": .array([.string("Shorter than minimum length 1.")])]))
        }
        await check("errors.409-alt-response") {
            let error = try await expectStatus(409) {
                _ = try await service.pets.postPets(body: Pet(name: "Mia", species: .cat, price: 1))
            }
            try expectEqual(error.typedBody(as: ErrorModel.self)?.message, "a pet named Mia exists")
        }
    }

    /// Rex; with `readOnlySet`, also the read-only properties (what a value fetched before holds).
    static func rex(id: UUID? = nil, name: String = "Rex", readOnlySet: Bool = false) -> Pet {
        Pet(
            id: id, name: name, species: .dog, temper: .lively,
            tags: [Tag(name: "good", color: nil), Tag(name: "loud", color: .value("red"))],
            traits: ["legs": 4, "teeth": 42], price: 12.5, weight: .value(4.25),
            bornOn: .value(CalendarDate(year: 2024, month: 2, day: 29)!), adoptedAt: .value(adopted),
            createdAt: readOnlySet ? Date(timeIntervalSince1970: 0) : nil, homepage: .value(homepage),
            owner: .value(owner), secretNote: "chews shoes", hasSecret: readOnlySet ? false : nil)
    }
}
