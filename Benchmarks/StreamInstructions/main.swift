// The runtime's per-event work on a server-sent event stream, for `Scripts/stream-instructions.sh`:
// runs one stage of `specwright-bench sse` (Benchmarks/SpecwrightBench/StreamEventsBenchmark.swift,
// copied next to this file) once over N events — `sync` (parser + JSONDecoder, no async code),
// `stream` (ServerSentEventStream over HTTPBody), `client` (APIClient.events through
// StubTransport.streaming) — in 4 KiB chunks, or one chunk per event with a third argument `event`.
// Usage: <binary> STAGE N [event]. Not a target of the package. The main thread waits on a
// semaphore (valgrind cannot run libdispatch's async main).
import Foundation

func run() async throws {
    let arguments = CommandLine.arguments
    let stages = StreamEventsBenchmark.stages(
        eventCount: Int(arguments[2])!, oneChunkPerEvent: arguments.count > 3 && arguments[3] == "event")
    guard let stage = stages.first(where: { $0.id == arguments[1] }) else {
        fatalError("unknown stage \(arguments[1])")
    }
    print(stage.name, try await stage.body())
}

let done = DispatchSemaphore(value: 0)
Task.detached {
    do { try await run() } catch { print("error", error) }; done.signal()
}
done.wait()
