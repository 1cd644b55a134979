import Foundation
import SpecwrightRuntime

/// Points 4, 7 and 8: dates, headers, enums and defaults in queries, paths and headers.
struct ValueChecks {
    let service: RoundTripServiceClient

    /// 2026-01-01T08:30:15.123456Z.
    static let instant = Date(timeIntervalSince1970: 1_767_256_215.123456)

    func run() async {
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
        await check("dates.path-day") {
            let day = try require(CalendarDate(year: 2024, month: 2, day: 29))
            let echoed = try await service.dates.dayOf(day: day)
            try expectEqual(echoed.text, "2024-02-29")
        }
        await check("dates.header-keeps-microseconds") {
            let echoed = try await service.dates.clock(xClientTime: Self.instant)
            try expectEqual(echoed.microsecond, 123_456)
            try expectEqual(echoed.text, "2026-01-01T08:30:15.123456+00:00")
        }
        await check("headers.request-header-parameters") {
            let echoed = try await service.headers.headersHeadersGet(xToken: "abc", xTrace: "t-1")
            try expectEqual(echoed, EchoedHeaders(xToken: "abc", xTrace: "t-1", xRetries: 3))
        }
        await check("headers.typed-response-headers") {
            let health = try await service.headers.stamped()
            try expectEqual(health.status, "stamped")
            let stamped = try await service.headers.stampedResponse()
            try expectEqual(stamped.value.status, "stamped")
            try expectEqual(stamped.typedHeaders, StampedResponseHeaders(xRateLimit: 41, xStamp: "fastapi"))
            try expectEqual(stamped.headers["x-stamp"], "fastapi")
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
            try expectEqual(echoed, SearchEcho(q: "all", limit: 10, offset: 0, exact: false, tags: ["a", "b"], priority: .value5))
        }
        await check("defaults.query-values") {
            let echoed = try await service.search.search(q: "x", limit: 1, offset: 2, exact: true, tags: ["c"], priority: .value1)
            try expectEqual(echoed, SearchEcho(q: "x", limit: 1, offset: 2, exact: true, tags: ["c"], priority: .value1))
        }
    }
}
