import Foundation
import SpecwrightDigest
import SpecwrightRuntime

/// `location="files"` uploads (an `Upload` field and a list of them) next to a `form` field, and the
/// public field-kinds echo: a Decimal as a JSON number (Flask writes a string), a time of day, an
/// integer past 2^53, nested lists, a dictionary of objects, a list of date-times.
struct UploadChecks {
    let service: SmorestRoundTripClient

    static func sha256Hex(_ data: Data) -> String { SHA256.hex(data) }

    func run() async {
        let report = Data("%PDF-1.7 ünïcødé\r\n--boundary-lookalike--\r\n".utf8) + Data([0, 255, 1, 254])
        let photo = Data([137, 80, 78, 71, 13, 10, 26, 10])
        await check("binary.multipart-files-keep-filename-and-content-type") {
            let received = try await service.files.postFiles(
                document: FilePart(data: report, filename: "Q4 report \"final\".pdf", contentType: "application/pdf"),
                extras: [
                    FilePart(data: photo, filename: "a.png", contentType: "image/png"),
                    FilePart(data: Data("x".utf8), filename: "b.txt", contentType: "text/plain")
                ],
                description: "quarterly")
            try expectEqual(
                received.document,
                ReceivedFile(
                    filename: "Q4 report \"final\".pdf", contentType: "application/pdf", size: report.count,
                    sha256: Self.sha256Hex(report)))
            try expectEqual(received.extras?.map(\.filename), ["a.png", "b.txt"])
            try expectEqual(received.extras?.map(\.contentType), ["image/png", "text/plain"])
            try expectEqual(received.extras?.first?.sha256, Self.sha256Hex(photo))
        }
        await check("binary.form-field-next-to-files") {
            // flask-smorest writes the `form` argument as an OpenAPI 2 `in: formData` parameter.
            let received = try await service.files.postFiles(
                document: FilePart(data: photo, filename: "only.png", contentType: "image/png"), description: "ä & b=c")
            try expectEqual(received.description, "ä & b=c")
            try expectEqual(received.extras, [])
        }
        await check("fields.measures-round-trip") {
            let stamps = [Date(timeIntervalSince1970: 1_767_256_215.5), Date(timeIntervalSince1970: -86_400.25)]
            let sent = Measure(
                amount: 1234.5, alarm: "08:30:15.123456", big: 9_007_199_254_740_993, ratio: -0.1,
                grid: [[1, 2], [], [3]], byName: ["a": Tag(name: "x")], stamps: stamps)
            let echoed = try await service.measures.postMeasures(body: sent)
            try expectEqual(echoed.amount, 1234.5, "a Decimal: sent as a number, answered as \"1234.5\"")
            try expectEqual(echoed.alarm, "08:30:15.123456")
            try expectEqual(echoed.big, 9_007_199_254_740_993, "an integer past 2^53")
            try expectEqual(echoed.ratio, -0.1)
            try expectEqual(echoed.grid, [[1, 2], [], [3]])
            try expectEqual(echoed.byName, ["a": Tag(name: "x")])
            try expectEqual(echoed.stamps, stamps)
            try expectEqual(PetChecks.microseconds(echoed.measuredAt), PetChecks.adoptedMicroseconds, "read-only")
        }
    }
}
