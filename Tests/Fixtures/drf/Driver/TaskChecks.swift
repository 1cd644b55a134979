import Foundation
import SpecwrightRuntime

/// DRF's `ModelViewSet` through the generated client: read-only `id`, `created` and `done`, a choice
/// field with blank and null allowed (`oneOf [StatusEnum, BlankEnum, NullEnum]`), a nullable `format: uri`
/// (`oneOf` with a blank string), a `DecimalField` (`type: string, format: decimal`), a UUID, date-times
/// with microseconds, a `JSONField`, `PatchedTask` for PATCH, page-number pagination with search and
/// ordering filters, an `@action` without a body.
struct TaskChecks {
    let service: DRFRoundTripClient
    let baseURL: URL

    /// 2026-01-01T08:30:15.123456Z, in microseconds since 1970.
    static let dueMicroseconds: Int64 = 1_767_256_215_123_456
    static let reference = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let homepage = URL(string: "https://example.com/docs/a%20b?lang=de&q=%C3%BC")!

    func run() async {
        var first: Int?
        await check("model.create-ignores-read-only-fields") {
            let created = try await service.tasks.tasksCreate(body: Self.draft("Write the report"))
            let id = try require(created.id, "id")
            try expectEqual(id == 0, false, "the server's id, not the one sent")
            try expectEqual(created.done, false, "read-only done")
            try expectEqual(created.created == Date(timeIntervalSince1970: 0), false, "the server's created")
            first = id
        }
        guard let first else { return }
        await check("model.fields-round-trip") {
            let task = try await service.tasks.tasksRetrieve(id: first)
            try expectEqual(task.title, "Write the report")
            try expectEqual(task.status, .statusEnum(.inProgress))
            try expectEqual(task.priority, .value5)
            try expectEqual(task.homepage, .url(Self.homepage))
            try expectEqual(task.reference, Self.reference)
            try expectEqual(task.day, CalendarDate(year: 2024, month: 2, day: 29))
        }
        await check("dates.microseconds-round-trip") {
            let due = try require(try await service.tasks.tasksRetrieve(id: first).due, "due")
            try expectEqual(Int64((due.timeIntervalSince1970 * 1_000_000).rounded()), Self.dueMicroseconds)
        }
        await check("decimal.exact-strings") {
            try expectEqual(try await service.tasks.tasksRetrieve(id: first).budget, "1234.50")
            let patched = try await service.tasks.tasksPartialUpdate(id: first, body: PatchedTask(budget: "7.5"))
            try expectEqual(patched.budget, "7.50", "DRF writes the field's decimal places")
        }
        await check("null.patch-sends-only-set-fields") {
            let patched = try await service.tasks.tasksPartialUpdate(id: first, body: PatchedTask(title: "Renamed"))
            try expectEqual(patched.title, "Renamed")
            try expectEqual(patched.status, .statusEnum(.inProgress), "status kept")
            try expectEqual(patched.homepage, .url(Self.homepage), "homepage kept")
            try expectEqual(patched.day, CalendarDate(year: 2024, month: 2, day: 29), "day kept")
        }
        await check("null.patch-sends-explicit-null") {
            let patched = try await service.tasks.tasksPartialUpdate(id: first, body: PatchedTask(due: nil))
            try expectEqual(patched.due, nil, "due cleared")
            try expectEqual(patched.day, CalendarDate(year: 2024, month: 2, day: 29), "day kept")
        }
        await check("null.choice-blank-and-null") {
            let blank = try await service.tasks.tasksPartialUpdate(id: first, body: PatchedTask(status: .value(.blankEnum(.empty))))
            try expectEqual(blank.status, .blankEnum(.empty), "blank choice")
            let null = try await service.tasks.tasksPartialUpdate(id: first, body: PatchedTask(status: nil))
            try expectEqual(null.status, nil, "null choice")
        }
        await check("null.nullable-uri-and-blank") {
            let blank = try await service.tasks.tasksPartialUpdate(id: first, body: PatchedTask(homepage: .value(.string(""))))
            try expectEqual(blank.homepage, .string(""), "blank URL")
            let null = try await service.tasks.tasksPartialUpdate(id: first, body: PatchedTask(homepage: nil))
            try expectEqual(null.homepage, nil, "null URL")
        }
        await check("model.free-form-json") {
            // A `JSONField` is `{}` in the document: any JSON value, here an object with every kind.
            try expectEqual(try await service.tasks.tasksRetrieve(id: first).details, .object([:]), "the model's default")
            let details = JSONValue.object([
                "tags": .array([.string("ü/\"x\""), .int(-3), .double(1.5), .null, .bool(true)]),
                "nested": .object(["empty": .array([]), "text": .string("")])
            ])
            let patched = try await service.tasks.tasksPartialUpdate(id: first, body: PatchedTask(details: details))
            try expectEqual(patched.details, details)
        }
        await check("model.fetched-value-is-sent-back-with-put") {
            let fetched = try await service.tasks.tasksRetrieve(id: first)
            let replaced = try await service.tasks.tasksUpdate(id: first, body: fetched)
            try expectEqual(replaced, fetched)
        }
        await check("model.action-without-body") {
            try expectEqual(try await service.tasks.tasksCompleteCreate(id: first).done, true)
        }
        await listChecks(first: first)
        await check("errors.400-field-messages") {
            let error = try await expectStatus(400) { _ = try await service.tasks.tasksCreate(body: Self.draft("")) }
            try expectEqual(try errorBody(error)["title"], .array([.string("This field may not be blank.")]))
        }
        await check("model.destroy-and-404") {
            try await service.tasks.tasksDestroy(id: first)
            let error = try await expectStatus(404) { _ = try await service.tasks.tasksRetrieve(id: first) }
            try expectEqual(try errorBody(error)["detail"], .string("No Task matches the given query."))
        }
    }

