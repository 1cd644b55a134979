import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// docs/runtime-data.md's Swift samples are compiled: each one must appear line for line in
/// `RuntimeDataDocSamples.swift`; the screen model of the document runs against the bookstore
/// fixture.
@Suite("docs/runtime-data.md samples", .timeLimit(.minutes(2)))
struct RuntimeDataDocSampleTests {
    @Test func everySampleOfTheDocumentIsCompiledHere() throws {
        let root = ReadmeSampleTests.root
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime-data.md"), encoding: .utf8)
        let samples = try String(
            contentsOf: root.appendingPathComponent("Tests/EndToEndTests/RuntimeDataDocSamples.swift"), encoding: .utf8)
        let compiled = ReadmeSampleTests.trimmed(samples.components(separatedBy: "\n"))
        let blocks = ReadmeSampleTests.swiftBlocks(in: document)
        #expect(blocks.count >= 4)
        for block in blocks.map(ReadmeSampleTests.trimmed) {
            let found = compiled.indices.contains { start in
                start + block.count <= compiled.count && Array(compiled[start..<(start + block.count)]) == block
            }
            #expect(
                found,
                "docs/runtime-data.md sample not in RuntimeDataDocSamples.swift:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func theScreenShowsTheStoredListThenAnOptimisticWriteThenAPullToRefresh() async throws {
        let harness = try BookstoreHarness()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doc-screen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let app = harness.client(cache: HTTPCache())
        let earlier = try await app.books.list()
        let model = await BookListModel(
            client: app, outbox: try Outbox(fileURL: directory.appendingPathComponent("outbox.sqlite")))
        let showing = Task { await model.show() }
        let pending = Task { await model.showPendingWrites() }
        defer {
            showing.cancel()
            pending.cancel()
        }
        try await Self.until { @MainActor in model.state.books == earlier && model.state.error == nil }

        try await model.add(BookDraft(title: "Solaris", genre: .fiction))  // no flusher: it stays pending
        try await Self.until { @MainActor in model.state.adding.map(\.title) == ["Solaris"] }

        await model.refresh()
        #expect(await model.state.error == nil)
        #expect(try await harness.stats().hits("GET /books") >= 2)
    }

    /// Polls `condition` (bounded by the suite's time limit).
    private static func until(_ condition: @MainActor @Sendable () -> Bool) async throws {
        while !(await condition()) { try await Task.sleep(nanoseconds: 2_000_000) }
    }
}
