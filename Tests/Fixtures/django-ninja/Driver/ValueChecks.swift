import Foundation
import SpecwrightRuntime

/// Points 4, 7 and 8 as Django Ninja documents them: dates (Django's encoder writes milliseconds and
/// `Z`), declared response headers, enums and defaults in queries (a Query schema spread as parameters),
/// a query array, Ninja's pagination, Django's trailing slash, a text response.
struct ValueChecks {
    let service: DjangoNinjaRoundTripClient

    /// 2026-01-01T08:30:15.123456Z.
    static let instant = Date(timeIntervalSince1970: 1_767_256_215.123456)
    /// The same instant to the millisecond, as Django's JSON encoder writes it.
    static let milliseconds = Date(timeIntervalSince1970: 1_767_256_215.123)

    func run() async {
        await check("names.ninja-operation-ids") {
            // `app_read_item` (`<module>_<function>`): compiling this is the check.
            let api: any ItemsAPI = service.items
            _ = try await api.appReadItem(itemId: 1)
        }
        await check("text.plain-response") {
            try expectEqual(text(try await service.public.appGreeting(name: "Zoë")), "Grüße, Zoë!")
        }
        await check("dates.body-keeps-microseconds") {
            let day = try require(CalendarDate(year: 2026, month: 2, day: 28))
            let echoed = try await service.dates.appCreateEvent(body: Event(title: "launch", at: Self.instant, day: day))
            try expectEqual(echoed, EchoedEvent(title: "launch", atText: "2026-01-01T08:30:15.123456+00:00", microsecond: 123_456, dayText: "2026-02-28"))
        }
        await check("dates.query-keeps-microseconds") {
            let echoed = try await service.dates.appEventAt(when: Self.instant)
            try expectEqual(echoed, EchoedInstant(text: "2026-01-01T08:30:15.123456+00:00", microsecond: 123_456))
        }
        await check("dates.path-day") {
            let day = try require(CalendarDate(year: 2024, month: 2, day: 29))
            try expectEqual(try await service.dates.appDay(day: day).text, "2024-02-29")
        }
        await check("dates.header-keeps-microseconds") {
            let echoed = try await service.dates.appClock(xClientTime: Self.instant)
            try expectEqual(echoed, EchoedInstant(text: "2026-01-01T08:30:15.123456+00:00", microsecond: 123_456))
        }
        await check("dates.server-milliseconds-and-offsets-decoded") {
            let moments = try await service.dates.appMoments()
            try expectEqual([moments.utc, moments.india, moments.pacific], [Self.milliseconds, Self.milliseconds, Self.milliseconds])
            try expectEqual(moments.wholeSecond, Date(timeIntervalSince1970: 1_767_256_215))
        }
        await check("headers.typed-response-headers") {
            let stamped = try await service.headers.appStampedResponse(xTrace: "t-1")
            try expectEqual(stamped.value.status, "stamped t-1")
            try expectEqual(stamped.typedHeaders, AppStampedResponseHeaders(xRateLimit: 41, xStamp: "ninja"))
            try expectEqual(try await service.headers.appStamped().status, "stamped -", "optional header left out")
        }
        await check("enums.query-schema-enum-and-readable-names") {
            let listed = try await service.items.appListItems(order: .minusName, color: .lightBlue)
            try expectEqual(listed.order, .minusName)
            try expectEqual(listed.color, .lightBlue)
            try expectEqual(listed.names, listed.names.sorted(by: >))
            let plain = try await service.items.appListItems()
            try expectEqual([plain.order.rawValue, plain.color?.rawValue], ["name", nil], "default order, no color")
        }
        await check("defaults.query-defaults") {
            let echoed = try await service.tasks.appSearch()
            try expectEqual(echoed, SearchEcho(q: "all", limit: 10, exact: false, tags: ["a", "b"], priority: .value5))
        }
        await check("defaults.query-values-and-arrays") {
            let echoed = try await service.tasks.appSearch(q: "x&y", limit: 1, exact: true, tags: ["c", "d e", "ü/&"], priority: .value1)
            try expectEqual(echoed, SearchEcho(q: "x&y", limit: 1, exact: true, tags: ["c", "d e", "ü/&"], priority: .value1))
        }
        await check("pagination.limit-offset-and-trailing-slash") {
            let page = try await service.tasks.appCatalog(limit: 2, offset: 3)
            try expectEqual(page, PagedEntry(items: [Entry(id: 4, name: "entry 4"), Entry(id: 5, name: "entry 5")], count: 7))
            try expectEqual(try await service.tasks.appCatalog().items.count, 7, "default limit")
        }
    }

    func text(_ value: Data) -> String { String(decoding: value, as: UTF8.self) }
    func text(_ value: String) -> String { value }
}