    /// Page-number pagination (`{count, next, previous, results}`, two a page) and a query enum.
    func listChecks(first: Int) async {
        await check("pagination.page-number") {
            _ = try await service.tasks.tasksCreate(body: Self.draft("Second", status: .statusEnum(.done)))
            _ = try await service.tasks.tasksCreate(body: Self.draft("Third", status: nil))
            let page1 = try await service.tasks.tasksList(page: nil, status: nil)
            try expectEqual(page1.count, 3, "count")
            try expectEqual(page1.results.map(\.title), ["Renamed", "Second"])
            try expectEqual(page1.next, URL(string: "api/tasks/?page=2", relativeTo: baseURL)?.absoluteURL, "next")
            try expectEqual(page1.previous, nil, "previous")
            let page2 = try await service.tasks.tasksList(page: 2, status: nil)
            try expectEqual(page2.results.map(\.title), ["Third"])
            try expectEqual(page2.next, nil, "next")
            try expectEqual(page2.previous, URL(string: "api/tasks/", relativeTo: baseURL)?.absoluteURL, "previous")
        }
        await check("query.search-and-ordering") {
            // DRF's SearchFilter and OrderingFilter: `search` and `ordering` query parameters.
            let ordered = try await service.tasks.tasksList(ordering: "-title", page: nil, search: "d", status: nil)
            try expectEqual(ordered.results.map(\.title), ["Third", "Second"])
            try expectEqual(ordered.count, 3, "count")
            let found = try await service.tasks.tasksList(ordering: nil, page: nil, search: "IR", status: nil)
            try expectEqual(found.results.map(\.title), ["Third"])
        }
        await check("enums.query-filter") {
            let done = try await service.tasks.tasksList(page: nil, status: .done)
            try expectEqual(done.results.map(\.title), ["Second"])
            let inProgress = try await service.tasks.tasksList(page: nil, status: .inProgress)
            try expectEqual(inProgress.count, 0, "the first task's status was cleared")
        }
    }

    static func draft(_ title: String, status: PatchedTaskStatus? = .statusEnum(.inProgress)) -> TaskModel {
        TaskModel(
            id: 0, title: title, status: Nullable(status), priority: .value5, homepage: .value(.url(homepage)),
            budget: "1234.50", reference: reference,
            due: .value(Date(timeIntervalSince1970: Double(dueMicroseconds) / 1_000_000)),
            day: .value(CalendarDate(year: 2024, month: 2, day: 29)!), created: Date(timeIntervalSince1970: 0),
            done: true)
    }
}
