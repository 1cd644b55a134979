import Foundation
import SpecwrightRuntime

/// Points 2, 3 and 7 as Litestar documents them: multipart Structs with `UploadFile`, octet-stream
/// bodies and responses spelled `type: string` alone, `oneOf: [T, null]`, msgspec `UNSET` fields,
/// a tagged union without a `discriminator` keyword, defaults on component schemas.
struct BodyChecks {
    let service: LitestarRoundTripClient

    func run() async {
        await check("binary.multipart-file-keeps-filename-and-content-type") {
            let photo = FilePart(data: Data([1, 80, 78, 71]), filename: "photo.png", contentType: "image/png")
            let upload = try await service.files.uploadFile(file: photo, note: "holiday")
            try expectEqual(upload, Received(note: "holiday", files: [ReceivedFile(filename: "photo.png", contentType: "image/png", size: 4, firstBytes: [1, 80, 78, 71])]))
        }
        await check("binary.array-of-files") {
            let disk = FileManager.default.temporaryDirectory.appendingPathComponent("litestar-\(UUID().uuidString).txt")
            try Data("bc".utf8).write(to: disk)
            defer { try? FileManager.default.removeItem(at: disk) }
            let files = [FilePart(data: Data("a".utf8), filename: "a.txt", contentType: "text/plain"), FilePart(fileURL: disk, filename: "b.txt")]
            let upload = try await service.files.uploadFiles(files: files)
            try expectEqual(upload.note, "none", "default form field")
            try expectEqual(upload.files.map(\.filename), ["a.txt", "b.txt"])
            try expectEqual(upload.files.map(\.contentType), ["text/plain", "application/octet-stream"])
            try expectEqual(upload.files.map(\.firstBytes), [[97], [98, 99]], "the file on disk was sent")
        }
        await check("binary.octet-stream-body-and-response") {
            let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
            let stored = try await service.files.putBlob(name: "backup", body: FilePart(data: bytes, filename: "backup.bin"))
            try expectEqual(stored, StoredBlob(name: "backup", contentType: "application/octet-stream", size: bytes.count))
            let fetched = try await service.files.getBlob(name: "backup")
            try expectEqual(fetched, bytes, "the bytes stored")
        }
        await check("null.required-nullable-is-sent-as-null") {
            let sent = Item(name: "Saw", description: nil, unitPrice: 9.75)
            let stored = try await service.items.replaceItem(itemId: 2, body: sent)
            try expectEqual(stored.keys, ["description", "name", "unitPrice"], "keys")
            // The tax it was not sent comes back as `null`, which reads as `.null`, not `.absent`.
            let echoed = Item(name: "Saw", description: nil, unitPrice: 9.75, tax: nil)
            try expectEqual(stored.item, echoed)
            try expectEqual(try await service.items.readItem(itemId: 2), echoed)
        }
        await check("null.patch-sends-only-set-fields") {
            let stored = try await service.items.updateItem(itemId: 1, body: ItemPatch(tax: 2.5))
            try expectEqual(stored.keys, ["tax"], "keys")
            try expectEqual(stored.item, Item(name: "Hammer", description: "Heavy", unitPrice: 12.5, tax: 2.5))
        }
        await check("null.patch-sends-explicit-null") {
            let stored = try await service.items.updateItem(itemId: 1, body: ItemPatch(description: nil))
            try expectEqual(stored.keys, ["description"], "keys")
            try expectEqual(stored.item, Item(name: "Hammer", description: nil, unitPrice: 12.5, tax: 2.5))
            let mixed = try await service.items.updateItem(itemId: 1, body: ItemPatch(name: "Mallet", tax: nil))
            try expectEqual(mixed.keys, ["name", "tax"], "keys")
            try expectEqual(mixed.item, Item(name: "Mallet", description: nil, unitPrice: 12.5, tax: nil))
        }
        await check("errors.typed-404-and-400") {
            _ = try await expectStatus(404) { _ = try await service.items.readItem(itemId: 404) }
            let error = try await expectStatus(400) {
                _ = try await service.tasks.createTask(body: TaskModel(title: "x", priority: .unknown(3)))
            }
            try expectEqual(error.typedBody(as: Error400.self)?.statusCode, 400, "typed error body")
        }
        await check("discriminator.const-tag-round-trip") {
            // The tag is fixed by the variant: `Cat(meows:)` sends "pet_type": "cat".
            let cat = PetHolder(pet: .cat(Cat(meows: 3)), owner: "ann")
            try expectEqual(try await service.pets.createPet(body: cat), cat)
            let dog = PetHolder(pet: .dog(Dog(barks: 0.5)), owner: "bob")
            try expectEqual(try await service.pets.createPet(body: dog), dog)
        }
        await check("defaults.body-defaults") {
            let saved = try await service.search.saveSettings(body: Settings())
            try expectEqual(saved, Settings(theme: "dark", pageSize: 25, ratio: 0.5, beta: false, labels: ["inbox"]))
        }
        await check("enums.body-enums") {
            let task = TaskModel(title: "write", priority: .value5, color: .red)
            try expectEqual(try await service.tasks.createTask(body: task), task)
            let defaulted = try await service.tasks.createTask(body: TaskModel(title: "rest"))
            try expectEqual(defaulted.priority?.rawValue, 1, "integer enum default")
            try expectEqual(defaulted.color, .lightBlue)
        }
    }
}
