import Foundation
import SpecwrightRuntime

/// Points 2, 3 and 7: files (multipart parts and whole bodies), null and PATCH, discriminated unions, enums and defaults in bodies.
struct BodyChecks {
    let service: RoundTripServiceClient

    func run() async {
        await check("binary.multipart-file-keeps-filename-and-content-type") {
            let photo = FilePart(data: Data([1, 80, 78, 71]), filename: "photo.png", contentType: "image/png")
            let upload = try await service.files.uploadFile(file: photo, note: "holiday")
            try expectEqual(upload.note, "holiday")
            try expectEqual(upload.files, [ReceivedFile(field: "file", filename: "photo.png", contentType: "image/png", size: 4, firstBytes: [1, 80, 78, 71])])
            let named = FilePart(data: Data("x".utf8), filename: "Grüße \"2026\".txt")
            let unusual = try await service.files.uploadFile(file: named, note: "names")
            try expectEqual(unusual.files.map(\.filename), ["Grüße %222026%22.txt"], "non-ASCII name, quotes escaped as browsers do")
            try expectEqual(unusual.files.map(\.contentType), ["application/octet-stream"], "default content type")
        }
        await check("binary.array-of-files") {
            let disk = FileManager.default.temporaryDirectory.appendingPathComponent("round-trip-\(UUID().uuidString).txt")
            try Data("bc".utf8).write(to: disk)
            defer { try? FileManager.default.removeItem(at: disk) }
            let files = [FilePart(data: Data("a".utf8), filename: "a.txt", contentType: "text/plain"), FilePart(fileURL: disk, filename: "b.txt")]
            let upload = try await service.files.uploadFiles(files: files)
            try expectEqual(upload.note, "none", "default form field")
            try expectEqual(upload.files.map(\.size), [1, 2])
            try expectEqual(upload.files.map(\.filename), ["a.txt", "b.txt"])
            try expectEqual(upload.files.map(\.contentType), ["text/plain", "application/octet-stream"])
            try expectEqual(upload.files.map(\.firstBytes), [[97], [98, 99]], "the file on disk was sent")
        }
        await check("binary.octet-stream-body-streamed-from-disk") {
            // 300 kB: more than one chunk of the file body, sent from the file as it is read.
            let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let disk = FileManager.default.temporaryDirectory.appendingPathComponent("round-trip-\(UUID().uuidString).bin")
            try bytes.write(to: disk)
            defer { try? FileManager.default.removeItem(at: disk) }
            let received = try await service.files.putBlob(name: "backup", body: FilePart(fileURL: disk))
            try expectEqual(received, ReceivedBody(name: "backup", contentType: "application/octet-stream", size: bytes.count,
                                                   firstBytes: Array(bytes.prefix(4)).map(Int.init), lastBytes: Array(bytes.suffix(4)).map(Int.init)))
        }
        await check("binary.body-takes-the-declared-content-type") {
            let avatar = try await service.files.putAvatar(body: FilePart(data: Data([137, 80, 78, 71]), filename: "me.png"))
            try expectEqual([avatar.contentType, String(avatar.size)], ["image/png", "4"], "declared image/png")
            let webp = try await service.files.putAvatar(body: FilePart(data: Data([82, 73]), filename: "me.webp", contentType: "image/webp"))
            try expectEqual(webp.contentType, "image/webp", "the caller's content type wins")
            try expectEqual(webp.firstBytes, [82, 73])
        }
        await check("null.required-nullable-is-sent-as-null") {
            let sent = Item(name: "Saw", description: nil, price: 9.75)
            let received = try await service.items.replaceItem(itemId: 2, body: sent)
            try expectEqual(received.keys, ["description", "name", "price"], "keys")
            // The tax it was not sent comes back as `null`, which reads as `.null`, not `.absent`.
            let echoed = Item(name: "Saw", description: nil, price: 9.75, tax: nil)
            try expectEqual(received.item, echoed)
            try expectEqual(try await service.items.readItem(itemId: 2), echoed)
        }
        await check("null.patch-sends-only-set-fields") {
            let received = try await service.items.updateItem(itemId: 1, body: ItemPatch(tax: 2.5))
            try expectEqual(received.keys, ["tax"], "keys")
            try expectEqual(received.item, Item(name: "Hammer", description: "Heavy", price: 12.5, tax: 2.5))
        }
        await check("null.patch-sends-explicit-null") {
            let received = try await service.items.updateItem(itemId: 1, body: ItemPatch(description: nil))
            try expectEqual(received.keys, ["description"], "keys")
            try expectEqual(received.item.description, nil)
            try expectEqual(received.item.tax, 2.5, "a field left out keeps its value")
            let renamed: String? = "Mallet"
            let mixed = try await service.items.updateItem(itemId: 1, body: ItemPatch(name: Nullable(renamed), tax: nil))
            try expectEqual(mixed.keys, ["name", "tax"], "keys")
            try expectEqual(mixed.item, Item(name: "Mallet", description: nil, price: 12.5, tax: nil))
        }
        await check("errors.typed-404-and-422") {
            _ = try await expectStatus(404) { _ = try await service.items.readItem(itemId: 404) }
            let error = try await expectStatus(422) {
                _ = try await service.tasks.createTask(body: TaskModel(title: "x", priority: .unknown(3)))
            }
            let detail = error.typedBody(as: HTTPValidationError.self)?.detail ?? []
            try expectEqual(detail.isEmpty, false, "validation detail decoded")
        }
        await check("discriminator.round-trip") {
            // The discriminator is fixed by the variant: `Cat(meows:)` sends "pet_type": "cat".
            let cat = PetHolder(pet: .cat(Cat(meows: 3)), owner: "ann")
            try expectEqual(try await service.pets.createPet(body: cat), cat)
            try expectEqual(Cat(meows: 3).petType, "cat")
            let dog = PetHolder(pet: .dog(Dog(barks: 0.5)), owner: "bob")
            try expectEqual(try await service.pets.createPet(body: dog), dog)
        }
        await check("defaults.body-defaults") {
            let saved = try await service.search.saveSettings(body: Settings())
            try expectEqual(saved, Settings())
            try expectEqual(saved.priority.rawValue, 5, "integer enum default")
        }
        await check("defaults.required-defaults-fill-the-initializer") {
            // pydantic lists a response model's defaults as required (a response always holds them):
            // the initializer still takes them, and they are the server's.
            let created = try await service.reminders.createReminder(body: ReminderInput(title: "call"))
            try expectEqual(created, ReminderOutput(title: "call"))
            try expectEqual([created.offsets, [created.repeats.rawValue]], [[10, 60], [5]])
            let chosen = ReminderOutput(title: "ring", channel: .lightBlue, repeats: .value1, offsets: [])
            let sent = ReminderInput(title: "ring", channel: .lightBlue, repeats: .value1, offsets: [])
            try expectEqual(try await service.reminders.createReminder(body: sent), chosen)
        }
        await check("defaults.patch-form-and-multipart-send-only-set-fields") {
            // A PATCH's defaults are the server's: a field the caller does not set is not sent.
            let form = try await service.search.patchSettingsForm(pageSize: 40)
            try expectEqual(form, FieldsReceived(received: ["page_size"], theme: "dark", pageSize: 40))
            let upload = try await service.search.patchSettingsUpload(theme: "light")
            try expectEqual(upload, FieldsReceived(received: ["theme"], theme: "light", pageSize: 25))
        }
        await check("enums.body-enums") {
            // The schema `Task` is generated as `TaskModel`: a type named `Task` would take Swift's
            // `Task { … }` from every file of the module.
            let task = TaskModel(title: "write", priority: .value5, color: .lightBlue)
            try expectEqual(try await service.tasks.createTask(body: task), task)
            let defaulted = try await service.tasks.createTask(body: TaskModel(title: "rest"))
            try expectEqual(defaulted.priority.rawValue, 1, "integer enum default")
            try expectEqual(defaulted.color, .lightBlue)
        }
    }
}
