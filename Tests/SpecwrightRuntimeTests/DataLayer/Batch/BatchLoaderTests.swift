import Foundation
import Testing
@testable import SpecwrightRuntime

/// Records calls made by a fake batch endpoint and how many ran at once.
private actor CallRecorder {
    private(set) var calls: [[Int]] = []
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0
    private(set) var cancelledCalls = 0

    func begin(_ ids: [Int]) {
        calls.append(ids)
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
    }

    func end(cancelled: Bool) {
        inFlight -= 1
        if cancelled { cancelledCalls += 1 }
    }
}

private struct ChunkFailure: Error, Equatable { let firstID: Int }

/// A fake endpoint: returns `id * 10` for each id, after a delay that makes earlier chunks slower,
/// so completion order differs from chunk order.
private func fakeFetch(
    _ recorder: CallRecorder, failingOn failingID: Int? = nil, delay: @escaping @Sendable ([Int]) -> UInt64
) -> @Sendable ([Int]) async throws -> [Int] {
    return { ids in
        await recorder.begin(ids)
        do {
            try await Task.sleep(nanoseconds: delay(ids))
        } catch {
            await recorder.end(cancelled: true)
            throw error
        }
        await recorder.end(cancelled: false)
        if let failingID, ids.contains(failingID) { throw ChunkFailure(firstID: ids[0]) }
        return ids.map { $0 * 10 }
    }
}

@Suite("Batch loader")
struct BatchLoaderTests {
    @Test(.timeLimit(.minutes(1)))
    func twoHundredFiftyIdsInChunksOfHundredMakeThreeCallsAtMostTwoAtOnceInOrder() async throws {
        let recorder = CallRecorder()
        let ids = Array(1...250)
        let fetch = fakeFetch(recorder) { ids in ids[0] == 1 ? 60_000_000 : 10_000_000 }
        let result = try await BatchLoader.load(ids, options: BatchOptions(size: 100, concurrency: 2), fetch: fetch)

        #expect(result == ids.map { $0 * 10 })
        let calls = await recorder.calls
        #expect(calls.count == 3)
        #expect(calls.map(\.count).sorted() == [50, 100, 100])
        #expect(await recorder.maxInFlight == 2)
    }

    @Test func duplicateIdsAreRequestedOnceInFirstOccurrenceOrder() async throws {
        let recorder = CallRecorder()
        let result = try await BatchLoader.load(
            [3, 1, 3, 2, 1], options: BatchOptions(size: 2, concurrency: 1),
            fetch: fakeFetch(recorder) { _ in 0 })
        #expect(result == [30, 10, 20])
        #expect(await recorder.calls == [[3, 1], [2]])
    }

    @Test func idsTheCallerAlreadyHasAreNotRequested() async throws {
        let recorder = CallRecorder()
        let result = try await BatchLoader.load(
            [1, 2, 3, 4], skipping: [2, 4], options: BatchOptions(size: 10, concurrency: 1),
            fetch: fakeFetch(recorder) { _ in 0 })
        #expect(result == [10, 30])
        #expect(await recorder.calls == [[1, 3]])
    }

    @Test func reusingExistingElementsMergesThemInInputOrder() async throws {
        let recorder = CallRecorder()
        let result = try await BatchLoader.load(
            [4, 1, 2, 4, 3], reusing: [2: 999], id: { $0 / 10 },
            options: BatchOptions(size: 2, concurrency: 2), fetch: fakeFetch(recorder) { _ in 0 })
        #expect(result == [40, 10, 999, 30])
        #expect(await recorder.calls.flatMap { $0 }.sorted() == [1, 3, 4])
    }

    @Test func anEmptyIdListMakesNoCall() async throws {
        let recorder = CallRecorder()
        let result = try await BatchLoader.load(
            [Int](), options: BatchOptions(size: 10, concurrency: 2), fetch: fakeFetch(recorder) { _ in 0 })
        #expect(result.isEmpty)
        #expect(await recorder.calls.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func theFirstFailingChunkCancelsTheOthersAndItsErrorIsThrown() async throws {
        let recorder = CallRecorder()
        // Chunk [1,2] fails quickly; chunk [3,4] is slow and must be cancelled; [5,6] never starts.
        let fetch = fakeFetch(recorder, failingOn: 1) { ids in ids[0] == 1 ? 1_000_000 : 20_000_000_000 }
        await #expect(throws: ChunkFailure(firstID: 1)) {
            _ = try await BatchLoader.load(
                Array(1...6), options: BatchOptions(size: 2, concurrency: 2), fetch: fetch)
        }
        #expect(await recorder.calls == [[1, 2], [3, 4]])
        #expect(await recorder.cancelledCalls == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func theOverallTimeoutCancelsRunningCallsAndThrowsTimedOut() async throws {
        let recorder = CallRecorder()
        let fetch = fakeFetch(recorder) { _ in 20_000_000_000 }
        await #expect(throws: BatchLoaderError.timedOut(after: 0.05, completedChunks: 0, totalChunks: 2)) {
            _ = try await BatchLoader.load(
                Array(1...4), options: BatchOptions(size: 2, concurrency: 2, timeout: 0.05), fetch: fetch)
        }
        #expect(await recorder.cancelledCalls == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func loadEachKeepsSuccessfulChunksAndReportsFailedIds() async {
        let recorder = CallRecorder()
        let report = await BatchLoader.loadEach(
            Array(1...5), options: BatchOptions(size: 2, concurrency: 2),
            fetch: fakeFetch(recorder, failingOn: 3) { _ in 1_000_000 })
        #expect(report.chunks.map(\.ids) == [[1, 2], [3, 4], [5]])
        #expect(report.elements == [10, 20, 50])
        #expect(report.failedIDs == [3, 4])
        #expect(report.errors.count == 1)
        #expect(!report.isComplete)
    }

    @Test func outOfRangeOptionsAreClamped() {
        let options = BatchOptions(size: 0, concurrency: -3, timeout: -1)
        #expect(options == BatchOptions(size: 1, concurrency: 1, timeout: nil))
    }

    @Test func planningSplitsIntoConsecutiveChunks() {
        #expect(BatchPlan.chunks(Array(1...5), size: 2) == [[1, 2], [3, 4], [5]])
        #expect(BatchPlan.chunks([Int](), size: 3).isEmpty)
    }
}
