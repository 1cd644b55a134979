import Foundation
import SpecwrightRuntime

/// Points 4, 7 and 8 as Litestar documents them: dates, headers, enums, defaults, text responses and
/// the operation names Litestar writes.
struct ValueChecks {
    let service: LitestarRoundTripClient

    /// 2026-01-01T08:30:15.123456Z.
    static let instant = Date(timeIntervalSince1970: 1_767_256_215.123456)

    func run() async {
        await check("names.litestar-operation-ids") {
            // `ItemsItemIdReadItem` is `readItem`, `HealthHealth` is `health`: compiling this is the check.
            let api: any ItemsAPI = service.items
            _ = try await api.readItem(itemId: 1)
        }
        await check("text.plain-response") {
            // A text/plain response with a string schema is a `String`, read with its charset.
            let text: String = try await service.public.greeting(name: "Zoë")
            try expectEqual(text, "Grüße, Zoë!")
        }
        await check("dates.body-keeps-microseconds") {
            let day = try require(CalendarDate(year: 2026, month: 2, day: 28))
            let event = Event(title: "launch", at: Self.instant, day: day)
            let echoed = try await service.dates.createEvent(body: event)
            try expectEqual(echoed.atText, "2026-01-01T08:30:15.123456+00:00")
            try expectEqual(echoed.dayText, "2026-02-28")
            try expectEqual(echoed.event, event)
        }
        await check("dates.query-keeps-microseconds") {
            let echoed = try await service.dates.eventAt(when: Self.instant)
            try expectEqual(echoed.microsecond, 123_456)
            try expectEqual(echoed.at, Self.instant)
        }
        await check("dates.header-keeps-microseconds") {
            let echoed = try await service.dates.clock(xClientTime: Self.instant)
            try expectEqual(echoed.microsecond, 123_456)
            try expectEqual(echoed.text, "2026-01-01T08:30:15.123456+00:00")
        }
        await check("dates.server-offsets-decoded") {
            let moments = try await service.dates.moments()
            try expectEqual([moments.utc, moments.india, moments.pacific], [Self.instant, Self.instant, Self.instant])
            try expectEqual(moments.wholeSecond, Date(timeIntervalSince1970: 1_767_256_215))
        }
        await check("headers.typed-response-headers") {
            let stamped = try await service.headers.stampedResponse(xTrace: "t-1")
            try expectEqual(stamped.value.status, "stamped t-1")
            try expectEqual(stamped.typedHeaders.xRateLimit, "41", "X-Rate-Limit")
            try expectEqual(stamped.typedHeaders.xStamp, "litestar", "X-Stamp")
        }
        await check("enums.query-enum-and-readable-names") {
            let listed = try await service.items.listItems(order: .minusName, color: .lightBlue)
            try expectEqual(listed.order.rawValue, "-name")
            try expectEqual(listed.color, .lightBlue)
            try expectEqual(listed.names, listed.names.sorted(by: >))
            try expectEqual(try await service.items.listItems().order, .name, "default order")
        }
        await check("defaults.query-defaults") {
            let echoed = try await service.search.search()
            try expectEqual(echoed, SearchEcho(q: "all", limit: 10, exact: false, tags: ["a", "b"], priority: .value5))
        }
        await check("defaults.query-values") {
            let echoed = try await service.search.search(q: "x", limit: 1, exact: true, tags: ["c", "d e"], priority: .value1)
            try expectEqual(echoed, SearchEcho(q: "x", limit: 1, exact: true, tags: ["c", "d e"], priority: .value1))
        }
    }
}
