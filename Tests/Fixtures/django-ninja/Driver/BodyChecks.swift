import Foundation
import SpecwrightRuntime

/// Points 2, 3 and 7 as Django Ninja documents them: `File[UploadedFile]` next to `Form` fields in an
/// inline `MultiPartBodyParams`, `File[list[UploadedFile]]`, octet-stream bodies and responses through
/// `openapi_extra`, `anyOf: [T, null]`, `exclude_unset` PATCH, a discriminated union in a body and in a
/// list, defaults on `Schema`s, Ninja's undocumented 422.
struct BodyChecks {
    let service: DjangoNinjaRoundTripClient

    func run() async {
        await check("binary.multipart-file-keeps-filename-and-content-type") {
            let photo = FilePart(data: Data([1, 80, 78, 71]), filename: "photo.png", contentType: "image/png")
            let upload = try await service.files.appUploadFile(file: photo, note: "holiday")
            try expectEqual(upload, Received(note: "holiday", files: [ReceivedFile(field: "file", filename: "photo.png", contentType: "image/png", size: 4, firstBytes: [1, 80, 78, 71])]))
        }
        await check("binary.array-of-files") {
            let disk = FileManager.default.temporaryDirectory.appendingPathComponent("ninja-\(UUID().uuidString).txt")
            try Data("bc".utf8).write(to: disk)
            defer { try? FileManager.default.removeItem(at: disk) }
            let files = [FilePart(data: Data("a".utf8), filename: "a.txt", contentType: "text/plain"), FilePart(fileURL: disk, filename: "b.txt")]
            let upload = try await service.files.appUploadFiles(files: files)
            try expectEqual(upload.note, "none", "default form field")
            try expectEqual(upload.files.map(\.filename), ["a.txt", "b.txt"])
            try expectEqual(upload.files.map(\.contentType), ["text/plain", "application/octet-stream"])
            try expectEqual(upload.files.map(\.firstBytes), [[97], [98, 99]], "the file on disk was sent")
            let noted = try await service.files.appUploadFiles(files: Array(files.prefix(1)), note: "one")
            try expectEqual(noted.note, "one", "form field next to the files")
        }
        await check("binary.octet-stream-body-and-response") {
            let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
            let stored = try await service.files.appPutBlob(name: "backup", body: FilePart(data: bytes, filename: "backup.bin"))
            try expectEqual(stored, StoredBlob(name: "backup", contentType: "application/octet-stream", size: bytes.count))
            try expectEqual(try await service.files.appGetBlob(name: "backup"), bytes, "the bytes stored")
            let error = try await expectStatus(404) { _ = try await service.files.appGetBlob(name: "missing") }
            try expectEqual(error.typedBody(as: Message.self), Message(detail: "no blob missing"))
        }
        await check("null.required-nullable-is-sent-as-null") {
            let sent = Item(name: "Saw", description: nil, price: 9.75)
            let stored = try await service.items.appReplaceItem(itemId: 2, body: sent)
            try expectEqual(stored.keys, ["description", "name", "price"], "keys")
            // The tax it was not sent comes back as `null`, which reads as `.null`, not `.absent`.
            let echoed = Item(name: "Saw", description: nil, price: 9.75, tax: nil)
            try expectEqual(stored.item, echoed)
            try expectEqual(try await service.items.appReadItem(itemId: 2), echoed)
        }
        await check("null.patch-sends-only-set-fields") {
            let stored = try await service.items.appUpdateItem(itemId: 1, body: ItemPatch(tax: 2.5))
            try expectEqual(stored.keys, ["tax"], "keys")
            try expectEqual(stored.item, Item(name: "Hammer", description: "Heavy", price: 12.5, tax: 2.5))
        }
        await check("null.patch-sends-explicit-null") {
            let stored = try await service.items.appUpdateItem(itemId: 1, body: ItemPatch(description: nil))
            try expectEqual(stored.keys, ["description"], "keys")
            try expectEqual(stored.item, Item(name: "Hammer", description: nil, price: 12.5, tax: 2.5))
            let mixed = try await service.items.appUpdateItem(itemId: 1, body: ItemPatch(name: "Mallet", tax: nil))
            try expectEqual(mixed.keys, ["name", "tax"], "keys")
            try expectEqual(mixed.item, Item(name: "Mallet", description: nil, price: 12.5, tax: nil))
        }
        await check("errors.typed-404-and-undocumented-422") {
            let missing = try await expectStatus(404) { _ = try await service.items.appReadItem(itemId: 404) }
            try expectEqual(missing.typedBody(as: Message.self), Message(detail: "no item 404"))
            // Ninja's validation error is not in the document: the status and the raw body still arrive.
            let invalid = try await expectStatus(422) { _ = try await service.tasks.appCreateTask(body: TaskIn(title: "x")) }
            guard case .httpStatus(let failure) = invalid.kind else { throw CheckFailure(description: "\(invalid.kind)") }
            let body = failure.body
            let detail = try JSONDecoder().decode(JSONValue.self, from: body)["detail"]?[0]?["loc"]
            try expectEqual(detail, JSONValue.array([.string("body"), .string("task"), .string("title")]), "loc")
        }
        await check("discriminator.round-trip") {
            let cat = PetHolder(pet: .cat(Cat(meows: 3)), owner: "ann")
            try expectEqual(try await service.tasks.appCreatePet(body: cat), cat)
            try expectEqual(Cat(meows: 3).kind, "cat")
            let dog = PetHolder(pet: .dog(Dog(barks: 0.5)), owner: "bob")
            try expectEqual(try await service.tasks.appCreatePet(body: dog), dog)
            try expectEqual(try await service.tasks.appListPets(), [cat.pet, dog.pet], "a list of the union")
        }
        await check("defaults.body-defaults") {
            let saved = try await service.tasks.appSaveSettings(body: Settings())
            try expectEqual(saved, Settings(theme: "dark", pageSize: 25, ratio: 0.5, beta: false, labels: ["inbox"]))
        }
        await check("enums.body-enums") {
            let task = TaskIn(title: "write", priority: .value5, color: .red)
            try expectEqual(try await service.tasks.appCreateTask(body: task), task)
            let defaulted = try await service.tasks.appCreateTask(body: TaskIn(title: "rest"))
            try expectEqual(defaulted.priority.rawValue, 1, "integer enum default")
            try expectEqual(defaulted.color, .lightBlue)
        }
    }
}
