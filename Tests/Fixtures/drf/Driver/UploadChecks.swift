import Foundation
import SpecwrightRuntime

/// Point 2 as DRF takes files: a `MultiPartParser` view whose serializer has a file and a text field.
struct UploadChecks {
    let service: DRFRoundTripClient

    func run() async {
        await check("binary.multipart-file-keeps-filename-and-content-type") {
            let photo = FilePart(data: Data([137, 80, 78, 71, 13]), filename: "photo 1.png", contentType: "image/png")
            let received = try await service.attachments.attachmentsCreate(file: photo, description: "holiday ü")
            let expected = Received(description: "holiday ü", filename: "photo 1.png", contentType: "image/png", size: 5, firstBytes: [137, 80, 78, 71])
            try expectEqual(received, expected)
        }
        await check("errors.400-empty-file") {
            let error = try await expectStatus(400) {
                _ = try await service.attachments.attachmentsCreate(file: FilePart(data: Data(), filename: "empty.txt"), description: "x")
            }
            try expectEqual(try errorBody(error)["file"], .array([.string("The submitted file is empty.")]))
        }
    }
}
