import Foundation
import SpecwrightRuntime

/// DRF serializer fields beyond the model's, as drf-spectacular writes them: a `MultipleChoiceField`
/// (an array of an enum), `DurationField` (a string in DRF's own format), `IPAddressField`,
/// `EmailField`, `TimeField`, a float, an integer past 2^53, a nested serializer with `many=True`,
/// a default, a read-only date-time. The route is `AllowAny` with DRF's authentication classes.
struct SampleChecks {
    let service: DRFRoundTripClient

    func run() async {
        await check("fields.serializer-kinds-round-trip") {
            let sent = Sample(
                labels: [.green, .red], duration: "P1DT2H3M4.5S", address: "2001:db8::1", email: "zoe+tag@example.com",
                alarm: "07:45:30.250000", ratio: 0.1, big: 9_007_199_254_740_993,
                lines: [Line(sku: "box-1", quantity: 2), Line(sku: "lid_2", quantity: 1)],
                echoedAt: Date(timeIntervalSince1970: 0))
            let echoed = try await service.samples.samplesCreate(body: sent)
            try expectEqual(echoed.labels, [.green, .red], "labels")
            try expectEqual(echoed.duration, "1 02:03:04.500000", "DRF's duration format")
            try expectEqual(echoed.address, "2001:db8::1")
            try expectEqual(echoed.email, "zoe+tag@example.com")
            try expectEqual(echoed.alarm, "07:45:30.250000")
            try expectEqual(echoed.ratio, 0.1)
            try expectEqual(echoed.big, 9_007_199_254_740_993, "an integer past 2^53 exactly")
            try expectEqual(echoed.lines, sent.lines)
            try expectEqual(echoed.note, "none", "the default, sent by the initializer")
            try expectEqual(echoed.echoedAt, Date(timeIntervalSince1970: 1_767_256_215.123456), "read-only, the server's")
        }
    }
}
